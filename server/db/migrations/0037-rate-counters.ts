import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Counters shared by every worker and instance (decision 046): phone numbers shown per client
 * address, the "Show number" presses, and the public API's limits per address and per account.
 * One row per counted thing (`counter_key`, e.g. `reveal:203.0.113.7`), holding its current fixed
 * window: a request is one upsert, and rows whose window ended are deleted, so the table holds
 * only who was counted in the last hour. On PostgreSQL the table is UNLOGGED: a count is written
 * on every page with a phone number, and waiting for its WAL to reach the disk doubled what one
 * costs; after a crash PostgreSQL empties it, which only forgives the counts of that hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const unlogged = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("rate_counter")
    .$call((table) => (unlogged ? table.modifyFront(sql`unlogged`) : table))
    .addColumn("counter_key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    // Epoch milliseconds (UTC) when the current window ends.
    .addColumn("window_ends_at", "bigint", (c) => c.notNull())
    .execute();
  // Pruning reads the ended windows.
  await db.schema.createIndex("rate_counter_window_idx").on("rate_counter").column("window_ends_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_counter").ifExists().execute();
}
