/**
 * Load shedding in front of page rendering: at most `max` pages are rendered at once; up to
 * `max` more wait in line (first come, first served) for at most `queueWaitMs`, and then get the
 * 503 page. Past a full line a request is answered 503 at once: waiting would only add to the
 * time every client spends before being told to come back. Only reads (GET, HEAD) are shed: a
 * sell form's POST carries a seller's work (photos already uploaded, text typed) and always gets
 * its turn; its own waits are bounded by the database timeouts. A saturated server so answers "busy, try again" within a second instead of making
 * everyone wait many seconds (issue 15; figures in docs/performance.md). /healthz, /readyz,
 * photos and uploads are mounted before it and never wait here.
 */
import type { RequestHandler } from "express";
import onFinished from "on-finished";
import { pageQueueWait, requestsShed } from "../metrics/metrics";
import { sendUnavailable } from "./unavailable";

export function shedLoad({ max, queueWaitMs }: { max: number; queueWaitMs: number }): RequestHandler {
  if (!max) return (_req, _res, next) => next();
  let active = 0;
  const waiting = new Set<() => void>();

  // A finished request hands its place to the longest waiting one (a Set keeps insertion order).
  const release = () => {
    const first = waiting.values().next();
    if (first.done) active--;
    else {
      waiting.delete(first.value);
      first.value();
    }
  };

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const run = () => {
      // on-finished also fires for a response already closed: a client that hung up while the
      // request was still on its way here (a static-file lookup is asynchronous) must not keep
      // its place for ever.
      onFinished(res, release);
      next();
    };
    if (active < max) {
      active++;
      pageQueueWait.observe(0);
      return run();
    }
    if (waiting.size >= max) {
      requestsShed.inc({ reason: "queue_full" });
      return void sendUnavailable(req, res);
    }
    const queuedAt = performance.now();
    const turn = () => {
      clearTimeout(timer);
      pageQueueWait.observe((performance.now() - queuedAt) / 1000);
      run();
    };
    const timer = setTimeout(() => {
      waiting.delete(turn);
      requestsShed.inc({ reason: "waited_too_long" });
      sendUnavailable(req, res);
    }, queueWaitMs);
    waiting.add(turn);
    // Someone who gave up while waiting needs no place.
    onFinished(res, () => {
      if (waiting.delete(turn)) clearTimeout(timer);
    });
  };
}
