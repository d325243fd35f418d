import { sql, type Kysely } from "kysely";

/**
 * When each upload last heard from its owner (epoch ms), so uploads stranded by a crash or a
 * closed tab can be told from live ones and give way when their owner starts a new one.
 * Additive: an instance still on the older code leaves the default, 0, which reads as long idle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("photo_upload")
    .addColumn("last_active_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update photo_upload set last_active_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("photo_upload").dropColumn("last_active_at").execute();
}
