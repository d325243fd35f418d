/**
 * SQL the benchmarks need and the app does not: loading a synthetic marketplace fast, and the
 * plain `LIKE '%…%'` scans that answer the same questions as the indexed search (the baseline).
 */
import { randomUUID } from "node:crypto";
import SQLite from "better-sqlite3";
import { sql, type Insertable, type Kysely } from "kysely";
import pg from "pg";
import type { Database, SavedSearchTable, SavedSearchTermTable } from "../../server/db/schema";
import type { SyntheticListing } from "../../server/seed/factories";
import { escapeLike } from "../../server/listings/search/filter";
import { normaliseSearchText } from "../../core/search/search-text";
import { resolveCategory } from "../../core/catalogue/categories";
import { GRADES } from "../../core/catalogue/grades";
import { matchProduce } from "../../core/catalogue/produce";

/** What produce a synthetic name is, read once per name as the app reads it on save (decision 019). */
const produceOfName = new Map<string, string | null>();
function produceOf(name: string, category: string): string | null {
  const key = `${category}|${name}`;
  let id = produceOfName.get(key);
  if (id === undefined) {
    id = matchProduce(name, resolveCategory(category))?.id ?? null;
    produceOfName.set(key, id);
  }
  return id;
}

const BATCH = 5_000;

