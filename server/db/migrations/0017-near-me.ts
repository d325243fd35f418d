import type { Kysely } from "kysely";

/**
 * "Nearest first" (decision 024): a page is read district by district, newest first within each
 * (server/listings/search/nearest.ts, listNearest). This index walks one district's listings in that
 * order, so a page costs its own rows, however many listings the district holds; it carries what
 * "live" reads (status, expires_at, hidden_at), so entries that are not live are skipped in it. The distance
 * itself is never stored: it comes from the district's centre (core/locations/centres.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("listing_near_idx")
    .on("listing")
    .columns(["state", "district", "created_at", "id", "status", "expires_at", "hidden_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("listing_near_idx").execute();
}
