/**
 * Fixed-window counters shared by every worker and instance (decision 046): each hit is one
 * upsert in the database both engines already share (SQLite's workers open one file; PostgreSQL's
 * instances one server), so N processes allow exactly the limit, not N times it. Windows that
 * ended are deleted at most once a minute per process, so the table holds only recent counters.
 */
import type { RateCounterRepository } from "./rate-counter.repository";

const PRUNE_EVERY_MS = 60_000;

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
}

export function createRateCounter(deps: { repository: RateCounterRepository; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const { repository } = deps;
  let nextPruneAt = 0;
  return {
    /** Counts one hit of `key` in its current window of `windowSeconds`. */
    async hit(key: string, windowSeconds: number): Promise<Hit> {
      const at = now();
      const windowMs = windowSeconds * 1000;
      const windowEndsAt = at - (at % windowMs) + windowMs;
      const hits = await repository.hit(key, windowEndsAt);
      if (at >= nextPruneAt) {
        nextPruneAt = at + PRUNE_EVERY_MS;
        // A prune that fails (a busy database) is only put off: the next minute's prune deletes the same rows.
        await repository.prune(at).catch(() => undefined);
      }
      return { hits, resetSeconds: Math.max(1, Math.ceil((windowEndsAt - at) / 1000)) };
    },
  };
}

export type RateCounter = ReturnType<typeof createRateCounter>;
