import type { Kysely } from "kysely";

/**
 * Alert mail per address, not per account (issue 38, finding 2; decision 045):
 *
 * - address_suppression: an address that unsubscribed with one click or bounced for good, kept
 *   as a keyed hash (HMAC-SHA-256 under a key derived from the app's secret) of the normalised
 *   address, never the address. It is not the account's: deleting the account leaves it, so a
 *   new account on the same address is still not mailed until that address confirms from its
 *   own inbox. The rows of email_suppression (plain addresses) are moved here, hashed, when the
 *   app starts (a migration has no secret: server/alerts/delivery/mail-suppression.repository.ts,
 *   moveLegacySuppressions); that table is left empty.
 * - address_mail_count: mails sent to an address (same hash) on one day in India, by kind
 *   ("alert": instant mails and digests, "link": verification links), for the daily caps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("address_suppression")
    .addColumn("address_hash", "text", (c) => c.primaryKey())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("address_mail_count")
    .addColumn("address_hash", "text", (c) => c.notNull())
    .addColumn("day", "bigint", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("sent", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("address_mail_count_pk", ["address_hash", "day", "kind"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("address_mail_count").ifExists().execute();
  await db.schema.dropTable("address_suppression").ifExists().execute();
}
