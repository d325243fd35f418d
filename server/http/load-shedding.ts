/**
 * Load shedding (issue 15, made fast in issue 27 / decision 038). At most `max` pages are
 * rendered at once; a short line waits for a place, first come, first served. A page request
 * that would not be served soon is answered 503 with Retry-After *at once*, never after a wait:
 * a "busy, try again" that takes seconds is no better than the page.
 *
 * A request is turned away without waiting when
 * - the line is full (`queueLength` waiting), or longer than recent renders could clear within
 *   `queueWaitMs` (its place would end in the same 503, later), or
 * - the line has been standing: for a whole interval (100 ms) every request that reached its
 *   head had waited more than `queueTargetMs` (CoDel's rule, RFC 8289). A burst that clears
 *   within the interval is let in; a line that does not clear means the server has more than
 *   it can do, and adding to the line only makes everyone in it late.
 * `queueWaitMs` bounds the wait of the few that were let in anyway (a render that hangs).
 *
 * The decision is O(1) and made at the front: in the http.Server's own request listener
 * (`shedBeforeExpress`, as `npm start` runs the app) or, for the app alone, its first middleware
 * (`shedAtFront`), so a page shed while the server is saturated costs no Express set-up, security
 * headers, compression, request log, static-file lookup or database read, and a page let in holds
 * its place from there on. The pages let in take turns of the event loop one at a time (loaders,
 * then render, each on a turn of its own), so a 503 never waits for more than one of them.
 * `admitPage`, just before React Router, does the same for the pages that went first to the page
 * cache and were not found there. Only reads (GET, HEAD) are shed: a sell form's POST carries a seller's work
 * and always gets its turn (its waits are bounded by the database timeouts). /healthz, /readyz,
 * the API, photos, uploads and static files are not pages and never wait here: a busy instance
 * stays healthy to its load balancer. Share cards are not pages either; they have a line of
 * their own with the same rules (`shedReads`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import onFinished from "on-finished";
import { BACKGROUND_SAVE_HEADER } from "../../core/offline/offline-copy";
import { pageQueueWait, requestsShed } from "../metrics/metrics";
import { sendUnavailable, sendUnavailableNow } from "./unavailable";

export interface PageLimit {
  /** Pages rendered at once (0: no limit, no shedding). */
  max: number;
  /** Pages that may wait for a place. */
  queueLength: number;
  /** A line whose every request waits longer than this for 100 ms is standing: arrivals are shed. */
  queueTargetMs: number;
  /** Longest a page that was let into the line waits before it is answered 503. */
  queueWaitMs: number;
}

/** CoDel's interval: how long the line must stay above target before arrivals are shed. */
const INTERVAL_MS = 100;

export type ShedReason = "queue_full" | "standing_queue" | "waited_too_long" | "background";

/** Called when a page may start, with what to call once it has finished (or its client gone). */
type Admit = (done: () => void) => void;

interface Waiter {
  queuedAt: number;
  admit: Admit;
}

/** Most turns of the event loop given to accepting connections before the next page's turn. */
export const MAX_ACCEPT_TURNS = 64;

/** Weight of the newest render in the running average of render times. */
const RENDER_TIME_WEIGHT = 0.2;

