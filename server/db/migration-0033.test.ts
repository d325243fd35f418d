/**
 * Migration 0033 (decision 030, amended): alert_match's unique pair keyed (listing_id,
 * saved_search_id), alert_match_user_idx replaced by (saved_search_id, created_at). On a database
 * holding rows the previous migrations made (a table rebuild on SQLite): every row is carried over
 * as it was, the new key refuses a second row for a pair (and ON CONFLICT on it leaves the first
 * alone), the old user index is gone, migrating again applies nothing, and it can be undone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase, type Db } from "./database";
import { migrateAuthTables, migrateToLatest, runMigrationSteps } from "./migrate";
import * as m0033 from "./migrations/0033-alert-match-by-listing";

const SEARCHES = 30;
const LISTINGS = 40;

/** Matches as 0016's table held them: every third (search, listing) pair, some emailed or pushed. */
function matchRows() {
  const rows: Array<{
    id: string;
    saved_search_id: string;
    listing_id: string;
    user_id: string;
    created_at: number;
    emailed_at: number | null;
    pushed_at: number | null;
  }> = [];
  for (let s = 0; s < SEARCHES; s++) {
    for (let l = 0; l < LISTINGS; l++) {
      if ((s + l) % 3 !== 0) continue;
      const n: number = rows.length;
      rows.push({
        id: `match-${String(n).padStart(4, "0")}`,
        saved_search_id: `search-${String(s).padStart(2, "0")}`,
        listing_id: `listing-${String(l).padStart(2, "0")}`,
        user_id: `buyer-${s % 7}`,
        created_at: Date.UTC(2026, 10, 1) + l * 60_000,
        emailed_at: n % 4 === 0 ? Date.UTC(2026, 10, 2) + n : null,
        pushed_at: n % 5 === 0 ? Date.UTC(2026, 10, 3) + n : null,
      });
    }
  }
  return rows;
}

async function allMatches(db: Db) {
  const rows = await db.kysely.selectFrom("alert_match").selectAll().orderBy("id").execute();
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return rows.map((row) => ({
    ...row,
    created_at: Number(row.created_at),
    emailed_at: num(row.emailed_at),
    pushed_at: num(row.pushed_at),
  }));
}

