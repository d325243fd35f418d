/**
 * The public API's rate limits (decision 032): a fixed one-minute window per client address (as
 * Express resolved it under TRUST_PROXY), counted in this process's memory: Mandi has no shared
 * cache to count in, so N instances behind a balancer allow up to N times the limit. Each policy
 * is counted on its own; the headers follow the IETF draft "RateLimit header fields for HTTP"
 * (`RateLimit-Policy: "name";q=120;w=60`, `RateLimit: "name";r=119;t=42`). A request with a valid
 * API key (`res.locals.apiKeyId`, set by the router) is counted by its key, under `keyQuota`.
 */
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { sendProblem } from "./problems";

export interface RateLimitPolicy {
  name: string;
  /** Requests allowed per window from one address. */
  quota: number;
  /** Requests allowed per window with one API key. */
  keyQuota: number;
  windowSeconds: number;
}

/** Client addresses remembered per policy; the least recently seen go first (a flood of addresses cannot grow memory). */
const MAX_CLIENTS = 100_000;

export function rateLimit(policy: RateLimitPolicy, now: () => number = Date.now): RequestHandler {
  const windowMs = policy.windowSeconds * 1000;
  const counters = new LRUCache<string, { windowStart: number; count: number }>({ max: MAX_CLIENTS });
  return (req, res, next) => {
    const at = now();
    const windowStart = at - (at % windowMs);
    const keyId = (res.locals as { apiKeyId?: string }).apiKeyId;
    const quota = keyId ? policy.keyQuota : policy.quota;
    const key = keyId ? `key:${keyId}` : `ip:${req.ip ?? ""}`;
    let counter = counters.get(key);
    if (!counter || counter.windowStart !== windowStart) {
      counter = { windowStart, count: 0 };
      counters.set(key, counter);
    }
    counter.count += 1;
    const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000));
    res.setHeader("RateLimit-Policy", `"${policy.name}";q=${quota};w=${policy.windowSeconds}`);
    res.setHeader("RateLimit", `"${policy.name}";r=${Math.max(0, quota - counter.count)};t=${resetSeconds}`);
    if (counter.count > quota) {
      return void sendProblem(res, "rate-limited", `At most ${quota} requests a minute ${keyId ? "with one API key" : "from one address"} here. Please wait ${resetSeconds} s.`, {
        instance: req.originalUrl,
        retryAfterSeconds: resetSeconds,
      });
    }
    next();
  };
}