export function createPageLimiter(limit: PageLimit, now: () => number = () => performance.now()) {
  let active = 0;
  // A Set keeps insertion order: the first value is the longest waiting.
  const waiting = new Set<Waiter>();
  // CoDel's state: when the line first stayed above target, and whether arrivals are being shed.
  let aboveSince: number | null = null;
  let standing = false;
  // How long a place is held, start to finish, lately: how fast the line moves.
  let renderMs = 0;

  const observe = (waitedMs: number, at: number) => {
    if (waitedMs <= limit.queueTargetMs) {
      aboveSince = null;
      standing = false;
    } else if (aboveSince === null) aboveSince = at;
    else if (at - aboveSince >= INTERVAL_MS) standing = true;
  };

  const oldest = () => {
    const first = waiting.values().next();
    return first.done ? undefined : first.value;
  };

  const release = () => {
    const head = oldest();
    if (!head) return void active--;
    waiting.delete(head);
    const at = now();
    const waited = at - head.queuedAt;
    observe(waited, at);
    pageQueueWait.observe(waited / 1000);
    start(head.admit);
  };

  // What may run next, one per turn of the event loop (see `enter` and `nextTurn`): pages
  // waiting to render go first (a page started is finished before another starts, so the pages
  // served are not made late by one another), then pages waiting to start (their loaders).
  const renders: Array<() => void> = [];
  const starts: Array<() => void> = [];
  let turnAsked = false;
  // Connections the server has accepted (`noteConnection`), and how many the last turn had seen.
  let connections = 0;
  let connectionsSeen = 0;
  let acceptTurns = 0;
  const runTurn = () => {
    // Node (libuv 1.46) accepts one new connection per turn of the loop. While they keep coming
    // (200 clients opening theirs at once), a turn with a page in it would let one in per page:
    // the 200th would wait 200 pages in the kernel's queue, unseen, and its request with it.
    // Turns without a page cost microseconds: up to MAX_ACCEPT_TURNS of them before the next.
    if (connections !== connectionsSeen && acceptTurns < MAX_ACCEPT_TURNS) {
      connectionsSeen = connections;
      acceptTurns++;
      return void setImmediate(runTurn);
    }
    connectionsSeen = connections;
    acceptTurns = 0;
    const task = (renders.shift() ?? starts.shift())!;
    // The next one on a later turn, after the loop has read (and shed) what came in meanwhile.
    turnAsked = renders.length + starts.length > 0;
    if (turnAsked) setImmediate(runTurn);
    task();
  };
  const onItsOwnTurn = (line: Array<() => void>, task: () => void) => {
    line.push(task);
    if (turnAsked) return;
    turnAsked = true;
    setImmediate(runTurn);
  };
  const start = (admit: Admit) =>
    onItsOwnTurn(starts, () => {
      const startedAt = now();
      let finished = false;
      admit(() => {
        if (finished) return;
        finished = true;
        const took = now() - startedAt;
        renderMs = renderMs ? renderMs + RENDER_TIME_WEIGHT * (took - renderMs) : took;
        release();
      });
    });

  return {
    /**
     * Whether a page arriving now would be turned away, and why; O(1), changes nothing but CoDel's
     * clock. A `background` page (a phone saving a page for offline reading, that nobody waits
     * for: decision 042) never waits in line and never takes the last free place, which is kept
     * for a person; it takes a place only when the server is idle or has two or more free.
     */
    mustShed(background = false): ShedReason | null {
      if (background && limit.max && active > 0 && active >= limit.max - 1) return "background";
      if (!limit.max || active < limit.max) return null;
      if (waiting.size >= limit.queueLength) return "queue_full";
      // A place in a line that, at the pace of recent renders, would not reach its turn in time
      // is no place: the 503 now is kinder than the same 503 after the wait.
      if (((waiting.size + 1) * renderMs) / limit.max > limit.queueWaitMs) return "queue_full";
      const at = now();
      const head = oldest();
      // The head of the line will have waited at least this long when its turn comes.
      observe(head ? at - head.queuedAt : 0, at);
      return standing ? "standing_queue" : null;
    },

    /**
     * Takes a place, or joins the line; `admit` is called when the page may start, always on a
     * later turn of the event loop (setImmediate), and never two in the same turn. A render on
     * SQLite runs its loaders start to finish without giving the loop back (its queries are
     * synchronous): started at once, the next request read in the same turn would find the place
     * free again and render too, and every request already on the wire, the ones to be shed
     * included, would wait for all of those renders. And Node runs every setImmediate queued
     * before its check phase in that one phase: four pages admitted in one turn would run their
     * loaders back to back, with no read of the network between them. One start per turn, so
     * the line and the 503s are dealt with between two pages.
     */
    enter(admit: Admit): { queued: false } | { queued: true; leave: () => boolean } {
      if (!limit.max || active < limit.max) {
        active++;
        observe(0, now());
        start(admit);
        return { queued: false };
      }
      const waiter: Waiter = { queuedAt: now(), admit };
      waiting.add(waiter);
      return { queued: true, leave: () => waiting.delete(waiter) };
    },

    /**
     * Resolves on a turn of the event loop of its own, after the renders already waiting for one
     * and before any page waiting to start. app/entry.server.tsx renders a page here, after its loaders: a page is
     * then two stretches of work that never hold the loop (the 503s) together, not one.
     */
    nextTurn(): Promise<void> {
      return new Promise((resolve) => onItsOwnTurn(renders, resolve));
    },

    /** The server accepted a connection (createHttpServer): the next page waits a turn for the next one. */
    noteConnection(): void {
      connections++;
    },

    /** The running average of render times, in ms (0 before the first). */
    get renderMs() {
      return renderMs;
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.size;
    },
  };
}

