import { sql, type Kysely } from "kysely";

// A migration is a snapshot: the category list as it was when this ran, not core's current one.
const CATEGORY_SLUGS = ["rice", "wheat", "fruits", "vegetables", "oil-seeds", "nuts-dry-fruits"];

// Auth tables (user, session, account, verification) are created by better-auth's own migrator,
// which runs before these; see server/db/migrate.ts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listing")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("seller_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_search", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().check(sql`category in (${sql.join(CATEGORY_SLUGS.map((slug) => sql.lit(slug)))})`))
    .addColumn("price_paise", "bigint", (c) => c.notNull().check(sql`price_paise > 0`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("image_key", "text", (c) => c.notNull())
    .addColumn("image_name", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("listing_created_at_idx").on("listing").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("listing_category_created_at_idx").on("listing").columns(["category", "created_at", "id"]).execute();
  await db.schema.createIndex("listing_seller_idx").on("listing").column("seller_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("listing").execute();
}
