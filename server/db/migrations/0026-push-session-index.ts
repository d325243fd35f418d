import type { Kysely } from "kysely";

/**
 * Web Push (decision 027): find a phone's subscriptions by the session they were made from. A
 * password change moves them from the old session to the new one (`moveSession`), which read the
 * whole table without this. `listLiveForUser` goes by person (0016's index) and meets the session
 * by its primary key, so it does not need it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("push_subscription_session_idx").on("push_subscription").column("session_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("push_subscription_session_idx").execute();
}
