/**
 * "Insert unless this person already has `max`": the count and the insert in one transaction,
 * with the person's turn held, so a burst of posts from one account cannot all count the same
 * few rows and all insert (issue 38). On PostgreSQL an advisory lock keyed by the limit and the
 * person lines their transactions up (a row lock on "user" would also block that row's other
 * writers); on SQLite every transaction begins IMMEDIATE, holding the write lock (database.ts).
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "./schema";

export async function insertWithinLimit(
  db: Kysely<Database>,
  input: {
    /** What is limited (its table): one limit's lock does not wait on another's. */
    limit: string;
    userId: string;
    max: number;
    count: (trx: Kysely<Database>) => Promise<number>;
    insert: (trx: Kysely<Database>) => Promise<void>;
  },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`limit:${input.limit}:${input.userId}`}, 0))`.execute(trx);
    }
    if ((await input.count(trx)) >= input.max) return false;
    await input.insert(trx);
    return true;
  });
}