export type PageLimiter = ReturnType<typeof createPageLimiter>;

const isRead = (method: string | undefined) => method === "GET" || method === "HEAD";

// What is not a page: health, the API, auth, photos, uploads, share cards, catalogues, built
// assets, React Router's route list (`/__manifest`: no loader, microseconds, and a link cannot
// navigate before it has it: shed, it would turn a tap into the error page), and any file name
// with an extension (favicon.ico, sw.js, the manifests); a page's data request (`/viewmore.data`)
// is a render like its page.
const NOT_A_PAGE = /^\/(healthz|readyz|api\/|assets\/|media\/|uploads|share\/|i18n\/|__manifest$)/;

/** Whether a path names a file (`/favicon.svg`, `/sw.js`), not a page; every built file has an extension. */
export const isFileName = (path: string) => /\.[^/.]+$/.test(path) && !path.endsWith(".data");

const isPageRead = (method: string | undefined, path: string) => isRead(method) && !NOT_A_PAGE.test(path) && !isFileName(path);

const BACKGROUND_SAVE = BACKGROUND_SAVE_HEADER.toLowerCase();
/** The service worker's own fetch of a page to keep it offline (core/offline/offline-copy.ts). */
const isBackgroundSave = (req: IncomingMessage) => req.headers[BACKGROUND_SAVE] === "1";

/** Requests that took their place at the front, so the second look lets them through. */
const admittedAtFront = new WeakSet<IncomingMessage>();
/** Requests the server's own listener already decided on, before Express (`shedBeforeExpress`). */
const decidedBeforeExpress = new WeakSet<IncomingMessage>();

/** Whether the cache probably answers a request; `path` is its address without the query. */
export type MayBeCached = (req: IncomingMessage, path: string) => boolean;

/**
 * A place to render now, a short wait in line, or a 503 at once (`answer`). The place is held
 * from here until the response has finished, or the client has gone.
 */
function takePlace<Req extends IncomingMessage, Res extends ServerResponse>(
  limiter: PageLimiter,
  queueWaitMs: number,
  answer: (req: Req, res: Res) => void,
): (req: Req, res: Res, next: () => void) => void {
  return (req, res, next) => {
    const reason = limiter.mustShed(isBackgroundSave(req));
    if (reason) {
      requestsShed.inc({ reason });
      return answer(req, res);
    }
    const place = limiter.enter((done) => {
      // Always on a later turn than this one, so `waitLimit` is set by then.
      clearTimeout(waitLimit);
      // A finished page hands its place to the longest waiting one. on-finished also fires for
      // a response already closed: a client that hung up while waiting keeps no place.
      onFinished(res, done);
      // Nobody is left to send the page to (the client hung up, or the server is closing its
      // connections on the way out): no render, whose queries might meet a database already closed.
      if (onFinished.isFinished(res)) return;
      next();
    });
    const leave = place.queued ? place.leave : () => false;
    const waitLimit = place.queued
      ? setTimeout(() => {
          if (!leave()) return;
          requestsShed.inc({ reason: "waited_too_long" });
          answer(req, res);
        }, queueWaitMs)
      : undefined;
    if (!place.queued) return void pageQueueWait.observe(0);
    // Someone who gave up while waiting needs no place.
    onFinished(res, () => {
      if (leave()) clearTimeout(waitLimit);
    });
  };
}

