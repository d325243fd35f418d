import type { Kysely } from "kysely";

/**
 * Who is working on an upload right now (server/uploads/upload-locker.ts). `npm start` runs a
 * worker per core and several instances may share a database, and tus must never let two
 * requests write one upload at once: a held lock is a row, with a lease its holder keeps renewing
 * and a flag another request raises to ask it to let go (a phone that lost signal mid-chunk
 * leaves a request open that its retry must not wait out).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("upload_lock")
    .addColumn("upload_id", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("release_requested", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("upload_lock").execute();
}
