import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * A name search in a place, counted on SQLite too (decision 032, amended a third time; issue 25).
 * Migration 0032 gave PostgreSQL listing_place_price_idx, so `countInPlace` reads a place's
 * listings in a price range and tests each one's name in the index, rather than probing the name
 * index once for each name holding the term ('rice': 16,000 names at a million listings). SQLite
 * counted the same way, through its FTS5 name index, one probe per name: the public API's "a word,
 * a place and a price" at p95 42 ms, over its 20 ms goal. The same index on SQLite lets the same
 * count (and that search's page, plan "place") read the place instead.
 *
 * Partial, on `price_paise is not null` (every listing has a price): SQLite uses it only for a
 * statement that compares the price, as a price range does. Without a price, "Nearest first"'s
 * ring counts, led by (state, district) like it, took it in place of listing_near_idx, and read
 * a district by price, cheapest first, where a search's matches may all be dear: 'rice' from
 * Nashik, 43 ms a count against 0.45 ms newest first, at a million listings.
 *
 * SQLite only: PostgreSQL has it from 0032. Where the planner has statistics (ANALYZE has been
 * run, as the benchmarks do), the new index gets its own, or SQLite guesses it small beside the
 * analysed ones (as in migrations 0024 and 0028).
 */
const COLUMNS = ["state", "district", "price_paise", "status", "expires_at", "hidden_at", "category", "name_search"];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema
    .createIndex("listing_place_price_idx")
    .on("listing")
    .columns(COLUMNS)
    .where(sql.ref("price_paise"), "is not", null)
    .execute();
  const statTable = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (!Number(statTable.rows[0]?.n)) return;
  const analysed = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'listing'`.execute(db);
  if (Number(analysed.rows[0]?.n)) await sql`analyze listing_place_price_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema.dropIndex("listing_place_price_idx").execute();
}
