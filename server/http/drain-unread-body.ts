/**
 * A response sent before its request body was read (a redirect from an action that ignores the
 * form, a 404, a 405, an error page) leaves that body on the keep-alive connection. React
 * Router's request wrapper pauses the stream it never reads, so Node cannot skip the rest itself
 * and the next request on the socket would wait forever. Once the response is out, read and drop
 * what is left, up to a limit in bytes and time; past it, close the connection.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Most unread body we read and drop to keep a connection; a photo (10 MB by default) fits. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
const DRAIN_LIMIT_MS = 10_000;

export function drainUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    let drained = 0;
    const close = () => req.socket.destroy();
    const timer = setTimeout(close, DRAIN_LIMIT_MS);
    req.once("close", () => clearTimeout(timer));
    // Detach whoever stopped reading (the data listeners of a paused wrapper) and read on.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT_BYTES) close();
    });
    req.resume();
  });
}
