/**
 * The public API's rate limits (decision 032): a fixed one-minute window per client address (as
 * Express resolved it under TRUST_PROXY), counted in this process's memory: Mandi has no shared
 * cache to count in, so N instances behind a balancer allow up to N times the limit. Each policy
 * is counted on its own; the headers follow the IETF draft "RateLimit header fields for HTTP"
 * (`RateLimit-Policy: "name";q=120;w=60`, `RateLimit: "name";r=119;t=42`).
 */
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { sendProblem } from "./problems";

export interface RateLimitPolicy {
  name: string;
  /** Requests allowed per window. */
  quota: number;
  windowSeconds: number;
}

/** Client addresses remembered per policy; the least recently seen go first (a flood of addresses cannot grow memory). */
const MAX_CLIENTS = 100_000;

export function rateLimit(policy: RateLimitPolicy, now: () => number = Date.now): RequestHandler {
  const windowMs = policy.windowSeconds * 1000;
  const counters = new LRUCache<string, { windowStart: number; count: number }>({ max: MAX_CLIENTS });
  const policyHeader = `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`;
  return (req, res, next) => {
    const at = now();
    const windowStart = at - (at % windowMs);
    const key = req.ip ?? "";
    let counter = counters.get(key);
    if (!counter || counter.windowStart !== windowStart) {
      counter = { windowStart, count: 0 };
      counters.set(key, counter);
    }
    counter.count += 1;
    const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000));
    res.setHeader("RateLimit-Policy", policyHeader);
    res.setHeader("RateLimit", `"${policy.name}";r=${Math.max(0, policy.quota - counter.count)};t=${resetSeconds}`);
    if (counter.count > policy.quota) {
      return void sendProblem(res, "rate-limited", `At most ${policy.quota} requests a minute from one address here. Please wait ${resetSeconds} s.`, {
        instance: req.originalUrl,
        retryAfterSeconds: resetSeconds,
      });
    }
    next();
  };
}
