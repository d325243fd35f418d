import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Price insight's aggregate (decision 020): one small row per listing that can speak for a price
 * (a produce, a place, not hidden), kept in step with `listing` by triggers inside the same
 * transaction, so a listing saved on any instance moves the insight at once. Sold listings stay
 * (a sale is the best price signal); hidden ones leave. `day` is the listing's last change, in
 * days since the epoch (UTC), so "the last 30 days" is an index range. Three covering indexes
 * answer a produce's district, state and all-India samples without touching `listing` or the
 * row: the service reads a few thousand narrow index entries and takes the median in process.
 * Rows follow their listing out (delete trigger, also on an account's deletion by cascade). The
 * content version needs no trigger of its own: every change here is a change of `listing`,
 * which already moves it (migration 0009).
 */
const COLUMNS = "listing_id, produce_id, state, district, grade, seller_id, day, price_paise";
const PICK = (row: "new") =>
  sql.raw(`${row}.id, ${row}.produce_id, ${row}.state, ${row}.district, ${row}.grade, ${row}.seller_id,
    coalesce(${row}.updated_at, ${row}.created_at) / 86400000, ${row}.price_paise`);
const COUNTS = (row: "new") =>
  sql.raw(`${row}.produce_id is not null and ${row}.state is not null and ${row}.district is not null and ${row}.hidden_at is null`);
/** The columns whose change can move a listing's price point. */
const WATCHED = "produce_id, state, district, grade, seller_id, price_paise, hidden_at, updated_at, created_at";

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("price_point")
    .addColumn("listing_id", "text", (c) => c.primaryKey())
    .addColumn("produce_id", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("district", "text", (c) => c.notNull())
    .addColumn("grade", "text")
    .addColumn("seller_id", "text", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("price_paise", "integer", (c) => c.notNull())
    .execute();
  const tail = ["grade", "seller_id", "price_paise"];
  await db.schema
    .createIndex("price_point_india_idx")
    .on("price_point")
    .columns(["produce_id", "day", "state", "district", ...tail])
    .execute();
  await db.schema
    .createIndex("price_point_state_idx")
    .on("price_point")
    .columns(["produce_id", "state", "day", "district", ...tail])
    .execute();
  await db.schema
    .createIndex("price_point_district_idx")
    .on("price_point")
    .columns(["produce_id", "state", "district", "day", ...tail])
    .execute();

  if (postgres) {
    await sql`create function price_point_sync() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          delete from price_point where listing_id = old.id;
        end if;
        if tg_op <> 'DELETE' and ${COUNTS("new")} then
          insert into price_point (${sql.raw(COLUMNS)}) values (${PICK("new")});
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger price_point_sync after insert or delete or update of ${sql.raw(WATCHED)} on listing
      for each row execute function price_point_sync()`.execute(db);
  } else {
    const put = sql`insert into price_point (${sql.raw(COLUMNS)}) select ${PICK("new")} where ${COUNTS("new")};`;
    await sql`create trigger price_point_insert after insert on listing begin ${put} end`.execute(db);
    await sql`create trigger price_point_update after update of ${sql.raw(WATCHED)} on listing begin
      delete from price_point where listing_id = old.id; ${put} end`.execute(db);
    await sql`create trigger price_point_delete after delete on listing begin delete from price_point where listing_id = old.id; end`.execute(
      db,
    );
  }
  // Listings saved before this migration.
  await sql`insert into price_point (${sql.raw(COLUMNS)})
    select id, produce_id, state, district, grade, seller_id, coalesce(updated_at, created_at) / 86400000, price_paise
    from listing where produce_id is not null and state is not null and district is not null and hidden_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger if exists price_point_sync on listing`.execute(db);
    await sql`drop function if exists price_point_sync()`.execute(db);
  } else {
    for (const event of ["insert", "update", "delete"]) await sql`drop trigger if exists ${sql.raw(`price_point_${event}`)}`.execute(db);
  }
  await db.schema.dropTable("price_point").execute();
}
