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
import type { Services } from "../services";
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
export async function countRequest(
  counter: RateCounter,
  policy: RateLimitPolicy,
  res: Response,
  account: string | undefined,
): Promise<boolean> {
  const req = res.req;
  const quota = account ? policy.keyQuota : policy.quota;
  const { hits, resetSeconds } = await counter.hit(
    `api-${policy.name}:${account ? `account:${account}` : `ip:${clientSubject(req.ip ?? "")}`}`,
    policy.windowSeconds,
  );
  res.setHeader("RateLimit-Policy", `"${policy.name}";q=${quota};w=${policy.windowSeconds}`);
  res.setHeader("RateLimit", `"${policy.name}";r=${Math.max(0, quota - hits)};t=${resetSeconds}`);
  if (hits <= quota) return true;
  sendProblem(
    res,
    "rate-limited",
    `At most ${quota} requests a minute ${account ? "with one account's API keys" : "from one address"} here. Please wait ${resetSeconds} s.`,
    {
      instance: req.originalUrl,
      retryAfterSeconds: resetSeconds,
    },
  );
  return false;
}

export function rateLimit(policy: RateLimitPolicy, counter: RateCounter): RequestHandler {
  return (_req, res, next) => {
    countRequest(counter, policy, res, (res.locals as { apiAccountId?: string }).apiAccountId).then((allowed) => allowed && next(), next);
  };
}

/**
 * An operation's rate-limit policy: `bulk` for lists and reference data; `contact` for the
 * operations that give a phone number, a lower limit so a loop cannot harvest them (decision 032).
 */
export type RateLimitPolicyName = "bulk" | "contact";

/** The middleware each policy runs, in order, before an operation's handler. */
export function rateLimitPolicies(services: Pick<Services, "config" | "rateCounter" | "phoneReveals">): {
  bulkPolicy: RateLimitPolicy;
  chains: Record<RateLimitPolicyName, RequestHandler[]>;
} {
  const limits = services.config.apiRateLimits;
  const bulkPolicy = { name: "bulk", quota: limits.perMinute, keyQuota: limits.keyPerMinute, windowSeconds: 60 };
  const contactPolicy = { name: "contact", quota: limits.contactPerMinute, keyQuota: limits.keyContactPerMinute, windowSeconds: 60 };
  // Without a key, a number given here also counts against the address's hourly ceiling of numbers
  // asked for one at a time, which the pages' "Show number" counts too (decision 046): the API is
  // not a wider door to the numbers than the pages. A key's account has its own limits above.
  const revealCeiling = services.config.phoneReveals.pressesPerHour;
  const countReveal: RequestHandler = (req, res, next) => {
    if ((res.locals as { apiAccountId?: string }).apiAccountId) return next();
    services.phoneReveals.countPress(req.ip ?? "").then((answer) => {
      if (answer.allowed) return next();
      sendProblem(
        res,
        "rate-limited",
        `At most ${revealCeiling} phone numbers an hour from one address without an API key. Please wait ${answer.retryAfterSeconds} s, or send a key.`,
        {
          instance: req.originalUrl,
          retryAfterSeconds: answer.retryAfterSeconds,
        },
      );
    }, next);
  };
  return {
    bulkPolicy,
    chains: { bulk: [rateLimit(bulkPolicy, services.rateCounter)], contact: [rateLimit(contactPolicy, services.rateCounter), countReveal] },
  };
}
