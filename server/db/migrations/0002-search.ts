/**
 * Search indexes (decision 007). `listing_name` holds each distinct listing name once, with how
 * many listings carry it and one of their ids; triggers keep it in step with `listing` inside the
 * same transaction, so a listing is searchable as soon as its creation returns. Suggestions,
 * typo candidates and name search all go through it: a few thousand names, not a million rows.
 *   SQLite:     an FTS5 trigram index over the names (infix, word starts, typo candidates).
 *   PostgreSQL: pg_trgm GIN index over the names, plus a pattern index for prefixes.
 * Both: listing(name_search, …) to go from names to listings; covering sort indexes so broad
 * searches and deep pages walk an index instead of sorting every match.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("listing_name")
    .addColumn("name_search", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("listing_count", "integer", (c) => c.notNull())
    .addColumn("listing_id", "text", (c) => c.notNull())
    .execute();
  // From a name to its listings; category and price ride along so filtered counts read the index only.
  await db.schema.createIndex("listing_name_search_idx").on("listing").columns(["name_search", "category", "price_paise"]).execute();
  // The two sort orders a broad search walks (newest/oldest, price), wide enough to test every
  // filter without reading the row: a deep page skips index entries, not rows.
  await db.schema.dropIndex("listing_created_at_idx").execute();
  await db.schema
    .createIndex("listing_newest_idx")
    .on("listing")
    .columns(["created_at", "id", "category", "price_paise", "name_search"])
    .execute();
  await db.schema
    .createIndex("listing_price_idx")
    .on("listing")
    .columns(["price_paise", "created_at", "id", "category", "name_search"])
    .execute();
  await db.schema
    .createIndex("listing_category_price_idx")
    .on("listing")
    .columns(["category", "price_paise", "created_at", "id"])
    .execute();
  if (postgres) await upPostgres(db);
  else await upSqlite(db);
  // Listings made before this migration.
  await sql`
    insert into listing_name (name_search, name, category, listing_count, listing_id)
    select name_search, min(name), min(category), count(*), min(id) from listing group by name_search
  `.execute(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table listing_name_fts using fts5(name_search, content='listing_name', content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  );
  // name_search is the primary key of listing_name and never updated, so insert and delete suffice.
  await sql`create trigger listing_name_fts_insert after insert on listing_name begin
    insert into listing_name_fts (rowid, name_search) values (new.rowid, new.name_search);
  end`.execute(db);
  await sql`create trigger listing_name_fts_delete after delete on listing_name begin
    insert into listing_name_fts (listing_name_fts, rowid, name_search) values ('delete', old.rowid, old.name_search);
  end`.execute(db);

  const countIn = sql`
    insert into listing_name (name_search, name, category, listing_count, listing_id)
    values (new.name_search, new.name, new.category, 1, new.id)
    on conflict (name_search) do update set listing_count = listing_count + 1;`;
  const countOut = sql`
    update listing_name set
      listing_count = listing_count - 1,
      listing_id = case when listing_id = old.id
        then coalesce((select id from listing where name_search = old.name_search and id <> old.id limit 1), listing_id)
        else listing_id end
    where name_search = old.name_search;
    delete from listing_name where name_search = old.name_search and listing_count <= 0;`;
  await sql`create trigger listing_name_count_insert after insert on listing begin ${countIn} end`.execute(db);
  await sql`create trigger listing_name_count_delete after delete on listing begin ${countOut} end`.execute(db);
  await sql`create trigger listing_name_count_update after update of name_search on listing
    when old.name_search <> new.name_search begin ${countOut} ${countIn} end`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index listing_name_trgm_idx on listing_name using gin (name_search gin_trgm_ops)`.execute(db);
  await sql`create index listing_name_prefix_idx on listing_name (name_search text_pattern_ops)`.execute(db);
  await sql`create function listing_name_track() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update listing_name set
          listing_count = listing_count - 1,
          listing_id = case when listing_id = old.id
            then coalesce((select id from listing where name_search = old.name_search and id <> old.id limit 1), listing_id)
            else listing_id end
        where name_search = old.name_search;
        delete from listing_name where name_search = old.name_search and listing_count <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into listing_name (name_search, name, category, listing_count, listing_id)
        values (new.name_search, new.name, new.category, 1, new.id)
        on conflict (name_search) do update set listing_count = listing_name.listing_count + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger listing_name_track_insert_delete after insert or delete on listing
    for each row execute function listing_name_track()`.execute(db);
  await sql`create trigger listing_name_track_update after update of name_search on listing
    for each row when (old.name_search is distinct from new.name_search) execute function listing_name_track()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger if exists listing_name_track_update on listing`.execute(db);
    await sql`drop trigger if exists listing_name_track_insert_delete on listing`.execute(db);
    await sql`drop function if exists listing_name_track()`.execute(db);
  } else {
    for (const trigger of ["listing_name_count_insert", "listing_name_count_delete", "listing_name_count_update"]) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table if exists listing_name_fts`.execute(db);
  }
  await db.schema.dropIndex("listing_category_price_idx").ifExists().execute();
  await db.schema.dropIndex("listing_price_idx").ifExists().execute();
  await db.schema.dropIndex("listing_newest_idx").ifExists().execute();
  await db.schema.createIndex("listing_created_at_idx").on("listing").columns(["created_at", "id"]).execute();
  await db.schema.dropIndex("listing_name_search_idx").ifExists().execute();
  await db.schema.dropTable("listing_name").execute();
}
