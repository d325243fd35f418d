import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * The government's daily mandi rates, imported from AGMARKNET's open-data resource (decision 021,
 * server/mandi-rates/). One row per record as it came: state, district, market, commodity,
 * variety and grade as written, the arrival date (ISO), and the min, max and modal prices in paise
 * per quintal. `id` is a hash of the record's natural key (state, district, market, commodity,
 * variety, grade, arrival date), so the same record imported twice is stored once (ON CONFLICT DO
 * NOTHING) and db:copy can walk the table by one column. `produce_id`, `state_slug` and
 * `district_slug` are what the importer matched (core/catalogue/produce, core/locations), or null
 * for a name it did not know.
 *
 * Listing pages show the latest rate for their produce in their district, else their state, so the
 * two indexes lead with the produce and the place and end with the date; and a listing page is
 * cached, so the table moves the content version like migration 0009's tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("mandi_rate")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("district", "text", (c) => c.notNull())
    .addColumn("state_slug", "text")
    .addColumn("district_slug", "text")
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("commodity", "text", (c) => c.notNull())
    .addColumn("produce_id", "text")
    .addColumn("variety", "text", (c) => c.notNull())
    .addColumn("grade", "text", (c) => c.notNull())
    .addColumn("arrival_date", "text", (c) => c.notNull())
    .addColumn("min_price", "bigint", (c) => c.notNull())
    .addColumn("max_price", "bigint", (c) => c.notNull())
    .addColumn("modal_price", "bigint", (c) => c.notNull())
    .addColumn("imported_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mandi_rate_district_idx")
    .on("mandi_rate")
    .columns(["produce_id", "state_slug", "district_slug", "arrival_date"])
    .execute();
  await db.schema.createIndex("mandi_rate_state_idx").on("mandi_rate").columns(["produce_id", "state_slug", "arrival_date"]).execute();

  if (postgres) {
    // content_version_bump() is migration 0009's: once per transaction, at commit.
    await sql`create constraint trigger mandi_rate_content_version
      after insert or update or delete on mandi_rate
      deferrable initially deferred for each row execute function content_version_bump()`.execute(db);
  } else {
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger ${sql.raw(`mandi_rate_content_version_${event}`)} after ${sql.raw(event)} on mandi_rate
        begin update content_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mandi_rate").ifExists().execute();
}
