/**
 * The optional API key (decision 046): a valid one raises the limits, counted per account
 * (`res.locals.apiAccountId`, which rate-limit.ts reads); a key that is not (or no longer) valid
 * is refused, so its owner learns at once that it was revoked rather than meeting the lower limit
 * later. The refusal counts against the address's limit: guessing keys is limited as reading
 * without one is.
 */
import type { RequestHandler } from "express";
import type { Services } from "../services";
import { sendProblem } from "./problems";
import { countRequest, type RateLimitPolicy } from "./rate-limit";

/** The optional API key's header. Never a query parameter: addresses end up in logs and histories. */
export const API_KEY_HEADER = "x-api-key";

export function apiKeyCheck(services: Pick<Services, "apiKeys" | "rateCounter">, addressPolicy: RateLimitPolicy): RequestHandler {
  return (req, res, next) => {
    const key = req.headers[API_KEY_HEADER];
    if (key === undefined) return next();
    (typeof key === "string" ? services.apiKeys.check(key.trim()) : Promise.resolve(undefined))
      .then(async (found) => {
        if (found) {
          res.locals.apiAccountId = found.accountId;
          return next();
        }
        if (!(await countRequest(services.rateCounter, addressPolicy, res, undefined))) return;
        sendProblem(
          res,
          "invalid-api-key",
          "This API key is not valid or was revoked. Make a new one on your account page, or send no key.",
          { instance: req.originalUrl },
        );
      })
      .catch(next);
  };
}
