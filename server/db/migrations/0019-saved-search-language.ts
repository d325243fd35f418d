import type { Kysely } from "kysely";

/**
 * The language a saved search was saved in (decision 026): its alert email is written in it.
 * Accounts keep no language (the `lang` cookie is per browser), and mail leaves without a request,
 * so the page's language at the moment of saving is what the person last read Mandi in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("saved_search")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_search").dropColumn("language").execute();
}
