import type { Kysely } from "kysely";

/**
 * What produce a listing is, for price comparisons, and its quality grade (decision 019).
 * `produce_id` is a catalogue id (core/catalogue/produce) or null for none; `produce_source` says
 * who decided: "auto" (read from the name on save), "seller" (the seller chose, "none" included),
 * or null for a listing saved before this migration, which the backfill
 * (server/listings/produce-backfill.ts) reads from its name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listing").addColumn("produce_id", "text").execute();
  await db.schema.alterTable("listing").addColumn("produce_source", "text").execute();
  await db.schema.alterTable("listing").addColumn("grade", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["grade", "produce_source", "produce_id"]) await db.schema.alterTable("listing").dropColumn(column).execute();
}
