/**
 * A process killed with SIGKILL in the middle of a migration (decision 034): migration 0021 adds
 * columns, swaps an index and re-files every saved search; a child process running the real
 * start-up migration is stopped just after the re-filing's first insert and killed there. The
 * database must be as it was before 0021 (none of its columns, its old index, every old row), and
 * the next start must migrate it cleanly to the same rows a clean run gives.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { readSavedQuery, savedSearchIndex } from "../../core/alerts/saved-search-index";
import { keyRow } from "../alerts/saved-searches.repository";
import { openDatabase, type Db } from "./database";
import { migrateAuthTables, migrateToLatest, runMigrationSteps } from "./migrate";

/** More than one of 0021's batches (500), so the kill falls between two of them. */
const SEARCHES = 1_200;
const QUERIES = [
  { q: "onion", state: "maharashtra" },
  { q: "red onion", minPaise: 1_500 },
  { q: "basmati rice", category: "rice", maxPaise: 9_000 },
  { q: "alphonso mango", state: "maharashtra", district: "ratnagiri" },
  { q: "", category: "vegetables" },
];

async function seedSavedSearches(db: Db): Promise<void> {
  const k = db.kysely;
  const searches = Array.from({ length: SEARCHES }, (_, i) => {
    const id = `search-${String(i).padStart(5, "0")}`;
    return { id, query: JSON.stringify(QUERIES[i % QUERIES.length]) };
  });
  await k.transaction().execute(async (trx) => {
    for (let i = 0; i < searches.length; i += 200) {
      const now = Date.UTC(2026, 10, 1);
      await trx
        .insertInto("saved_search")
        .values(
          searches.slice(i, i + 200).map(({ id, query }) => ({
            id,
            user_id: `buyer-${id}`,
            name: null,
            query,
            created_at: now,
            updated_at: now,
            seen_at: now,
          })) as never,
        )
        .execute();
    }
    // The index as it was before 0021: a key and the search, nothing else.
    const terms = searches.flatMap(({ id, query }) =>
      savedSearchIndex(readSavedQuery(query)).map(({ term }) => ({ id: `${id}|${term}`, term, saved_search_id: id })),
    );
    for (let i = 0; i < terms.length; i += 300)
      await trx
        .insertInto("saved_search_term")
        .values(terms.slice(i, i + 300) as never)
        .execute();
  });
}

/** Runs the start-up migration in a child process and kills it with SIGKILL just after its first insert into `table`. */
async function killMidMigration(url: string, table: string): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/migrate-until-paused.ts", url, table], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  let said = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("paused")) resolve();
      if (said.includes("finished")) reject(new Error("the migration finished without reaching the pause"));
    });
    void exited.then(() => reject(new Error(`the migrating process ended before the pause: ${said}`)));
  });
  child.kill("SIGKILL");
  expect(await exited).toBe("SIGKILL");
}

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables();
  return (tables.find((t) => t.name === table)?.columns ?? []).map((c) => c.name);
}

async function savedSearchTerms(db: Db) {
  const rows = await db.kysely.selectFrom("saved_search_term").selectAll().orderBy("id").execute();
  return rows.map((row) => ({
    ...row,
    min_paise: row.min_paise === null ? null : Number(row.min_paise),
    max_paise: row.max_paise === null ? null : Number(row.max_paise),
  }));
}

describe.each(testEngines())("a migration killed half-way on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  afterEach(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("leaves the database as it was before that migration, and the next start migrates it cleanly", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-crash-"));
    database = await createTestDatabase(engine, dir);
    let db = openDatabase(database.url);
    try {
      await migrateAuthTables(db);
      await runMigrationSteps(db, { upTo: "0020-push-language" });
      await seedSavedSearches(db);
    } finally {
      await db.close();
    }
    const termsBefore = await (async () => {
      const before = openDatabase(database.url);
      try {
        return await before.kysely.selectFrom("saved_search_term").select(["id", "term", "saved_search_id"]).orderBy("id").execute();
      } finally {
        await before.close();
      }
    })();

    await killMidMigration(database.url, "saved_search_term");

    db = openDatabase(database.url);
    try {
      // All or nothing: none of 0021 is there, not its columns, its index swap or its re-filing.
      const applied = await db.kysely
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .execute();
      expect((applied as { name: string }[]).map((row) => row.name)).not.toContain("0021-saved-search-bounds");
      expect(await columnsOf(db, "saved_search_term")).toEqual(expect.not.arrayContaining(["state", "min_paise"]));
      expect(await db.kysely.selectFrom("saved_search_term").select(["id", "term", "saved_search_id"]).orderBy("id").execute()).toEqual(
        termsBefore,
      );

      const migrated = await migrateToLatest(db);
      expect(migrated).toContain("0021-saved-search-bounds");
      expect(await migrateToLatest(db)).toEqual([]);
      const searches = await db.kysely.selectFrom("saved_search").select(["id", "query"]).orderBy("id").execute();
      expect(searches).toHaveLength(SEARCHES);
      const expected = searches
        .flatMap(({ id, query }) => savedSearchIndex(readSavedQuery(query)).map((key) => keyRow(id, key)))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(await savedSearchTerms(db)).toEqual(expected);
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
});
