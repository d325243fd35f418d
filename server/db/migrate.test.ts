import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase } from "./database";
import { migrateToLatest } from "./migrate";

describe.each(testEngines())("migrations on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  afterEach(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("bring an empty database up to date once; running them again applies nothing", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-"));
    database = await createTestDatabase(engine, dir);
    const db = openDatabase(database.url);
    try {
      expect(await migrateToLatest(db)).toContain("0001-listings");
      expect(await migrateToLatest(db)).toEqual([]);
      const tables = (await db.kysely.introspection.getTables()).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(["user", "session", "account", "rateLimit", "listing"]));
    } finally {
      await db.close();
    }
  });

  // Only PostgreSQL serves several instances; an embedded SQLite install is one process.
  if (engine === "postgres")
    it("let several instances start at once: one migrates, the others wait for it", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-"));
    database = await createTestDatabase(engine, dir);
    const instances = [openDatabase(database.url), openDatabase(database.url), openDatabase(database.url)];
    try {
      const applied = await Promise.all(instances.map((db) => migrateToLatest(db)));
      expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
    }
  });
});
