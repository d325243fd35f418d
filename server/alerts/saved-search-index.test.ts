/**
 * How a saved search is filed (decision 030): each key with the bounds every listing it finds is
 * within, and migration 0021, which files searches saved before it the same way, on both engines.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines } from "../../tests/support/test-database";
import { openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import * as m0021 from "../db/migrations/0021-saved-search-bounds";
import { savedSearchIndex } from "../../core/alerts/saved-search-index";

const base = { q: "", by: "any" as const, category: "", state: "", district: "" };

describe("savedSearchIndex", () => {
  it("files a search under its keys with its place, category, price and grade", () => {
    const keys = savedSearchIndex({ ...base, q: "onion", state: "maharashtra", district: "nashik", maxPaise: 2500, grade: "A" });
    expect(keys.map((k) => k.term)).toContain("n:oni");
    for (const key of keys)
      expect(key).toMatchObject({ state: "maharashtra", district: "nashik", category: null, minPaise: null, maxPaise: 2500, grade: "A" });
  });

  it("reads a place typed among the words as the place fields, and leaves a place named alone open", () => {
    const typed = savedSearchIndex({ ...base, q: "onion nashik" });
    expect(typed.length).toBeGreaterThan(0);
    for (const key of typed) expect(key).toMatchObject({ state: "maharashtra", district: "nashik" });
    // "Nashik" alone also finds names holding "nashik" anywhere: no place bound.
    const alone = savedSearchIndex({ ...base, q: "nashik" });
    expect(alone.length).toBeGreaterThan(0);
    for (const key of alone) expect(key).toMatchObject({ state: "", district: null });
  });

  it("keeps the looser bounds where the typo-corrected twin is filed under the same key", () => {
    const keys = savedSearchIndex({ ...base, q: "oinon", corrected: "onion", category: "vegetables", minPaise: 1000 });
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatchObject({ state: "", category: "vegetables", minPaise: 1000, maxPaise: null });
  });

  it("files a key both twins yield with the looser place, when only the corrected twin names one", () => {
    // The twin alone is bound to Nashik; the search as typed ("nashk" is no place) is not.
    const twinAlone = savedSearchIndex({ ...base, q: "onion nashik" }).find((k) => k.term === "n:oni");
    expect(twinAlone).toMatchObject({ state: "maharashtra", district: "nashik" });
    const both = savedSearchIndex({ ...base, q: "onion nashk", corrected: "onion nashik" }).find((k) => k.term === "n:oni");
    expect(both).toMatchObject({ state: "", district: null });
  });
});

describe.each(testEngines())("migration 0021, on %s", (engine) => {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-0021-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("files the saved searches made before it with their bounds, and can be undone", async () => {
    const database = await createTestDatabase(engine, dir);
    const db = openDatabase(database.url, { poolSize: 2 });
    try {
      await migrateToLatest(db);
      // As the database was before 0021: keys without bounds.
      await m0021.down(db.kysely as unknown as Kysely<unknown>);
      const query = { ...base, q: "onion", state: "maharashtra", district: "nashik", maxPaise: 2500 };
      await db.kysely
        .insertInto("saved_search")
        .values({
          id: "s1",
          user_id: "u1",
          name: null,
          query: JSON.stringify(query),
          paused: 0,
          pace: "instant",
          digest_hour: 8,
          channels: "app",
          created_at: 1,
          updated_at: 1,
          seen_at: 1,
          last_digest_at: null,
        })
        .execute();
      await db.kysely
        .insertInto("saved_search")
        .values({ id: "s2", user_id: "u1", name: null, query: "not json", created_at: 1, updated_at: 1, seen_at: 1, last_digest_at: null })
        .execute();
      const oldKeys = sql`insert into saved_search_term (id, term, saved_search_id) values ('s1|n:oni', 'n:oni', 's1'), ('s2|*', '*', 's2')`;
      await oldKeys.execute(db.kysely);

      await m0021.up(db.kysely as unknown as Kysely<unknown>);
      const rows = await db.kysely.selectFrom("saved_search_term").selectAll().orderBy("id").execute();
      const s1 = rows.filter((r) => r.saved_search_id === "s1");
      expect(s1.map((r) => r.term).sort()).toEqual(
        savedSearchIndex(query)
          .map((k) => k.term)
          .sort(),
      );
      for (const row of s1)
        expect({ ...row, max_paise: Number(row.max_paise) }).toMatchObject({
          state: "maharashtra",
          district: "nashik",
          category: null,
          min_paise: null,
          max_paise: 2500,
          grade: null,
        });
      // A query that cannot be read keeps its keys, open on every bound.
      expect(rows.filter((r) => r.saved_search_id === "s2")).toEqual([
        {
          id: "s2|*",
          term: "*",
          saved_search_id: "s2",
          state: "",
          district: null,
          category: null,
          min_paise: null,
          max_paise: null,
          grade: null,
        },
      ]);
    } finally {
      await db.close();
      await database.drop();
    }
  }, 60_000);
});
