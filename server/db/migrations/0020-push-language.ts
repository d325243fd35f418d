import type { Kysely } from "kysely";

/**
 * Web Push (decision 027): the language of the page a phone turned notifications on from, so each
 * phone is told in the language its owner reads Mandi in (a person's language is a cookie per
 * browser, not a setting of the account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("push_subscription")
    .addColumn("lang", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("push_subscription").dropColumn("lang").execute();
}
