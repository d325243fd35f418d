import type { Kysely } from "kysely";

/**
 * Where a mandi rate came from (issue 42, item 4): "agmarknet" for the government's figures
 * (every rate imported before this column), "demo" for the made-up sample `npm run seed`
 * imports so a newcomer sees the price features. Pages never show a demo figure as the
 * government's, and importing real rates removes the demo ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("mandi_rate")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("agmarknet"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mandi_rate").dropColumn("source").execute();
}