async function indexesOf(db: Db, table: string): Promise<Array<{ name: string; unique: boolean; columns: string[] }>> {
  if (db.dialect === "sqlite") {
    const list = (await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list(${table})`.execute(db.kysely))
      .rows;
    const out = [];
    for (const index of list) {
      const columns = (
        await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db.kysely)
      ).rows.map((row) => row.name);
      out.push({ name: index.name, unique: index.unique === 1, columns });
    }
    return out;
  }
  const rows = await sql<{ name: string; unique: boolean; columns: string[] }>`
    select i.relname as name, x.indisunique as unique, array_agg(a.attname::text order by k.ord) as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    cross join lateral unnest(x.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where t.relname = ${table} group by i.relname, x.indisunique`.execute(db.kysely);
  return rows.rows;
}

describe.each(testEngines())("migration 0033 (alert_match by listing) on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  afterEach(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("carries every match over, keys the pair by listing, refuses a second row for a pair and reads by saved search", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-0033-"));
    database = await createTestDatabase(engine, dir);
    const db = openDatabase(database.url);
    try {
      await migrateAuthTables(db);
      await runMigrationSteps(db, { upTo: "0032-place-price" });
      const rows = matchRows();
      for (let i = 0; i < rows.length; i += 100)
        await db.kysely
          .insertInto("alert_match")
          .values(rows.slice(i, i + 100))
          .execute();
      const before = await allMatches(db);
      expect(before).toHaveLength(rows.length);
      expect((await indexesOf(db, "alert_match")).map((i) => i.columns.join(","))).toEqual(
        expect.arrayContaining(["saved_search_id,listing_id", "user_id,created_at"]),
      );

      // 0033 first (later migrations, such as 0034's index on listing, follow it).
      expect((await migrateToLatest(db)).slice(0, 1)).toEqual(["0033-alert-match-by-listing"]);
      expect(await migrateToLatest(db)).toEqual([]);

      // Every row, every column, as it was.
      expect(await allMatches(db)).toEqual(before);
      const indexes = await indexesOf(db, "alert_match");
      expect(
        indexes
          .filter((i) => i.unique)
          .map((i) => i.columns.join(","))
          .sort(),
      ).toEqual(["id", "listing_id,saved_search_id"]);
      expect(indexes.filter((i) => !i.unique).map((i) => `${i.name}: ${i.columns.join(",")}`)).toEqual([
        "alert_match_search_idx: saved_search_id,created_at",
      ]);

      // A pair is one match: a second row for it is refused, whichever column comes first in the statement …
      const first = before[0]!;
      const again = { ...first, id: "match-again", created_at: first.created_at + 1 };
      await expect(db.kysely.insertInto("alert_match").values(again).execute()).rejects.toThrow(/unique|duplicate/i);
      // … and left alone by the ON CONFLICT the app writes with (the new key's columns).
      await db.kysely
        .insertInto("alert_match")
        .values([again, { ...again, id: "match-new", listing_id: "listing-new" }])
        .onConflict((oc) => oc.columns(["listing_id", "saved_search_id"]).doNothing())
        .execute();
      const pair = await db.kysely
        .selectFrom("alert_match")
        .select("id")
        .where("saved_search_id", "=", first.saved_search_id)
        .where("listing_id", "=", first.listing_id)
        .execute();
      expect(pair).toEqual([{ id: first.id }]);
      expect(await db.kysely.selectFrom("alert_match").select("id").where("listing_id", "=", "listing-new").execute()).toEqual([
        { id: "match-new" },
      ]);
      // The same listing for another saved search, and the same search for another listing, are other pairs.
      await db.kysely
        .insertInto("alert_match")
        .values({ ...first, id: "other-search", saved_search_id: "search-new" })
        .execute();
      await db.kysely
        .insertInto("alert_match")
        .values({ ...first, id: "other-listing", listing_id: "listing-other" })
        .execute();
      expect(await allMatches(db)).toHaveLength(before.length + 3);

      // Undone and done again (a roll-back), every row kept each way.
      const after = await allMatches(db);
      await m0033.down(db.kysely as unknown as Kysely<unknown>);
      expect((await indexesOf(db, "alert_match")).map((i) => i.columns.join(",")).sort()).toEqual([
        "id",
        "saved_search_id,listing_id",
        "user_id,created_at",
      ]);
      expect(await allMatches(db)).toEqual(after);
      await m0033.up(db.kysely as unknown as Kysely<unknown>);
      expect((await indexesOf(db, "alert_match")).map((i) => i.columns.join(",")).sort()).toEqual([
        "id",
        "listing_id,saved_search_id",
        "saved_search_id,created_at",
      ]);
      expect(await allMatches(db)).toEqual(after);

      if (engine === "postgres") {
        // The planner reads a saved search's newest matches from the new index.
        await sql`analyze alert_match`.execute(db.kysely);
        await sql`set enable_seqscan = off`.execute(db.kysely);
        const plan = (
          await sql<{
            "QUERY PLAN": string;
          }>`explain select id from alert_match where saved_search_id = 'search-01' order by created_at desc limit 5`.execute(db.kysely)
        ).rows
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        expect(plan).toContain("alert_match_search_idx");
      } else {
        const plan = (
          await sql<{
            detail: string;
          }>`explain query plan select id from alert_match where saved_search_id = 'search-01' order by created_at desc limit 5`.execute(
            db.kysely,
          )
        ).rows
          .map((r) => r.detail)
          .join("\n");
        expect(plan).toContain("alert_match_search_idx");
      }
    } finally {
      await db.close();
    }
    if (engine === "sqlite") {
      const file = new SQLite(database.url.slice("sqlite:".length), { readonly: true });
      try {
        expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(file.pragma("foreign_key_check")).toEqual([]);
        // The rebuild leaves no table behind.
        expect(file.prepare("select name from sqlite_master where name like 'alert_match_%' and type = 'table'").all()).toEqual([]);
      } finally {
        file.close();
      }
    }
  }, 60_000);
});
