import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * "Nearest first" for a search (decision 024, amended): listing_near_idx (migration 0017) walks one
 * district newest first, but held only the live columns, so a search for a name or a category read
 * each entry's row to test it (8,281 rows, most from disk, for one slice of 'rice' on PostgreSQL
 * at a million listings). With the category and the searchable name in it, the walk tests them in
 * the index: index-only on PostgreSQL, a covering index on SQLite.
 *
 * On PostgreSQL the wider index is built under another name before the old one is dropped, so
 * reads wait only for the drop (dropping an index locks its table until the commit), not for the
 * build. SQLite cannot rename an index; its writers wait for the migration either way.
 */
const KEY = ["state", "district", "created_at", "id"];
const LIVE = ["status", "expires_at", "hidden_at"];

export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = [...KEY, ...LIVE, "category", "name_search"];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.createIndex("listing_near_wide_idx").on("listing").columns(columns).execute();
    await db.schema.dropIndex("listing_near_idx").execute();
    await sql`alter index listing_near_wide_idx rename to listing_near_idx`.execute(db);
    return;
  }
  await db.schema.dropIndex("listing_near_idx").execute();
  await db.schema.createIndex("listing_near_idx").on("listing").columns(columns).execute();
  // Where the planner has statistics (ANALYZE has been run, as the benchmarks do), the new index
  // gets its own, or SQLite guesses it small beside the analysed ones (as in migration 0024).
  const statTable = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (!Number(statTable.rows[0]?.n)) return;
  const analysed = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'listing'`.execute(db);
  if (Number(analysed.rows[0]?.n)) await sql`analyze listing_near_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("listing_near_idx").execute();
  await db.schema
    .createIndex("listing_near_idx")
    .on("listing")
    .columns([...KEY, ...LIVE])
    .execute();
}