/** Sellers for the synthetic listings, straight into better-auth's user table. */
function sellerRows(count: number) {
  const now = new Date("2026-11-22T00:00:00Z");
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-seller-${i}`,
    name: `Bench Seller ${i}`,
    email: `bench${i}@example.in`,
    phone: `+9198${String(i).padStart(8, "0")}`,
    emailVerified: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  }));
}

/** A few real districts (core/locations slugs), so location filters have something to find. */
const PLACES = [
  ["maharashtra", "nashik"],
  ["maharashtra", "pune"],
  ["punjab", "ludhiana"],
  ["uttar-pradesh", "agra"],
  ["karnataka", "kolar"],
  ["west-bengal", "hooghly"],
] as const;
const BENCH_NOW = Date.now();

/**
 * One in ten listings is sold, one in ten has expired, and one in a hundred is hidden by a
 * moderator (decision 014), as on a market that has run a while.
 */
function listingRow(listing: SyntheticListing, i: number, sellers: number) {
  const [state, district] = PLACES[i % PLACES.length]!;
  return {
    id: randomUUID(),
    seller_id: `bench-seller-${i % sellers}`,
    name: listing.name,
    name_search: normaliseSearchText(listing.name),
    category: listing.category,
    price_paise: listing.pricePaise,
    description: listing.description,
    image_key: `listings/bench-${i % 50}`,
    image_name: null,
    created_at: listing.createdAt,
    status: i % 10 === 1 ? "sold" : "active",
    expires_at: BENCH_NOW + (i % 10 === 2 ? -86_400_000 : 30 * 86_400_000),
    hidden_at: i % 100 === 3 ? BENCH_NOW - 86_400_000 : null,
    unit_price_paise: listing.pricePaise,
    state,
    district,
    // Issue 23: the produce its name says, and a grade on three listings in five (FAQ, A, B, C).
    produce_id: produceOf(listing.name, listing.category),
    produce_source: "auto",
    grade: i % 5 < 3 ? GRADES[i % GRADES.length]! : null,
  };
}

/**
 * SQLite: one prepared statement, a transaction per batch; the triggers keep listing_name and
 * its trigram index in step exactly as in production.
 */
export function loadSqlite(file: string, listings: Iterable<SyntheticListing>, options: { sellers: number; onBatch(done: number): void }) {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -262144");
  const insertSeller = db.prepare(
    `insert into "user" (id, name, email, phone, emailVerified, createdAt, updatedAt) values (@id, @name, @email, @phone, @emailVerified, @createdAt, @updatedAt)`,
  );
  db.transaction(() => sellerRows(options.sellers).forEach((row) => insertSeller.run(row)))();
  const insert = db.prepare(
    `insert into listing (id, seller_id, name, name_search, category, price_paise, description, image_key, image_name, created_at, status, expires_at, hidden_at, unit_price_paise, state, district, produce_id, produce_source, grade)
     values (@id, @seller_id, @name, @name_search, @category, @price_paise, @description, @image_key, @image_name, @created_at, @status, @expires_at, @hidden_at, @unit_price_paise, @state, @district, @produce_id, @produce_source, @grade)`,
  );
  const insertBatch = db.transaction((rows: ReturnType<typeof listingRow>[]) => rows.forEach((row) => insert.run(row)));
  let batch: ReturnType<typeof listingRow>[] = [];
  let done = 0;
  for (const listing of listings) {
    batch.push(listingRow(listing, done++, options.sellers));
    if (batch.length === BATCH) {
      insertBatch(batch);
      batch = [];
      options.onBatch(done);
    }
  }
  if (batch.length) insertBatch(batch);
  options.onBatch(done);
  db.exec("analyze");
  db.close();
}

/** PostgreSQL: multi-row inserts through unnest (one round trip per batch), then VACUUM ANALYZE. */
export async function loadPostgres(
  url: string,
  listings: Iterable<SyntheticListing>,
  options: { sellers: number; onBatch(done: number): void },
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sellers = sellerRows(options.sellers);
    await client.query(
      `insert into "user" (id, name, email, phone, "emailVerified", "createdAt", "updatedAt")
       select id, name, email, phone, false, now(), now() from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as s(id, name, email, phone)`,
      [sellers.map((s) => s.id), sellers.map((s) => s.name), sellers.map((s) => s.email), sellers.map((s) => s.phone)],
    );
    let batch: ReturnType<typeof listingRow>[] = [];
    let done = 0;
    const flush = async () => {
      const column = <K extends keyof ReturnType<typeof listingRow>>(key: K) => batch.map((row) => row[key]);
      await client.query(
        `insert into listing (id, seller_id, name, name_search, category, price_paise, description, image_key, created_at, status, expires_at, hidden_at, unit_price_paise, state, district, produce_id, produce_source, grade)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::bigint[], $10::text[], $11::bigint[], $12::bigint[], $13::bigint[], $14::text[], $15::text[], $16::text[], $17::text[], $18::text[])`,
        [
          column("id"),
          column("seller_id"),
          column("name"),
          column("name_search"),
          column("category"),
          column("price_paise"),
          column("description"),
          column("image_key"),
          column("created_at"),
          column("status"),
          column("expires_at"),
          column("hidden_at"),
          column("unit_price_paise"),
          column("state"),
          column("district"),
          column("produce_id"),
          column("produce_source"),
          column("grade"),
        ],
      );
      batch = [];
      options.onBatch(done);
    };
    for (const listing of listings) {
      batch.push(listingRow(listing, done++, options.sellers));
      if (batch.length === BATCH) await flush();
    }
    if (batch.length) await flush();
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

/** Empties a PostgreSQL marketplace fast (TRUNCATE skips the per-row triggers). */
export async function emptyMarketplace(db: Kysely<Database>): Promise<void> {
  // listing_photo refers to listing (migration 0003): PostgreSQL truncates them together or not at all.
  await sql`truncate listing, listing_photo, listing_name, price_point`.execute(db);
  await db.deleteFrom("user").where("id", "like", "bench-seller-%").execute();
}

/** Whether the marketplace's listings know their produce (built since issue 23), else it is rebuilt. */
export async function knowsProduce(db: Kysely<Database>): Promise<boolean> {
  return Boolean(await db.selectFrom("listing").select("id").where("produce_id", "is not", null).limit(1).executeTakeFirst());
}

export async function countListings(db: Kysely<Database>): Promise<{ listings: number; names: number }> {
  const listings = await db
    .selectFrom("listing")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  const names = await db
    .selectFrom("listing_name")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return { listings: Number(listings.n), names: Number(names.n) };
}

/**
 * The baseline: the same questions answered by scanning every listing with LIKE '%…%', as the
 * code did before decision 007.
 */
export function createLikeScan(db: Kysely<Database>) {
  const contains = (text: string) => sql<string>`${`%${escapeLike(text)}%`} escape '\\'`;
  return {
    /** Up to 15 distinct names containing the text: prefix first, then word start, then inside. */
    async suggest(text: string) {
      return db
        .selectFrom("listing")
        .select(["name_search", (eb) => eb.fn.countAll().as("listings")])
        .where("name_search", "like", contains(text))
        .groupBy("name_search")
        .orderBy(
          sql`case when name_search like ${`${escapeLike(text)}%`} escape '\\' then 0 when name_search like ${`% ${escapeLike(text)}%`} escape '\\' then 1 else 2 end`,
        )
        .orderBy(sql`count(*)`, "desc")
        .orderBy("name_search")
        .limit(15)
        .execute();
    },

    /** One page of a name search (optionally in a category, or naming one), with the total. */
    async search(options: { text: string; category?: string; orCategory?: string; page: number }) {
      const filtered = () => {
        let query = db.selectFrom("listing");
        if (options.category) query = query.where("category", "=", options.category);
        return query.where((eb) =>
          eb.or([
            eb("name_search", "like", contains(options.text)),
            ...(options.orCategory ? [eb("category", "=", options.orCategory)] : []),
          ]),
        );
      };
      const total = await filtered()
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      const items = await filtered()
        .select(["id", "name", "category", "price_paise", "image_key", "created_at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(8)
        .offset((options.page - 1) * 8)
        .execute();
      return { total, items };
    },
  };
}

/**
 * People for the alert benchmarks, straight into better-auth's user table, with their addresses
 * confirmed (alert mail goes only to those, decision 045; emailVerified is 0/1 on SQLite).
 */
export async function insertBenchUsers(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  users: Array<{ id: string; name: string; email: string }>,
): Promise<void> {
  const at = new Date("2026-11-22T00:00:00Z").toISOString();
  const rows = users.map((u, i) => ({
    ...u,
    phone: `+9197${String(i).padStart(8, "0")}`,
    emailVerified: dialect === "sqlite" ? 1 : true,
    image: null,
    createdAt: at,
    updatedAt: at,
    banReason: null,
  }));
  for (let i = 0; i < rows.length; i += 1_000)
    await db
      .insertInto("user")
      .values(rows.slice(i, i + 1_000))
      .execute();
}

export interface BenchListing {
  id: string;
  sellerId: string;
  name: string;
  category: string;
  pricePaise: number;
  state: string;
  district: string;
  grade: string | null;
  createdAt: number;
}

/** Live listings as a seller's save writes them (the triggers keep the search tables in step). */
export async function insertBenchListings(db: Kysely<Database>, listings: readonly BenchListing[]): Promise<void> {
  const rows = listings.map((l) => ({
    id: l.id,
    seller_id: l.sellerId,
    name: l.name,
    name_search: normaliseSearchText(l.name),
    category: l.category,
    price_paise: l.pricePaise,
    description: "Benchmark listing",
    image_key: "listings/bench-alerts",
    image_name: null,
    created_at: l.createdAt,
    status: "active" as const,
    expires_at: l.createdAt + 30 * 86_400_000,
    hidden_at: null,
    unit: "kg",
    grams_per_unit: 1000,
    organic: 0,
    unit_price_paise: l.pricePaise,
    state: l.state,
    district: l.district,
    produce_id: produceOf(l.name, l.category),
    produce_source: "auto" as const,
    grade: l.grade,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("listing")
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Saved searches and their index rows, many to a statement (the app saves one at a time). */
export async function insertBenchSavedSearches(
  db: Kysely<Database>,
  searches: ReadonlyArray<{ row: Insertable<SavedSearchTable>; keys: ReadonlyArray<Insertable<SavedSearchTermTable>> }>,
): Promise<void> {
  for (let i = 0; i < searches.length; i += 2_000) {
    const batch = searches.slice(i, i + 2_000);
    await db.transaction().execute(async (trx) => {
      const rows = batch.map((s) => s.row);
      const keys = batch.flatMap((s) => s.keys);
      for (let k = 0; k < rows.length; k += 500)
        await trx
          .insertInto("saved_search")
          .values(rows.slice(k, k + 500))
          .execute();
      for (let k = 0; k < keys.length; k += 1_000)
        await trx
          .insertInto("saved_search_term")
          .values(keys.slice(k, k + 1_000))
          .execute();
    });
  }
}

/** What an earlier run of an alert benchmark left in a reused database. */
export async function clearBenchAlerts(db: Kysely<Database>): Promise<void> {
  for (const table of ["alert_job", "alert_match", "saved_search_term", "saved_search"] as const) await db.deleteFrom(table).execute();
  // pg-boss's queue (PostgreSQL): the jobs an earlier run queued must not be run by this one.
  const { rows } = await sql<{ name: string | null }>`select to_regclass('pgboss.job')::text as name`
    .execute(db)
    .catch(() => ({ rows: [] as Array<{ name: string | null }> }));
  if (rows[0]?.name) await sql`delete from pgboss.job`.execute(db);
  await db.deleteFrom("listing").where("image_key", "=", "listings/bench-alerts").execute();
  await db.deleteFrom("user").where("id", "like", "bench-alerts-%").execute();
}

/** What saved searches found (alert_match), not yet emailed: the digest benchmark's mail. */
export async function insertBenchMatches(
  db: Kysely<Database>,
  rows: ReadonlyArray<{ id: string; saved_search_id: string; listing_id: string; user_id: string; created_at: number }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000)
    await db
      .insertInto("alert_match")
      .values(rows.slice(i, i + 1_000).map((row) => ({ ...row, emailed_at: null, pushed_at: null })))
      .execute();
}

/** How far the digests went: searches given today's digest, and matches marked emailed. */
export async function digestProgress(db: Kysely<Database>, dayStart: number): Promise<{ digested: number; emailed: number }> {
  const digested = await db
    .selectFrom("saved_search")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("last_digest_at", ">=", dayStart)
    .executeTakeFirstOrThrow();
  const emailed = await db
    .selectFrom("alert_match")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("emailed_at", "is not", null)
    .executeTakeFirstOrThrow();
  return { digested: Number(digested.n), emailed: Number(emailed.n) };
}
