/**
 * What a stopping server waits for before it closes the database (issue 27, "an operator stops
 * Mandi cleanly"; decision 038). Load shedding's limiter counts pages only, and only until their
 * client has gone (a place is for sending a page to someone); `server.close()` waits for
 * connections. Neither is "the request's work has ended": a client that hangs up leaves its
 * request running (React Router even lets go of the loaders and actions it started, racing them
 * against the request's abort signal), and its queries would then meet a closed database.
 *
 * So every request is counted from the moment the server's own request listener takes it until
 * its response has been sent or its connection closed, and beside it the work handlers started
 * that may outlive the response (`hold`): React Router's handler, each loader and action it
 * calls (app/entry.server.tsx's `instrumentations`), better-auth's handler. `idle()` resolves when
 * both are none. While stopping, `take` refuses requests (the listener answers 503 with
 * Retry-After and closes the connection) and `mayStart` tells a handler whose client has already
 * gone not to start at all.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export interface WorkInHandCounts {
  /** Requests taken whose response has not been sent, nor their connection closed. */
  requests: number;
  /** Handlers, loaders and actions still running, whatever became of their response. */
  handlers: number;
}

export function createWorkInHand() {
  // The responses of the requests in hand, so that stopping can close their connections after them.
  const responses = new Set<ServerResponse>();
  let requests = 0;
  let handlers = 0;
  let stopping = false;
  let waiters: Array<() => void> = [];
  const settled = () => {
    if (requests + handlers > 0 || !waiters.length) return;
    const waiting = waiters;
    waiters = [];
    for (const resolve of waiting) resolve();
  };
  const releaseRequest = (res: ServerResponse) => {
    responses.delete(res);
    requests--;
    settled();
  };
  return {
    /**
     * The server's listener takes a request: false while stopping (nothing new starts). It is
     * counted until its response's 'close' (Node emits it after the response was sent, and when the
     * connection closes first), and one turn of the loop more, so that a handler the rest of that
     * turn calls has taken its own hold by then.
     */
    take(_req: IncomingMessage, res: ServerResponse): boolean {
      if (stopping) return false;
      requests++;
      responses.add(res);
      res.once("close", () => setImmediate(releaseRequest, res));
      return true;
    },

    /** Counts `work` (a handler's promise) until it settles, whether or not anyone still waits for its answer. */
    hold<T>(work: Promise<T>): Promise<T> {
      handlers++;
      const release = () => {
        handlers--;
        settled();
      };
      work.then(release, release);
      return work;
    },

    /** Whether a handler may start: not when the server is stopping and nobody is left to answer. */
    mayStart(res: ServerResponse): boolean {
      return !(stopping && (res.destroyed || res.writableEnded));
    },

    /**
     * No new request is taken from now on, and the connections of those in hand are closed once
     * their response has been sent (`Connection: close`): a client that keeps its connection
     * open, or one that gave up on its request and kept the connection, does not hold the
     * server's closing up.
     */
    stop(): void {
      stopping = true;
      for (const res of responses) if (!res.headersSent) res.shouldKeepAlive = false;
    },

    get stopping(): boolean {
      return stopping;
    },

    counts(): WorkInHandCounts {
      return { requests, handlers };
    },

    /** Resolves once no request and no handler is running. */
    idle(): Promise<void> {
      if (requests + handlers === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

export type WorkInHand = ReturnType<typeof createWorkInHand>;
