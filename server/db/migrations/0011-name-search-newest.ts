import type { Kysely } from "kysely";

/**
 * A deep page of a name search (page 1,000 of "onion") was found by walking the newest-first
 * index and testing every entry's name: at 1.4% of listings holding "onion", that read 700,000
 * entries. Collecting the listings of the names that hold the term and sorting them reads only
 * the matches, if the name index holds what the page is sorted and filtered by; this one now does
 * (listing-search.repository.ts chooses between the two ways per page, decision 017).
 */
const LIVE_AND_WHERE = ["category", "price_paise", "status", "expires_at", "hidden_at", "state", "district"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("listing_name_search_idx").execute();
  await db.schema
    .createIndex("listing_name_search_idx")
    .on("listing")
    .columns(["name_search", "created_at", "id", ...LIVE_AND_WHERE])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("listing_name_search_idx").execute();
  await db.schema
    .createIndex("listing_name_search_idx")
    .on("listing")
    .columns(["name_search", "category", "price_paise", "status", "expires_at", "hidden_at"])
    .execute();
}
