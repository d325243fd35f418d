/**
 * Requests no handler can answer, refused before one tries. React Router's Express adapter and
 * better-auth's Node handler each turn the request into a WHATWG `Request`, which throws on a
 * method it forbids or an address that is not a URL; the error went on to Express's error handler
 * as a 500.
 */
import type { Request, RequestHandler } from "express";
import { requestOrigin } from "./same-site";

/**
 * Methods `new Request` refuses that Node lets through: of the other two, Node's parser answers
 * TRACK with a 400 itself, and closes a CONNECT's connection (no "connect" listener).
 */
const FORBIDDEN_METHODS = new Set(["TRACE"]);

/** What the site's addresses accept (the public API says its own). */
const ALLOWED = "GET, HEAD, POST";

export const refuseUnanswerableRequests: RequestHandler = (req, res, next) => {
  if (FORBIDDEN_METHODS.has(req.method)) {
    res.setHeader("Allow", ALLOWED);
    return void res.status(405).type("text/plain").send("This address does not accept that kind of request. Please open it in a browser.");
  }
  // Express ignores X-Forwarded-Host from a client that is not a trusted proxy (TRUST_PROXY), but
  // React Router's adapter still takes its port ("x:99999" made an address that is not a URL):
  // nobody below may read it.
  if (req.headers["x-forwarded-host"] !== undefined && !fromTrustedProxy(req)) delete req.headers["x-forwarded-host"];
  // No Host (HTTP/1.0), an empty one, or one that names no origin ("[", "a b", a port over
  // 65535): RFC 9112 asks for a 400.
  if (!requestOrigin(req)) {
    return void res
      .status(400)
      .type("text/plain")
      .send("This request does not name the site it is for (its Host header is missing or not valid).");
  }
  next();
};

/** Whether the connection's peer is a proxy whose X-Forwarded-* headers count, as Express decides for req.host. */
function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  return trust(req.socket.remoteAddress, 0);
}
