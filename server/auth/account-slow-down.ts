/**
 * Per-account sign-in slow-down (issue 9, finding 8): the per-address limit does not stop
 * guesses at one account spread over many addresses, so after `maxFailures` wrong passwords for
 * one email within `windowMs`, that email's sign-in waits until the window ends, whoever asks.
 * The count lives in the database, so every instance sees it. The cost: anyone who knows an
 * email can keep its owner waiting (docs/decisions/009).
 */
import { APIError } from "better-auth/api";
import { loginSchema } from "../../core/accounts/account-forms";
import type { SignInFailuresRepository } from "./sign-in-failures.repository";

export interface AccountSlowDownLimits {
  maxFailures: number;
  windowMs: number;
}

export const DEFAULT_ACCOUNT_SLOW_DOWN: AccountSlowDownLimits = { maxFailures: 10, windowMs: 15 * 60_000 };

/** The code API clients see on the 429, beside the message and Retry-After. */
export const ACCOUNT_SLOWED_DOWN = "TOO_MANY_FAILED_SIGN_INS";

// `now` reads Date.now when called, so a test's fake clock reaches it.
export function createAccountSlowDown(
  repository: SignInFailuresRepository,
  limits: AccountSlowDownLimits,
  now: () => number = () => Date.now(),
) {
  /** The account an attempt names, as accounts store it; null when it names none. */
  const accountOf = (body: unknown): string | null => {
    const parsed = loginSchema.shape.email.safeParse((body as { email?: unknown } | undefined)?.email);
    return parsed.success ? parsed.data : null;
  };

  return {
    /** Throws a 429 with Retry-After while the account must wait. */
    async checkAttempt(body: unknown): Promise<void> {
      const email = accountOf(body);
      const record = email ? await repository.find(email) : null;
      if (!record || record.failures < limits.maxFailures) return;
      const waitMs = record.firstFailedAt + limits.windowMs - now();
      if (waitMs <= 0) return;
      const minutes = Math.ceil(waitMs / 60_000);
      throw new APIError(
        "TOO_MANY_REQUESTS",
        {
          code: ACCOUNT_SLOWED_DOWN,
          message: `Too many wrong passwords for this account. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        },
        { "Retry-After": String(Math.ceil(waitMs / 1000)) },
      );
    },

    /** Counts a wrong password; a successful sign-in clears the count. */
    async recordOutcome(body: unknown, outcome: "failed" | "succeeded"): Promise<void> {
      const email = accountOf(body);
      if (!email) return;
      if (outcome === "succeeded") await repository.clear(email);
      else await repository.recordFailure(email, now(), now() - limits.windowMs);
    },
  };
}
