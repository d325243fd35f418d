import type { Kysely } from "kysely";

/**
 * Keys for the public API (decision 032): a person makes one on /my/account to be allowed more
 * requests a minute, and may revoke it. Only a SHA-256 hash of the key is kept (the key is 256
 * random bits, so a plain hash is enough); its first characters are kept to tell keys apart on
 * the page. Gone with the account (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_key")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("api_key_user_idx").on("api_key").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("api_key").ifExists().execute();
}
