import type { Kysely } from "kysely";

/**
 * Saved listings, a buyer's favourites (issue 24, decision 023). One row per person and listing.
 * The listing's name is kept as it was when saved, so /my/saved can still say what a deleted
 * listing was ("no longer available"). No foreign key to the listing: a saved row outlives a
 * deleted listing on purpose. The rows go with the person's account (account deletion).
 *
 * No content-version trigger (migration 0009): these rows show only on the person's own pages,
 * which are never shared or cached (a signed-in request is private, decision 010).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("saved_listing")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("listing_id", "text", (c) => c.notNull())
    .addColumn("listing_name", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("saved_listing_once_idx").on("saved_listing").columns(["user_id", "listing_id"]).unique().execute();
  await db.schema.createIndex("saved_listing_newest_idx").on("saved_listing").columns(["user_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_listing").execute();
}
