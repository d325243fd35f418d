/**
 * Every request's time into the duration histogram, labelled by route template (decision 025),
 * and each page cache answer counted from the X-Page-Cache header the cache sets.
 */
import type { RequestHandler } from "express";
import onFinished from "on-finished";
import { httpDuration, methodLabel, pageCacheResults, statusClass } from "../metrics/metrics";

const CACHE_RESULTS = new Set(["hit", "stale", "shared", "miss"]);

export function recordRequestMetrics(templateOf: (path: string) => string): RequestHandler {
  return (req, res, next) => {
    const end = httpDuration.startTimer();
    // Read now: routers mounted on a prefix rewrite req.url while they run.
    const path = req.path;
    onFinished(res, () => {
      end({ route: templateOf(path), method: methodLabel(req.method), status_class: statusClass(res.statusCode) });
      const cached = res.getHeader("X-Page-Cache");
      if (typeof cached === "string" && CACHE_RESULTS.has(cached)) pageCacheResults.inc({ result: cached });
    });
    next();
  };
}
