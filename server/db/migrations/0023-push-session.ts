import type { Kysely } from "kysely";

/**
 * Web Push (decision 027): the better-auth session a phone turned notifications on from. A match
 * is sent only to phones whose session still exists and has not expired; a phone whose session
 * ended (expired, revoked by a password change or a ban, or its cookies cleared and never seen
 * again) is forgotten instead, so a shared phone stops hearing the previous person's alerts.
 * Null for subscriptions saved before this: they are forgotten at their next match (the decision
 * says why). No foreign key: the session table is better-auth's, and an expired session keeps its
 * row until better-auth removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("push_subscription").addColumn("session_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("push_subscription").dropColumn("session_id").execute();
}
