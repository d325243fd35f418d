import { sql, type Kysely } from "kysely";

/**
 * The public API's mandi rates in one index range each (decision 032, issue 25). `listRates`
 * answers a produce's rates newest arrival first, then by id (both descending, so the cursor is a
 * row value, `(arrival_date, id) < (?, ?)`, which both engines take as the start of the range), in
 * a state or a district when asked. 0022's indexes hold the date but then market, variety and
 * grade (the order a page's "latest rate" needs), so the engines sorted: a produce alone read all
 * its rows (125,000 for onion at a million imported rates; 614 ms on PostgreSQL, 1.4 s on SQLite),
 * a state read its latest days' rows to order them by id. These hold the API's order itself, so a
 * page is its `limit` rows from where the cursor left off. The fourth serves `market=` (matched
 * without case, as `listRates` does), which no place index narrows: a market is a few rows of
 * thousands.
 */
const ORDER = ["arrival_date desc", "id desc"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("mandi_rate_produce_page_idx")
    .on("mandi_rate")
    .columns(["produce_id", ...ORDER])
    .execute();
  await db.schema
    .createIndex("mandi_rate_state_page_idx")
    .on("mandi_rate")
    .columns(["produce_id", "state_slug", ...ORDER])
    .execute();
  await db.schema
    .createIndex("mandi_rate_district_page_idx")
    .on("mandi_rate")
    .columns(["produce_id", "state_slug", "district_slug", ...ORDER])
    .execute();
  // An expression index: the same SQL on both engines.
  await sql`create index mandi_rate_market_page_idx on mandi_rate (produce_id, lower(market), arrival_date desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "mandi_rate_produce_page_idx",
    "mandi_rate_state_page_idx",
    "mandi_rate_district_page_idx",
    "mandi_rate_market_page_idx",
  ])
    await db.schema.dropIndex(name).execute();
}
