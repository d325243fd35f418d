/**
 * GET /readyz: may this instance get traffic? Yes when its database and photo store answer a
 * trivial request within a short time. A trivial request on purpose: a locked table or a slow
 * query is not a reason to take every instance out of the balancer (docs/operations.md).
 */
import { sql } from "kysely";
import type { RequestHandler } from "express";
import type { Services } from "../services";
import { classifyUnavailable, describeUnavailability, UnavailableError } from "../unavailable";
import { retryAfterHeaders } from "./unavailable";

/** Each check's bound: well under a balancer's usual 5 s probe timeout. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

function withinTime<T>(what: "database" | "photo storage", work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new UnavailableError(what, `no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {}); // a late failure after the timeout has already been answered
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function readiness(services: Pick<Services, "db" | "storage" | "logger">, timeoutMs = READINESS_CHECK_TIMEOUT_MS): RequestHandler {
  return async (_req, res) => {
    const checks = await Promise.allSettled([
      withinTime("database", sql`select 1`.execute(services.db.kysely), timeoutMs),
      withinTime("photo storage", services.storage.check(), timeoutMs),
    ]);
    const [database, storage] = checks.map((check) => (check.status === "fulfilled" ? "ok" : "unavailable"));
    if (database === "ok" && storage === "ok") return void res.set("Cache-Control", "no-store").json({ status: "ready" });
    for (const [index, check] of checks.entries()) {
      if (check.status === "fulfilled") continue;
      const unavailability = classifyUnavailable(check.reason);
      const what = index === 0 ? "database" : "photo storage";
      services.logger.warn(
        { err: check.reason },
        `not ready: ${unavailability ? describeUnavailability(unavailability) : `${what} check failed`}`,
      );
    }
    res.status(503).set(retryAfterHeaders()).json({ status: "unavailable", checks: { database, storage } });
  };
}
