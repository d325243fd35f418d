import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/**
 * Sellers run their stall (decision 013): a listing is active or sold, and stops being shown when
 * it expires; a deleted listing leaves a tombstone so its link answers 410; produce is sold by a
 * unit (price per unit kept beside the canonical price per kg); and it says where it is.
 *
 * Additive: existing listings become active kg listings with the quantity and place unknown. They
 * get a full listing period from today, not from their listing date, so nothing disappears from the
 * market on the day this runs (their sellers had no way to renew before it).
 *
 * The covering sort indexes gain the columns every public list now tests (status, expiry, state,
 * district), so a broad search or a deep page still walks one index without reading rows.
 *
 * While a release rolls out, instances of the previous one still insert listings without an
 * expiry (0) or unit price; a trigger gives those the periods below from their listing date (so
 * no listing made during the roll-out is born expired) and their price per kg as the unit price.
 */

// A migration is a snapshot: the periods as they were decided, not the configuration of today.
const DAY_MS = 86_400_000;
const PERISHABLE = ["fruits", "vegetables"];

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  const add = (column: string, type: "text" | "bigint" | "integer" | "double precision", build = (c: ColumnDefinitionBuilder) => c) =>
    db.schema.alterTable("listing").addColumn(column, type, build).execute();

  await add("status", "text", (c) =>
    c
      .notNull()
      .defaultTo("active")
      .check(sql`status in ('active', 'sold')`),
  );
  await add("expires_at", "bigint", (c) => c.notNull().defaultTo(0));
  await add("updated_at", "bigint");
  await add("unit", "text", (c) =>
    c
      .notNull()
      .defaultTo("kg")
      .check(sql`unit in ('kg', 'quintal', 'tonne', 'dozen', 'crate')`),
  );
  await add("grams_per_unit", "bigint", (c) =>
    c
      .notNull()
      .defaultTo(1000)
      .check(sql`grams_per_unit > 0`),
  );
  await add("unit_price_paise", "bigint", (c) => c.notNull().defaultTo(0));
  await add("quantity", "double precision");
  await add("min_order", "double precision");
  await add("variety", "text");
  await add("organic", "integer", (c) => c.notNull().defaultTo(0));
  // "YYYY-MM-DD": a day, not an instant.
  await add("available_from", "text");
  // Slugs from core/locations; null for listings made before this migration.
  await add("state", "text");
  await add("district", "text");
  await add("place", "text");
  await add("pin", "text");

  await sql`update listing set
      unit_price_paise = price_paise,
      expires_at = ${sql.lit(now)} + case when category in (${sql.join(PERISHABLE.map((c) => sql.lit(c)))}) then ${sql.lit(15 * DAY_MS)} else ${sql.lit(60 * DAY_MS)} end`.execute(
    db,
  );

  const period = sql`case when new.category in (${sql.join(PERISHABLE.map((c) => sql.lit(c)))}) then ${sql.lit(15 * DAY_MS)} else ${sql.lit(60 * DAY_MS)} end`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function listing_default_expiry() returns trigger language plpgsql as $$
      begin
        if new.expires_at = 0 then new.expires_at := new.created_at + ${period}; end if;
        if new.unit_price_paise = 0 then new.unit_price_paise := new.price_paise; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger listing_default_expiry before insert on listing for each row execute function listing_default_expiry()`.execute(
      db,
    );
  } else {
    await sql`create trigger listing_default_expiry after insert on listing when new.expires_at = 0 or new.unit_price_paise = 0 begin
      update listing set
        expires_at = case when new.expires_at = 0 then new.created_at + ${period} else new.expires_at end,
        unit_price_paise = case when new.unit_price_paise = 0 then new.price_paise else new.unit_price_paise end
      where id = new.id;
    end`.execute(db);
  }

  await db.schema
    .createTable("listing_tombstone")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("removed_at", "bigint", (c) => c.notNull())
    .execute();

  for (const name of [
    "listing_newest_idx",
    "listing_price_idx",
    "listing_category_price_idx",
    "listing_category_created_at_idx",
    "listing_name_search_idx",
    "listing_seller_idx",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  const live = ["status", "expires_at"];
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
  // A seller's own listings, newest first (My listings, the seller's page).
  await db.schema.createIndex("listing_seller_idx").on("listing").columns(["seller_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists listing_default_expiry ${sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? "on listing" : "")}`.execute(
    db,
  );
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop function if exists listing_default_expiry()`.execute(db);
  for (const name of [
    "listing_newest_idx",
    "listing_price_idx",
    "listing_category_price_idx",
    "listing_category_created_at_idx",
    "listing_name_search_idx",
    "listing_location_idx",
    "listing_seller_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.dropTable("listing_tombstone").execute();
  for (const column of [
    "status",
    "expires_at",
    "updated_at",
    "unit",
    "grams_per_unit",
    "unit_price_paise",
    "quantity",
    "min_order",
    "variety",
    "organic",
    "available_from",
    "state",
    "district",
    "place",
    "pin",
  ]) {
    await db.schema.alterTable("listing").dropColumn(column).execute();
  }
  await db.schema
    .createIndex("listing_newest_idx")
    .on("listing")
    .columns(["created_at", "id", "category", "price_paise", "name_search"])
    .execute();
  await db.schema
    .createIndex("listing_price_idx")
    .on("listing")
    .columns(["price_paise", "created_at", "id", "category", "name_search"])
    .execute();
  await db.schema
    .createIndex("listing_category_price_idx")
    .on("listing")
    .columns(["category", "price_paise", "created_at", "id"])
    .execute();
  await db.schema.createIndex("listing_category_created_at_idx").on("listing").columns(["category", "created_at", "id"]).execute();
  await db.schema.createIndex("listing_name_search_idx").on("listing").columns(["name_search", "category", "price_paise"]).execute();
  await db.schema.createIndex("listing_seller_idx").on("listing").column("seller_id").execute();
}
