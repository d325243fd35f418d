/** The only place with SQL for failed sign-ins per account (migration 0005). */
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

export function createSignInFailuresRepository(db: Kysely<Database>) {
  return {
    /** The account's failures in its current window, if it has one. */
    async find(email: string): Promise<{ failures: number; firstFailedAt: number } | null> {
      const row = await db.selectFrom("sign_in_failure").selectAll().where("email", "=", email).executeTakeFirst();
      return row ? { failures: Number(row.failures), firstFailedAt: Number(row.first_failed_at) } : null;
    },

    /**
     * Counts one failure in one statement (several instances may count at once). A window that
     * began before `windowStart` starts again at this failure; other accounts' windows that old
     * are forgotten, so the table holds only recent failures.
     */
    async recordFailure(email: string, now: number, windowStart: number): Promise<void> {
      const current = sql<boolean>`sign_in_failure.first_failed_at >= ${windowStart}`;
      await db
        .insertInto("sign_in_failure")
        .values({ email, failures: 1, first_failed_at: now })
        .onConflict((oc) =>
          oc.column("email").doUpdateSet({
            failures: sql`case when ${current} then sign_in_failure.failures + 1 else 1 end`,
            first_failed_at: sql`case when ${current} then sign_in_failure.first_failed_at else ${now} end`,
          }),
        )
        .execute();
      await db.deleteFrom("sign_in_failure").where("first_failed_at", "<", windowStart).execute();
    },

    async clear(email: string): Promise<void> {
      await db.deleteFrom("sign_in_failure").where("email", "=", email).execute();
    },
  };
}

export type SignInFailuresRepository = ReturnType<typeof createSignInFailuresRepository>;
