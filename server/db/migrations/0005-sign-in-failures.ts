import type { Kysely } from "kysely";

/**
 * Failed sign-ins per account (by email), so that after too many an account's sign-in slows
 * down whichever addresses the attempts come from, on every instance alike (issue 9, finding 8).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_failure")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("first_failed_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sign_in_failure").execute();
}
