import type { Kysely } from "kysely";

/**
 * A phone number verified by a one-time code (issue 43, decision 058).
 *
 * `phone_code`: the one code a person has been sent, one row per person (a new code replaces the
 * old one in one upsert, which is also what makes "a resend waits 60 s" hold under a burst). Only
 * an HMAC of the code is kept. `tries` counts wrong codes; `used_at` is set once, by the one
 * request that verified with it.
 *
 * `phone_lock`: a number locked for an hour after five wrong codes, whoever's account asked (by
 * keyed hash of the number, as the rate counters key it).
 *
 * `phone_verified`: the number a person proved they hold, and when. It counts only while it is
 * still the account's number (the pages compare it with `user.phone`), and it is deleted when the
 * number is changed. All three go with the account (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("phone_code")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    // Epoch milliseconds (UTC).
    .addColumn("sent_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createTable("phone_lock")
    .addColumn("phone_key", "text", (c) => c.primaryKey())
    .addColumn("locked_until", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("phone_verified")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("verified_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("phone_verified").ifExists().execute();
  await db.schema.dropTable("phone_lock").ifExists().execute();
  await db.schema.dropTable("phone_code").ifExists().execute();
}
