/**
 * Load shedding (issue 15, made fast in issue 27 / decision 038). At most `max` pages are
 * rendered at once; a short line waits for a place, first come, first served. A page request
 * that would not be served soon is answered 503 with Retry-After *at once*, never after a wait:
 * a "busy, try again" that takes seconds is no better than the page.
 *
 * A request is turned away without waiting when
 * - the line is full (`queueLength` waiting), or
 * - the line has been standing: for a whole interval (100 ms) every request that reached its
 *   head had waited more than `queueTargetMs` (CoDel's rule, RFC 8289). A burst that clears
 *   within the interval is let in; a line that does not clear means the server has more than
 *   it can do, and adding to the line only makes everyone in it late.
 * `queueWaitMs` bounds the wait of the few that were let in anyway (a render that hangs).
 *
 * The decision is O(1) and made twice: `shedAtFront` is the app's first middleware, so a page
 * shed while the server is saturated costs no security headers, compression, request log,
 * static-file lookup or database read; `admitPage`, just before React Router, counts the renders
 * and keeps the line. Only reads (GET, HEAD) are shed: a sell form's POST carries a seller's work
 * and always gets its turn (its waits are bounded by the database timeouts). /healthz, /readyz,
 * the API, photos, uploads and static files are not pages and never wait here: a busy instance
 * stays healthy to its load balancer.
 */
import type { Request, RequestHandler } from "express";
import onFinished from "on-finished";
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

export type ShedReason = "queue_full" | "standing_queue" | "waited_too_long";

interface Waiter {
  queuedAt: number;
  admit: () => void;
}

export function createPageLimiter(limit: PageLimit, now: () => number = () => performance.now()) {
  let active = 0;
  // A Set keeps insertion order: the first value is the longest waiting.
  const waiting = new Set<Waiter>();
  // CoDel's state: when the line first stayed above target, and whether arrivals are being shed.
  let aboveSince: number | null = null;
  let standing = false;

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

  return {
    /** Whether a page arriving now would be turned away, and why; O(1), changes nothing but CoDel's clock. */
    mustShed(): ShedReason | null {
      if (!limit.max || active < limit.max) return null;
      if (waiting.size >= limit.queueLength) return "queue_full";
      const at = now();
      const head = oldest();
      // The head of the line will have waited at least this long when its turn comes.
      observe(head ? at - head.queuedAt : 0, at);
      return standing ? "standing_queue" : null;
    },

    /** Takes a place now (true) or joins the line (`admit` is called at its turn); call `mustShed` first. */
    enter(admit: () => void): { queued: false } | { queued: true; leave: () => boolean } {
      if (!limit.max || active < limit.max) {
        active++;
        observe(0, now());
        return { queued: false };
      }
      const waiter: Waiter = { queuedAt: now(), admit };
      waiting.add(waiter);
      return { queued: true, leave: () => waiting.delete(waiter) };
    },

    /** A finished page hands its place to the longest waiting one. */
    release(): void {
      const head = oldest();
      if (!head) return void active--;
      waiting.delete(head);
      const at = now();
      const waited = at - head.queuedAt;
      observe(waited, at);
      pageQueueWait.observe(waited / 1000);
      head.admit();
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

const isRead = (req: Request) => req.method === "GET" || req.method === "HEAD";

// What is not a page: health, the API, auth, photos, uploads, share cards, catalogues, built
// assets, and any file name with an extension (favicon.ico, sw.js, the manifests); a page's
// data request (`/viewmore.data`) is a render like its page.
const NOT_A_PAGE = /^\/(healthz|readyz|api\/|assets\/|media\/|uploads|share\/|i18n\/)|\.(?!data$)[^/.]+$/;

/**
 * The app's first middleware: while the limiter would shed, a page request is answered 503 here,
 * before any other work, unless `mayBeCached` says the page cache probably holds it (a copy costs
 * next to nothing to send; it then meets `admitPage` after the cache like any other).
 */
export function shedAtFront(limiter: PageLimiter, mayBeCached: (req: Request) => boolean = () => false): RequestHandler {
  return (req, res, next) => {
    if (!isRead(req) || NOT_A_PAGE.test(req.path)) return next();
    const reason = limiter.mustShed();
    if (!reason || mayBeCached(req)) return next();
    requestsShed.inc({ reason });
    sendUnavailableNow(req, res);
  };
}

/** Just before React Router: a place to render, a short wait in line, or a 503 at once. */
export function admitPage(limiter: PageLimiter, { queueWaitMs }: Pick<PageLimit, "queueWaitMs">): RequestHandler {
  return (req, res, next) => {
    if (!isRead(req)) return next();
    const reason = limiter.mustShed();
    if (reason) {
      requestsShed.inc({ reason });
      return void sendUnavailable(req, res);
    }
    let timer: NodeJS.Timeout | undefined;
    const place = limiter.enter(() => {
      clearTimeout(timer);
      // on-finished also fires for a response already closed: a client that hung up while the
      // request was on its way here must not keep its place for ever.
      onFinished(res, limiter.release);
      next();
    });
    if (!place.queued) {
      pageQueueWait.observe(0);
      onFinished(res, limiter.release);
      return next();
    }
    timer = setTimeout(() => {
      if (!place.leave()) return;
      requestsShed.inc({ reason: "waited_too_long" });
      sendUnavailable(req, res);
    }, queueWaitMs);
    // Someone who gave up while waiting needs no place.
    onFinished(res, () => {
      if (place.leave()) clearTimeout(timer);
    });
  };
}
