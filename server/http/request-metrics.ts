/**
 * Every request's time into the duration histogram, labelled by route template (decision 025),
 * and each page cache answer counted from the X-Page-Cache header the cache sets. With tracing on,
 * the request's span too (named by the same template), so its queries become its children.
 * Without METRICS_PORT nothing can read the metrics, so none are recorded (decision 036).
 */
import type { RequestHandler } from "express";
import onFinished from "on-finished";
import { httpDuration, methodLabel, pageCacheResults, statusClass } from "../metrics/metrics";
import { endRequestSpan, startRequestSpan, tracingOn } from "../tracing/tracing";

const CACHE_RESULTS = new Set(["hit", "stale", "shared", "miss"]);

export function recordRequestMetrics(templateOf: (path: string) => string, { metrics }: { metrics: boolean }): RequestHandler {
  return (req, res, next) => {
    // Neither metrics (no METRICS_PORT) nor tracing: nothing to record.
    if (!metrics && !tracingOn()) return next();
    const end = metrics ? httpDuration.startTimer() : undefined;
    // Read now: routers mounted on a prefix rewrite req.url while they run.
    const path = req.path;
    const method = methodLabel(req.method);
    const traced: { span?: ReturnType<typeof startRequestSpan> } = {};
    onFinished(res, () => {
      const route = templateOf(path);
      end?.({ route, method, status_class: statusClass(res.statusCode) });
      endRequestSpan(traced.span, { method, route, status: res.statusCode, requestId: req.id === undefined ? undefined : String(req.id) });
      const cached = res.getHeader("X-Page-Cache");
      if (metrics && typeof cached === "string" && CACHE_RESULTS.has(cached)) pageCacheResults.inc({ result: cached });
    });
    // The rest of the app runs inside the request's span (when tracing is on); the response
    // finishes later than this returns, so the span is in place when it ends.
    traced.span = startRequestSpan(method, next);
  };
}
