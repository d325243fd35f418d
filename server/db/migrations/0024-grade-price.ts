import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * /viewmore's grade filter in price order (issue 23, decision 029): graded listings cheapest first
 * (read backwards for dearest first), in the sort's own order (price, then listing order, as
 * `applySort` orders them) with the columns every public list tests. Migration 0018's index holds
 * graded listings newest first, so a page by price had to walk the whole price index reading each
 * row for its grade: page 125 of grade C by price took 0.5 s on SQLite at a million listings. Here
 * it is a range of this index. Partial, like 0018's: ungraded listings (most) are not in it.
 *
 * SQLite took a plain `grade is not null` index for newest-first pages by grade too, then sorted
 * the whole grade (page 125 of grade A newest first: 0.4 ms → 37–69 ms; grade A and a category:
 * 0.3 ms → 1.3–2.4 s at a million listings), with or without planner statistics. Hence the
 * second condition below. And where the database has statistics (someone ran ANALYZE, as the
 * benchmarks do), the new index gets its own, so the planner does not guess it holds 10 rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("listing_grade_price_idx")
    .on("listing")
    .columns(["grade", "price_paise", "created_at", "id", "status", "expires_at", "hidden_at"])
    // `price_paise is not null` is true of every listing: only a query that names the price
    // (`price_paise >= 0`, which listPage adds to a grade in price order) may use this index, so
    // a newest-first page by grade keeps 0018's however much the planner knows.
    .where(sql<boolean>`grade is not null and price_paise is not null`)
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const statTable = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (!Number(statTable.rows[0]?.n)) return;
  const analysed = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'listing'`.execute(db);
  if (Number(analysed.rows[0]?.n)) await sql`analyze listing_grade_price_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("listing_grade_price_idx").execute();
}
