/**
 * The public API's rate limits (decisions 032 and 046): a fixed one-minute window per client
 * address (as Express resolved it under TRUST_PROXY; an IPv6 address by its /64), counted in the
 * database every worker and instance shares (server/rate-counter/), so N processes allow the
 * limit once, not N times. Each policy is counted on its own; the headers follow the IETF draft
 * "RateLimit header fields for HTTP" (`RateLimit-Policy: "name";q=120;w=60`,
 * `RateLimit: "name";r=119;t=42`). A request with a valid API key is counted by the key's
 * ACCOUNT (`res.locals.apiAccountId`, set by the router), under `keyQuota`: all of one person's
 * keys share one budget.
 */
import type { RequestHandler, Response } from "express";
import { clientSubject } from "../rate-counter/client-subject";
import type { RateCounter } from "../rate-counter/rate-counter";
import { sendProblem } from "./problems";

export interface RateLimitPolicy {
  name: string;
  /** Requests allowed per window from one address. */
  quota: number;
  /** Requests allowed per window from one account's keys together. */
  keyQuota: number;
  windowSeconds: number;
}

/**
 * Counts this request under `policy` and answers 429 past its quota; true when it may go on.
 * `account`: the key's owner, when a valid key came with it; otherwise the address is counted.
 */
export async function countRequest(counter: RateCounter, policy: RateLimitPolicy, res: Response, account: string | undefined): Promise<boolean> {
  const req = res.req;
  const quota = account ? policy.keyQuota : policy.quota;
  const { hits, resetSeconds } = await counter.hit(`api-${policy.name}:${account ? `account:${account}` : `ip:${clientSubject(req.ip ?? "")}`}`, policy.windowSeconds);
  res.setHeader("RateLimit-Policy", `"${policy.name}";q=${quota};w=${policy.windowSeconds}`);
  res.setHeader("RateLimit", `"${policy.name}";r=${Math.max(0, quota - hits)};t=${resetSeconds}`);
  if (hits <= quota) return true;
  sendProblem(res, "rate-limited", `At most ${quota} requests a minute ${account ? "with one account's API keys" : "from one address"} here. Please wait ${resetSeconds} s.`, {
    instance: req.originalUrl,
    retryAfterSeconds: resetSeconds,
  });
  return false;
}

export function rateLimit(policy: RateLimitPolicy, counter: RateCounter): RequestHandler {
  return (_req, res, next) => {
    countRequest(counter, policy, res, (res.locals as { apiAccountId?: string }).apiAccountId).then((allowed) => allowed && next(), next);
  };
}
