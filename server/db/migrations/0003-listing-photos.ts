import { sql, type Kysely } from "kysely";

/**
 * Several photos per listing (listing_photo, position 0 is the cover; how many is the setting
 * MAX_PHOTOS_PER_LISTING, at most 5), and the resumable uploads a seller has started but not yet
 * put on a listing (photo_upload), so their owner, the per-person limit and expiry are known to
 * every instance. listing.image_key stays: it is the
 * cover's key, kept in step by the repository, so cards need no join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listing_photo")
    .addColumn("listing_id", "text", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 0`))
    .addColumn("image_key", "text", (c) => c.notNull().unique())
    .addColumn("image_name", "text")
    .addPrimaryKeyConstraint("listing_photo_pk", ["listing_id", "position"])
    .execute();
  // Every existing listing keeps its one photo, as its cover.
  await sql`insert into listing_photo (listing_id, position, image_key, image_name)
            select id, 0, image_key, image_name from listing`.execute(db);

  await db.schema
    .createTable("photo_upload")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("photo_upload_owner_idx").on("photo_upload").column("owner_id").execute();
  await db.schema.createIndex("photo_upload_created_at_idx").on("photo_upload").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("photo_upload").execute();
  await db.schema.dropTable("listing_photo").execute();
}
