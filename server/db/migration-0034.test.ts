/**
 * Migration 0034 (decision 032, amended): listing_place_price_idx on SQLite, as 0032 made it on
 * PostgreSQL. After the previous migrations: SQLite gains the index
 * (the same columns as PostgreSQL's), PostgreSQL's is left as 0032 made it, migrating again
 * applies nothing, and it can be undone and done again on each.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase, type Db } from "./database";
import { migrateAuthTables, runMigrationSteps } from "./migrate";
import * as m0034 from "./migrations/0034-place-price-sqlite";

const COLUMNS = "state,district,price_paise,status,expires_at,hidden_at,category,name_search";

async function placePriceColumns(db: Db): Promise<string | null> {
  if (db.dialect === "sqlite") {
    const rows = (
      await sql<{ name: string }>`select name from pragma_index_info('listing_place_price_idx') order by seqno`.execute(db.kysely)
    ).rows;
    return rows.length ? rows.map((row) => row.name).join(",") : null;
  }
  const rows = await sql<{ columns: string[] }>`
    select array_agg(a.attname::text order by k.ord) as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    cross join lateral unnest(x.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where t.relname = 'listing' and i.relname = 'listing_place_price_idx' group by i.relname`.execute(db.kysely);
  return rows.rows[0] ? rows.rows[0].columns.join(",") : null;
}

describe.each(testEngines())("migration 0034 (listing_place_price_idx on SQLite) on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  afterEach(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh database of this engine, migrated up to the step before 0034. */
  async function openAt0033(): Promise<Db> {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-0034-"));
    database = await createTestDatabase(engine, dir);
    const db = openDatabase(database.url);
    try {
      await migrateAuthTables(db);
      await runMigrationSteps(db, { upTo: "0033-alert-match-by-listing" });
      return db;
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  it("gives SQLite the index PostgreSQL has, and can be undone", async () => {
    const db = await openAt0033();
    try {
      // PostgreSQL has had it since 0032; SQLite not yet.
      expect(await placePriceColumns(db)).toBe(engine === "postgres" ? COLUMNS : null);

      expect(await runMigrationSteps(db, { upTo: "0034-place-price-sqlite" })).toEqual(["0034-place-price-sqlite"]);
      expect(await runMigrationSteps(db, { upTo: "0034-place-price-sqlite" })).toEqual([]);
      expect(await placePriceColumns(db)).toBe(COLUMNS);

      // Undone: SQLite's goes, PostgreSQL's (0032's) stays; done again: both have it.
      await m0034.down(db.kysely as unknown as Kysely<unknown>);
      expect(await placePriceColumns(db)).toBe(engine === "postgres" ? COLUMNS : null);
      await m0034.up(db.kysely as unknown as Kysely<unknown>);
      expect(await placePriceColumns(db)).toBe(COLUMNS);

      if (engine === "sqlite") {
        // A place's listings in a price range are read from it, by a planner with no statistics …
        const query = sql`explain query plan select name_search from listing where state = 'maharashtra' and district = 'nashik' and price_paise <= 2500 and status = 'active'`;
        expect((await query.execute(db.kysely)).rows.map((row) => (row as { detail: string }).detail).join(" | ")).toContain(
          "COVERING INDEX listing_place_price_idx",
        );
        // … and only where the price is compared (partial): a district's listings are left to listing_near_idx.
        const partial = await sql<{
          partial: number;
        }>`select partial from pragma_index_list('listing') where name = 'listing_place_price_idx'`.execute(db.kysely);
        expect(partial.rows).toEqual([{ partial: 1 }]);
        const noPrice = sql`explain query plan select count(*) from listing where state = 'maharashtra' and district = 'nashik' and status = 'active' and name_search like '%rice%'`;
        expect((await noPrice.execute(db.kysely)).rows.map((row) => (row as { detail: string }).detail).join(" | ")).not.toContain(
          "listing_place_price_idx",
        );
      }
    } finally {
      await db.close();
    }
    if (engine === "sqlite") {
      const file = new SQLite(database.url.slice("sqlite:".length), { readonly: true });
      try {
        expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
      } finally {
        file.close();
      }
    }
  }, 60_000);

  it("on SQLite with statistics, the new index gets its own (or the planner guesses it small)", async () => {
    if (engine !== "sqlite") return;
    const db = await openAt0033();
    try {
      // A few listings (no seller needed for the planner's statistics), then analysed as the benchmarks do.
      await sql`pragma foreign_keys = off`.execute(db.kysely);
      for (let i = 0; i < 20; i++) {
        await sql`insert into listing (id, seller_id, name, name_search, category, price_paise, description, image_key, created_at, state, district)
          values (${`listing-${i}`}, 'seller', 'Red Onion', 'red onion', 'vegetables', ${1_000 + i * 100}, 'Fresh', 'listings/x', ${Date.now() + i}, 'maharashtra', ${i % 2 ? "nashik" : "pune"})`.execute(
          db.kysely,
        );
      }
      await sql`analyze`.execute(db.kysely);
      expect(await runMigrationSteps(db, { upTo: "0034-place-price-sqlite" })).toEqual(["0034-place-price-sqlite"]);
      const stat = await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 'listing_place_price_idx'`.execute(db.kysely);
      expect(stat.rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 60_000);
});
