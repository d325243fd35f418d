import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * An organisation badge (issue 43, item 5; decision 061): a seller's FPO registration number or
 * mandi trader's licence number, as they entered it on /my/account, and staff's check of it. One
 * row per person (a new number replaces the old one and waits for a new check); it goes with the
 * account (cascade). `status`: pending, approved ("FPO verified by Mandi" on the listing's and the
 * seller's pages) or refused (with the reason the seller reads). Who decided is in the audit log.
 *
 * A badge shows on public pages, so a change moves the content version, as migration 0009's
 * tables do (decision 017): a cached page notices at once.
 */
const EVENTS = ["insert", "update", "delete"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("seller_organisation")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('fpo', 'trader')`))
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'approved', 'refused')`))
    // Epoch milliseconds (UTC).
    .addColumn("submitted_at", "bigint", (c) => c.notNull())
    .addColumn("decided_at", "bigint")
    .addColumn("refusal_reason", "text")
    .execute();
  // Staff's list of numbers to check, oldest first.
  await db.schema
    .createIndex("seller_organisation_pending_idx")
    .on("seller_organisation")
    .columns(["submitted_at", "user_id"])
    .where(sql.ref("status"), "=", "pending")
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create constraint trigger seller_organisation_content_version
      after ${sql.raw(EVENTS.join(" or "))} on seller_organisation
      deferrable initially deferred for each row execute function content_version_bump()`.execute(db);
  } else {
    for (const event of EVENTS) {
      await sql`create trigger ${sql.raw(`seller_organisation_content_version_${event}`)} after ${sql.raw(event)} on seller_organisation
        begin update content_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The table's triggers go with it.
  await db.schema.dropTable("seller_organisation").ifExists().execute();
}
