import type { Kysely } from "kysely";

/**
 * The latest mandi rate for a produce and a place in one index probe (decision 029). A listing's
 * page, the sell form and the price pages show "the latest rate": the newest arrival date, then
 * that day's first market, variety and grade (`latestRate`, so the same page shows the same
 * rate). Migration 0013's indexes end with the date, so the engine read every record of the
 * place's produce (PostgreSQL, before it had statistics: 15,625 rows and 438 ms for onion in
 * Nashik at a million imported rows) or every record of the latest day (an incremental sort:
 * 3,001 rows and 24 ms for onion in Maharashtra) and sorted them. These indexes hold the whole
 * order, the date newest first, so the first entry is the answer. They replace 0013's, whose
 * leading columns they repeat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const order = ["arrival_date desc", "market", "variety", "grade"] as const;
  await db.schema
    .createIndex("mandi_rate_district_latest_idx")
    .on("mandi_rate")
    .columns(["produce_id", "state_slug", "district_slug", ...order])
    .execute();
  await db.schema
    .createIndex("mandi_rate_state_latest_idx")
    .on("mandi_rate")
    .columns(["produce_id", "state_slug", ...order])
    .execute();
  await db.schema.dropIndex("mandi_rate_district_idx").execute();
  await db.schema.dropIndex("mandi_rate_state_idx").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("mandi_rate_district_idx")
    .on("mandi_rate")
    .columns(["produce_id", "state_slug", "district_slug", "arrival_date"])
    .execute();
  await db.schema.createIndex("mandi_rate_state_idx").on("mandi_rate").columns(["produce_id", "state_slug", "arrival_date"]).execute();
  await db.schema.dropIndex("mandi_rate_district_latest_idx").execute();
  await db.schema.dropIndex("mandi_rate_state_latest_idx").execute();
}
