/**
 * How many sellers' phone numbers one client address is shown (issue 38, decision 046). Every
 * page that carries a number (a listing, a seller) counts one reveal for the address; up to
 * `pagesPerHour` such pages in an hour show the number as they always did. Past it, the page
 * offers "Show number" instead: a POST that shows that one number, counted apart under the
 * higher `pressesPerHour` (with the numbers the public API gives without a key), so a person
 * behind a shared address (carrier NAT) still reaches every seller, and a program that only posts
 * still meets a ceiling.
 */
import { clientSubject } from "./client-subject";
import type { RateCounter } from "./rate-counter";

const HOUR_SECONDS = 3600;

export interface PhoneRevealLimits {
  pagesPerHour: number;
  pressesPerHour: number;
}

export type PressAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createPhoneReveals(deps: { counter: RateCounter; limits: PhoneRevealLimits }) {
  const { counter, limits } = deps;
  return {
    /** Counts one page carrying a number; true when it may show the digits. */
    async countPage(address: string): Promise<boolean> {
      const { hits } = await counter.hit(`reveal:${clientSubject(address)}`, HOUR_SECONDS);
      return hits <= limits.pagesPerHour;
    },

    /** Counts one "Show number" press; refused past the hour's ceiling, with when to try again. */
    async countPress(address: string): Promise<PressAnswer> {
      const { hits, resetSeconds } = await counter.hit(`reveal-press:${clientSubject(address)}`, HOUR_SECONDS);
      return hits <= limits.pressesPerHour ? { allowed: true } : { allowed: false, retryAfterSeconds: resetSeconds };
    },
  };
}

export type PhoneReveals = ReturnType<typeof createPhoneReveals>;
