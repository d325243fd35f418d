/** The only place with SQL for the shared counters (migration 0037, decision 046). */
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

export function createRateCounterRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts one hit for `key` in the window ending at `windowEndsAt`, in one statement (every
     * worker and instance may count the same key at once), and returns the hits so far in that
     * window, this one included. A row still holding an earlier window starts again at 1.
     */
    async hit(key: string, windowEndsAt: number): Promise<number> {
      const current = sql<boolean>`rate_counter.window_ends_at = ${windowEndsAt}`;
      const row = await db
        .insertInto("rate_counter")
        .values({ counter_key: key, hits: 1, window_ends_at: windowEndsAt })
        .onConflict((oc) =>
          oc.column("counter_key").doUpdateSet({
            hits: sql`case when ${current} then rate_counter.hits + 1 else 1 end`,
            window_ends_at: windowEndsAt,
          }),
        )
        .returning("hits")
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },

    /** Forgets every counter whose window ended at or before `now`. */
    async prune(now: number): Promise<void> {
      await db.deleteFrom("rate_counter").where("window_ends_at", "<=", now).execute();
    },
  };
}

export type RateCounterRepository = ReturnType<typeof createRateCounterRepository>;
