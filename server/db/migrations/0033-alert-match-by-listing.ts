import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * alert_match's indexes keyed so that a listing's matches are neighbours (decision 030, amended
 * 2026-11-28, "Left, and how"; issue 24). Matching writes a listing's matches together, one row
 * per saved search that found it (360 at the market-like mean), and each row landed on a
 * different page of two indexes whose key was random for them:
 *
 * - the unique pair becomes `(listing_id, saved_search_id)` (was `(saved_search_id, listing_id)`):
 *   a listing's rows go side by side. It still says a pair is one match (ON CONFLICT DO NOTHING),
 *   and still serves the email and push jobs' look-up of one pair (both columns are given);
 * - `alert_match_user_idx (user_id, created_at)` is replaced by `alert_match_search_idx
 *   (saved_search_id, created_at)`: what My alerts' counts, a saved search's deletion and its
 *   digest read. What read by person (My alerts' latest matches, the header's count, account
 *   deletion) now goes through the person's saved searches (at most MAX_SAVED_SEARCHES).
 *
 * The `user_id` column stays (the push job reads it; db:copy copies it). A row's pair was unique
 * before, so the new key cannot refuse a row already there.
 *
 * SQLite changes a table constraint only by rebuilding the table: a new one, every row copied,
 * the old one dropped (its indexes with it), the new one renamed. No table refers to alert_match
 * and it has no trigger, so foreign keys stay on. All in the migration's one transaction
 * (decision 034).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await keyThePair(db, ["listing_id", "saved_search_id"], "order by listing_id, saved_search_id");
  if (db.getExecutor().adapter instanceof PostgresAdapter) await db.schema.dropIndex("alert_match_user_idx").execute();
  await db.schema.createIndex("alert_match_search_idx").on("alert_match").columns(["saved_search_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("alert_match_search_idx").execute();
  await keyThePair(db, ["saved_search_id", "listing_id"], "");
  await db.schema.createIndex("alert_match_user_idx").on("alert_match").columns(["user_id", "created_at"]).execute();
}

/**
 * alert_match_pair on these columns, in this order. PostgreSQL swaps the constraint; SQLite
 * rebuilds the table (its indexes go with the old one), copying the rows in `copyOrder`.
 */
async function keyThePair(
  db: Kysely<unknown>,
  pair: [string, string],
  copyOrder: "" | "order by listing_id, saved_search_id",
): Promise<void> {
  const columns = sql.join(pair.map((column) => sql.ref(column)));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table alert_match drop constraint alert_match_pair`.execute(db);
    await sql`alter table alert_match add constraint alert_match_pair unique (${columns})`.execute(db);
    return;
  }
  await sql`create table alert_match_rebuilt (
    id text primary key,
    saved_search_id text not null,
    listing_id text not null,
    user_id text not null,
    created_at bigint not null,
    emailed_at bigint,
    pushed_at bigint,
    constraint alert_match_pair unique (${columns})
  )`.execute(db);
  // In the new key's order going up: the copy fills its index from one end.
  await sql`insert into alert_match_rebuilt (id, saved_search_id, listing_id, user_id, created_at, emailed_at, pushed_at)
    select id, saved_search_id, listing_id, user_id, created_at, emailed_at, pushed_at from alert_match ${sql.raw(copyOrder)}`.execute(db);
  await sql`drop table alert_match`.execute(db);
  await sql`alter table alert_match_rebuilt rename to alert_match`.execute(db);
}
