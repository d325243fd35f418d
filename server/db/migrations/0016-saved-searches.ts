import type { Kysely } from "kysely";

/**
 * Saved searches and their alerts (decision 022).
 *
 * - saved_search: a person's /viewmore search, kept as the query it was (JSON), with its name,
 *   pace (as they come, or a daily digest at an hour of India's time), channels and pause.
 * - saved_search_term: the index that keeps matching from reading every saved search for each new
 *   listing: one row per key a matching listing must produce (a piece of a produce word, a
 *   category, a state, or "*" for a search that names none of these). `id` is
 *   "<saved search id>|<key>", the unique column db:copy walks.
 * - alert_match: a listing a saved search found, once (unique pair); what My alerts counts and
 *   what email sends. `emailed_at` marks mail sent, so a retried job never sends it twice.
 * - alert_job: the SQLite driver's job queue (PostgreSQL uses pg-boss's own tables). The row
 *   lease (`locked_until`) is the lock; `dedupe_key` is unique, so a job is enqueued once.
 * - email_suppression: addresses that bounced permanently or unsubscribed from everything.
 * - push_subscription: a browser's Web Push endpoint and keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("saved_search")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("paused", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pace", "text", (c) => c.notNull().defaultTo("instant"))
    .addColumn("digest_hour", "integer", (c) => c.notNull().defaultTo(8))
    .addColumn("channels", "text", (c) => c.notNull().defaultTo("app"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("seen_at", "bigint", (c) => c.notNull())
    .addColumn("last_digest_at", "bigint")
    .execute();
  await db.schema.createIndex("saved_search_user_idx").on("saved_search").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("saved_search_term")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("term", "text", (c) => c.notNull())
    .addColumn("saved_search_id", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("saved_search_term_idx").on("saved_search_term").columns(["term", "saved_search_id"]).execute();
  await db.schema.createIndex("saved_search_term_search_idx").on("saved_search_term").column("saved_search_id").execute();

  await db.schema
    .createTable("alert_match")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("saved_search_id", "text", (c) => c.notNull())
    .addColumn("listing_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("emailed_at", "bigint")
    .addColumn("pushed_at", "bigint")
    .addUniqueConstraint("alert_match_pair", ["saved_search_id", "listing_id"])
    .execute();
  await db.schema.createIndex("alert_match_user_idx").on("alert_match").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("alert_job")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("run_at", "bigint", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "bigint")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint")
    .execute();
  await db.schema.createIndex("alert_job_due_idx").on("alert_job").columns(["state", "run_at"]).execute();

  await db.schema
    .createTable("email_suppression")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("push_subscription")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscription_user_idx").on("push_subscription").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["push_subscription", "email_suppression", "alert_job", "alert_match", "saved_search_term", "saved_search"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
