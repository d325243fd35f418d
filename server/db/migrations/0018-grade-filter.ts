import type { Kysely } from "kysely";

/**
 * /viewmore's grade filter (issue 23): graded listings newest first, with the columns every
 * public list tests, so "Grade A" is counted and paged from this index alone rather than by
 * walking every listing newest first and reading each row for its grade. Partial: ungraded
 * listings (most of them) are not in it. Other filters beside a grade still walk the sort
 * indexes of migration 0008 (decision 017).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("listing_grade_newest_idx")
    .on("listing")
    .columns(["grade", "created_at", "id", "price_paise", "status", "expires_at", "hidden_at"])
    .where("grade", "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("listing_grade_newest_idx").execute();
}
