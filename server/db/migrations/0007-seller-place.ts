import type { Kysely } from "kysely";

/**
 * Where a seller sells from, set on their account page: it starts their Sell form (decision 013).
 * One row per seller at most; it goes with the person (ON DELETE CASCADE, and account deletion
 * removes it outright).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("seller_place")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("district", "text", (c) => c.notNull())
    .addColumn("place", "text")
    .addColumn("pin", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("seller_place").execute();
}
