/**
 * The grade filter at scale (issue 23, migrations 0018 and 0024): fills a scratch database (never a
 * real one: it drops or disables the listing table's triggers) with N listings, 40% graded, and times
 * counting and paging by grade, newest first and by price. Then prints the plan of the deepest pages
 * by price (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN) of the exact SQL the repository ran.
 * `npx tsx scripts/bench/grade-filter.ts sqlite:/tmp/x.sqlite 1000000 [without-index]`
 * or a postgres:// URL of a scratch database. `without-index` drops listing_grade_newest_idx (0018).
 */
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import pgDriver from "pg";
import { openDatabase } from "../../server/db/database";
import type { Database } from "../../server/db/schema";
import { migrateToLatest } from "../../server/db/migrate";
import { createListingSearchRepository } from "../../server/listings/listing-search.repository";

const url = process.argv[2]!;
const N = Number(process.argv[3] ?? 1_000_000);
const db = openDatabase(url);
const pg = url.startsWith("postgres");
await migrateToLatest(db);
const k = db.kysely;
const now = Date.now();
// Drop triggers on listing in this scratch database (vocabulary and content version), then bulk insert.
const existing = Number((await sql<{ n: number }>`select count(*) as n from listing`.execute(k)).rows[0]!.n);
if (existing >= N) {
  // Already filled by an earlier run.
} else if (pg) {
  await sql`alter table listing disable trigger user`.execute(k);
  await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", phone) values ('s1','S','s1@x',false,now(),now(),'+919876543210') on conflict do nothing`.execute(
    k,
  );
  await sql`insert into listing (id, seller_id, name, name_search, category, price_paise, description, image_key, created_at, status, expires_at, unit, grams_per_unit, unit_price_paise, organic, state, district, grade)
    select 'l' || g, 's1', 'Onion ' || (g % 5000), 'onion ' || (g % 5000), (array['rice','wheat','fruits','vegetables','oil-seeds','nuts-dry-fruits'])[1 + g % 6], 1000 + (g::bigint * 7919) % 50000, 'd', 'k', ${now}::bigint - g::bigint * 1000, case when g % 20 = 0 then 'sold' else 'active' end, ${now}::bigint + 2592000000, 'kg', 1000, 1000 + (g::bigint * 7919) % 50000, 0, 'maharashtra', 'nashik',
      case when g % 100 < 60 then null when g % 100 < 75 then 'FAQ' when g % 100 < 88 then 'A' when g % 100 < 97 then 'B' else 'C' end
    from generate_series(1, ${N}) g`.execute(k);
  await sql`analyze listing`.execute(k);
} else {
  for (const row of (await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name = 'listing'`.execute(k))
    .rows)
    await sql.raw(`drop trigger "${row.name}"`).execute(k);
  await sql`insert or ignore into "user" (id, name, email, emailVerified, createdAt, updatedAt, phone) values ('s1','S','s1@x',0,0,0,'+919876543210')`.execute(
    k,
  );
  await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${N})
    insert into listing (id, seller_id, name, name_search, category, price_paise, description, image_key, created_at, status, expires_at, unit, grams_per_unit, unit_price_paise, organic, state, district, grade)
    select 'l' || n, 's1', 'Onion ' || (n % 5000), 'onion ' || (n % 5000), case n % 6 when 0 then 'rice' when 1 then 'wheat' when 2 then 'fruits' when 3 then 'vegetables' when 4 then 'oil-seeds' else 'nuts-dry-fruits' end, 1000 + (n * 7919) % 50000, 'd', 'k', ${now} - n * 1000, case when n % 20 = 0 then 'sold' else 'active' end, ${now} + 86400000 * 30, 'kg', 1000, 1000 + (n * 7919) % 50000, 0, 'maharashtra', 'nashik',
      case when n % 100 < 60 then null when n % 100 < 75 then 'FAQ' when n % 100 < 88 then 'A' when n % 100 < 97 then 'B' else 'C' end
    from g`.execute(k);
  await sql`analyze`.execute(k);
}
// The repository runs on a second connection that keeps the SQL it sends, for EXPLAIN below.
let sent: CompiledQuery[] = [];
const logged = new Kysely<Database>({
  dialect: pg
    ? new PostgresDialect({ pool: new pgDriver.Pool({ connectionString: url, max: 1 }) })
    : new SqliteDialect({ database: new SQLite(url.slice("sqlite:".length)) }),
  log: (event) => void sent.push(event.query),
});
const repo = createListingSearchRepository(logged, pg ? "postgres" : "sqlite");
const time = async (label: string, run: () => Promise<unknown>) => {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${pg ? "postgres" : "sqlite"} ${label}: median ${times[3]!.toFixed(2)} ms, max ${times[6]!.toFixed(2)} ms`);
};
const withIndex = process.argv[4] !== "without-index";
if (!withIndex) await sql`drop index listing_grade_newest_idx`.execute(k);
console.log(`${N} listings, ${withIndex ? "with" : "without"} listing_grade_newest_idx`);
for (const grade of ["A", "C"] as const) {
  const total = await repo.count({ liveAt: now, grade }, { upTo: 1000 });
  await time(`count grade=${grade} (up to 1000)`, () => repo.count({ liveAt: now, grade }, { upTo: 1000 }));
  for (const sort of ["newest", "price-asc"] as const) {
    await time(`page 1 grade=${grade} ${sort}`, () => repo.list({ filter: { liveAt: now, grade }, sort, limit: 8, offset: 0, total }));
    await time(`page 125 grade=${grade} ${sort}`, () => repo.list({ filter: { liveAt: now, grade }, sort, limit: 8, offset: 992, total }));
  }
  await time(`page 1 grade=${grade} + category vegetables`, () =>
    repo.list({ filter: { liveAt: now, grade, category: "vegetables" }, sort: "newest", limit: 8, offset: 0, total }),
  );
}

// The plan of each deep page by price: the last statement the repository sent for it (the page's
// ids and rows; a walk has no statement before it), explained with its own parameters.
for (const grade of ["A", "C"] as const) {
  for (const sort of ["price-asc", "price-desc"] as const) {
    const total = await repo.count({ liveAt: now, grade }, { upTo: 1000 });
    sent = [];
    await repo.list({ filter: { liveAt: now, grade }, sort, limit: 8, offset: 992, total });
    const query = sent.at(-1)!;
    const explained = pg
      ? await logged.executeQuery(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]))
      : await logged.executeQuery(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    const lines = (explained.rows as Array<Record<string, unknown>>).map((row) =>
      String(row["QUERY PLAN"] ?? `${"  ".repeat(Number(row.parent ? 1 : 0))}${row.detail}`),
    );
    console.log(`\n${pg ? "EXPLAIN" : "EXPLAIN QUERY PLAN"}, page 125 grade=${grade} ${sort}:\n  ${lines.join("\n  ")}`);
  }
}
await logged.destroy();
await db.kysely.destroy();
