import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * One number that changes whenever something a public page shows changes (decision 017): a
 * listing, its photos, its tombstone, a seller's name, phone or ban, a seller's place. The
 * in-process page cache (server/page-cache/) keeps an anonymous page only while this number is
 * the one it was rendered at, so a change shows at once on every worker and every instance,
 * however it was written (a page, a script, a moderator, another release during a roll-out).
 *
 * SQLite writes one row at a time, so row triggers cannot deadlock. On PostgreSQL the bump is a
 * deferred constraint trigger, done once per transaction at commit: the counter's row lock is
 * taken last and held for the commit only, so two transactions that lock listings in different
 * orders never also wait on each other through it.
 *
 * Also: listing names by how many listings carry them, so a two-letter search inside words (no
 * trigram index can serve it) looks only among the most listed names (decision 017).
 */
const WATCHED: Array<{ table: string; events: Array<"insert" | "update" | "delete"> }> = [
  { table: "listing", events: ["insert", "update", "delete"] },
  { table: "listing_photo", events: ["insert", "update", "delete"] },
  { table: "listing_tombstone", events: ["insert", "delete"] },
  { table: "seller_place", events: ["insert", "update", "delete"] },
  // better-auth's table: a name, phone or ban shows on listing and seller pages. Sign-ups do not.
  { table: "user", events: ["update", "delete"] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("content_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into content_version (id, version) values (1, 1)`.execute(db);
  await db.schema.createIndex("listing_name_count_idx").on("listing_name").columns(["listing_count", "name_search"]).execute();

  if (postgres) {
    // A transaction-local setting remembers that this transaction has bumped already.
    await sql`create function content_version_bump() returns trigger language plpgsql as $$
      begin
        if coalesce(current_setting('mandi.content_version_bumped', true), '') <> 'on' then
          perform set_config('mandi.content_version_bumped', 'on', true);
          update content_version set version = version + 1 where id = 1;
        end if;
        return null;
      end $$`.execute(db);
    for (const { table, events } of WATCHED) {
      await sql`create constraint trigger ${sql.raw(`${table}_content_version`)}
        after ${sql.raw(events.join(" or "))} on ${sql.table(table)}
        deferrable initially deferred for each row execute function content_version_bump()`.execute(db);
    }
  } else {
    for (const { table, events } of WATCHED) {
      for (const event of events) {
        await sql`create trigger ${sql.raw(`${table}_content_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin update content_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, events } of WATCHED) {
    if (postgres) await sql`drop trigger if exists ${sql.raw(`${table}_content_version`)} on ${sql.table(table)}`.execute(db);
    else for (const event of events) await sql`drop trigger if exists ${sql.raw(`${table}_content_version_${event}`)}`.execute(db);
  }
  if (postgres) await sql`drop function if exists content_version_bump()`.execute(db);
  await db.schema.dropTable("content_version").execute();
  await db.schema.dropIndex("listing_name_count_idx").ifExists().execute();
}