/** The path of a request's address, without its query (what Express calls `req.path`). */
function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
}

/**
 * The server's own request listener, before Express (server/http/app.ts, `createHttpServer`):
 * a page request takes its place (or its 503) here, so a page shed while the server is saturated
 * costs Node's HTTP parse and one write, and not Express's per-request set-up (its router, the
 * request and response prototypes, the query parser) either. `handle` passes the request on to
 * the app, at once or when its place comes; `shedAtFront` in the app then lets it through.
 */
export function shedBeforeExpress(
  limiter: PageLimiter,
  { queueWaitMs }: Pick<PageLimit, "queueWaitMs">,
  mayBeCached: MayBeCached = () => false,
) {
  const take = takePlace<IncomingMessage, ServerResponse>(limiter, queueWaitMs, sendUnavailableNow);
  return (req: IncomingMessage, res: ServerResponse, handle: () => void): void => {
    const url = req.url ?? "";
    // An address in absolute form (`GET http://host/path`) is left to the app's own front check.
    if (!url.startsWith("/")) return handle();
    decidedBeforeExpress.add(req);
    const path = pathOf(url);
    if (!isPageRead(req.method, path) || mayBeCached(req, path)) return handle();
    admittedAtFront.add(req);
    take(req, res, handle);
  };
}

/**
 * The app's first middleware: a page request takes its place (or its 503) here, before any other
 * work, unless `mayBeCached` says the page cache probably holds it (a copy costs next to nothing
 * to send): such a request meets `admitPage` after the cache, if the cache could not answer. A
 * request the server's listener already decided on (`shedBeforeExpress`) goes straight on.
 */
export function shedAtFront(
  limiter: PageLimiter,
  { queueWaitMs }: Pick<PageLimit, "queueWaitMs">,
  mayBeCached: MayBeCached = () => false,
): RequestHandler {
  const take = takePlace<Request, Response>(limiter, queueWaitMs, sendUnavailableNow);
  return (req, res, next) => {
    if (decidedBeforeExpress.has(req) || !isPageRead(req.method, req.path) || mayBeCached(req, req.path)) return next();
    admittedAtFront.add(req);
    take(req, res, () => next());
  };
}

/**
 * A line of its own for reads that are not pages but may cost like one: a share card drawn on
 * first request (issue 38). The same rules as pages', with a limiter of their own, so a flood of
 * card requests is answered 503 with Retry-After at once and takes no page's place.
 */
export function shedReads(limiter: PageLimiter, { queueWaitMs }: Pick<PageLimit, "queueWaitMs">): RequestHandler {
  const take = takePlace<Request, Response>(limiter, queueWaitMs, sendUnavailable);
  return (req, res, next) => (isRead(req.method) ? take(req, res, () => next()) : next());
}

/** Just before React Router: the same, for a page request that came past the front for the page cache. */
export function admitPage(limiter: PageLimiter, { queueWaitMs }: Pick<PageLimit, "queueWaitMs">): RequestHandler {
  const take = takePlace<Request, Response>(limiter, queueWaitMs, sendUnavailable);
  return (req, res, next) =>
    !isRead(req.method) || admittedAtFront.has(req) || NOT_A_PAGE.test(req.path) ? next() : take(req, res, () => next());
}
