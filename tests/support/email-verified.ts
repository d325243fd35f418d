/**
 * Test helper: marks a person's address as confirmed straight in the database, as following the
 * link from their inbox would (better-auth's `emailVerified`, decision 045). For tests about
 * what alert mail does once an address may be mailed; the link itself is tested through its
 * real page in server/alerts/delivery/alert-mail.test.ts.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../server/db/schema";

export async function markEmailVerifiedForTest(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable("user")
    .set({ emailVerified: sql<boolean>`true` })
    .where("id", "=", userId)
    .execute();
}

/** The same, for a person known by their address (a test that drives an app process over HTTP). */
export async function markEmailVerifiedByAddressForTest(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .updateTable("user")
    .set({ emailVerified: sql<boolean>`true` })
    .where("email", "=", email.toLowerCase())
    .execute();
}
