import { PostgresAdapter, type Kysely } from "kysely";

/**
 * A name search in a place, counted on PostgreSQL (decision 032, amended; issue 25). The count of
 * "onion in Nashik under ₹25" probed the name index once for each name holding the term (16,000
 * names hold "rice" at a million listings: 100 ms), because no index led by the place held the
 * price and the name. This one holds a place's listings by price with the live columns, the
 * category and the searchable name, so the listings of a place and a price range are read and
 * tested in the index alone (`countInPlace` in listing-search.repository.ts: 1.4 ms for the same
 * count). listing_location_idx keeps the category before the price for a category's page in a
 * place; listing_near_idx keeps the date for "Nearest first".
 *
 * PostgreSQL only: SQLite counts a name search through its FTS5 name index and picks its indexes
 * by the filter's columns, where one more index on the same columns could move plans measured
 * at a million listings (decisions 024 and 032).
 */
const COLUMNS = ["state", "district", "price_paise", "status", "expires_at", "hidden_at", "category", "name_search"];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.createIndex("listing_place_price_idx").on("listing").columns(COLUMNS).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.dropIndex("listing_place_price_idx").execute();
}
