import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Trust and safety (decision 014): anyone can report a listing, moderators hide and restore
 * listings and ban sellers, and every such action is written to an append-only log.
 *
 * - A listing hidden by moderation keeps its own status (active or sold) and gains `hidden_at`:
 *   hiding is a separate axis, so restoring it gives back exactly what the seller had. Every
 *   public list asks for `hidden_at is null`, so the covering sort indexes gain that column and a
 *   broad search still walks one index without reading rows.
 * - Reports are kept when their listing is deleted (no foreign key): a seller cannot wipe the
 *   record of reports by deleting and posting again. They go with either person's account.
 * - The audit log refuses UPDATE and DELETE in the database itself, so no code path, ours or a
 *   future one, can rewrite it.
 *
 * Roles and bans are columns of better-auth's user table (role, banned, banReason), declared in
 * server/auth/auth.ts and added by better-auth's migrator before this runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [column, type] of [
    ["hidden_at", "bigint"],
    ["hidden_reason", "text"],
    ["hidden_cause", "text"],
    ["review_requested_at", "bigint"],
  ] as const) {
    await db.schema.alterTable("listing").addColumn(column, type).execute();
  }

  for (const name of [
    "listing_newest_idx",
    "listing_price_idx",
    "listing_category_price_idx",
    "listing_category_created_at_idx",
    "listing_name_search_idx",
    "listing_location_idx",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await createCoveringIndexes(db, ["status", "expires_at", "hidden_at"]);
  // The moderation queue's "hidden" view, and a seller's hidden listings.
  await db.schema
    .createIndex("listing_hidden_idx")
    .on("listing")
    .columns(["hidden_at", "id"])
    .where(sql.ref("hidden_at"), "is not", null)
    .execute();

  await db.schema
    .createTable("listing_report")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("listing_id", "text", (c) => c.notNull())
    .addColumn("seller_id", "text", (c) => c.notNull())
    // "user:<id>" or "address:<keyed hash of the address>": one report per person per listing.
    .addColumn("reporter_key", "text", (c) => c.notNull())
    .addColumn("reporter_id", "text")
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('scam', 'category', 'price', 'sold', 'offensive', 'other')`))
    .addColumn("details", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("resolved_at", "bigint")
    .addColumn("resolution", "text", (c) => c.check(sql`resolution in ('dismissed', 'actioned')`))
    .execute();
  await db.schema.createIndex("listing_report_once_idx").on("listing_report").columns(["listing_id", "reporter_key"]).unique().execute();
  await db.schema.createIndex("listing_report_reporter_idx").on("listing_report").columns(["reporter_key", "created_at"]).execute();
  await db.schema
    .createIndex("listing_report_open_idx")
    .on("listing_report")
    .columns(["listing_id", "created_at"])
    .where(sql.ref("resolved_at"), "is", null)
    .execute();
  await db.schema.createIndex("listing_report_seller_idx").on("listing_report").column("seller_id").execute();
  await db.schema.createIndex("listing_report_reporter_id_idx").on("listing_report").column("reporter_id").execute();

  await db.schema
    .createTable("moderation_audit")
    .addColumn("id", postgres ? "bigserial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("at", "bigint", (c) => c.notNull())
    // The actor's id and their name at the time, so the log stays readable after an account goes;
    // null for the command line and for automatic hiding.
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text", (c) => c.notNull().check(sql`target_type in ('listing', 'person')`))
    .addColumn("target_id", "text", (c) => c.notNull())
    // What the target was called at the time (a listing's name, a person's email).
    .addColumn("target_label", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .execute();
  await db.schema.createIndex("moderation_audit_target_idx").on("moderation_audit").columns(["target_type", "target_id", "at"]).execute();

  if (postgres) {
    await sql`create function moderation_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception 'moderation_audit is append-only'; end $$`.execute(db);
    await sql`create trigger moderation_audit_append_only before update or delete on moderation_audit
      for each statement execute function moderation_audit_append_only()`.execute(db);
  } else {
    for (const event of ["update", "delete"]) {
      await sql`create trigger ${sql.raw(`moderation_audit_no_${event}`)} before ${sql.raw(event)} on moderation_audit
        begin select raise(abort, 'moderation_audit is append-only'); end`.execute(db);
    }
  }
}

/** The sort indexes of migration 0006, with `live` as the columns every public list tests. */
async function createCoveringIndexes(db: Kysely<unknown>, live: string[]) {
  const where = ["state", "district"];
  await db.schema
    .createIndex("listing_newest_idx")
    .on("listing")
    .columns(["created_at", "id", "category", "price_paise", "name_search", ...live, ...where])
    .execute();
  await db.schema
    .createIndex("listing_price_idx")
    .on("listing")
    .columns(["price_paise", "created_at", "id", "category", "name_search", ...live, ...where])
    .execute();
  await db.schema
    .createIndex("listing_category_price_idx")
    .on("listing")
    .columns(["category", "price_paise", "created_at", "id", ...live])
    .execute();
  await db.schema
    .createIndex("listing_category_created_at_idx")
    .on("listing")
    .columns(["category", "created_at", "id", "price_paise", ...live])
    .execute();
  await db.schema
    .createIndex("listing_name_search_idx")
    .on("listing")
    .columns(["name_search", "category", "price_paise", ...live])
    .execute();
  await db.schema
    .createIndex("listing_location_idx")
    .on("listing")
    .columns(["state", "district", "category", "price_paise", ...live])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable("moderation_audit").execute();
  if (postgres) await sql`drop function if exists moderation_audit_append_only()`.execute(db);
  await db.schema.dropTable("listing_report").execute();
  for (const name of [
    "listing_newest_idx",
    "listing_price_idx",
    "listing_category_price_idx",
    "listing_category_created_at_idx",
    "listing_name_search_idx",
    "listing_location_idx",
    "listing_hidden_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const column of ["hidden_at", "hidden_reason", "hidden_cause", "review_requested_at"]) {
    await db.schema.alterTable("listing").dropColumn(column).execute();
  }
  await createCoveringIndexes(db, ["status", "expires_at"]);
}
