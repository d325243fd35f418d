/**
 * Migration 0042 (decision 061): sellers' organisation numbers, one row per person, only the kinds
 * and states it names, gone with the account, moving the content version (a badge shows on cached
 * pages); it can be undone and done again, on each engine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase, type Db } from "./database";
import { migrateAuthTables, runMigrationSteps } from "./migrate";
import * as m0042 from "./migrations/0042-seller-organisation";

const row = (userId: string, more: Record<string, unknown> = {}) => ({
  user_id: userId,
  kind: "fpo" as const,
  number: "UP/FPO/2021/0042",
  status: "pending" as const,
  submitted_at: 1_700_000_000_000,
  decided_at: null,
  refusal_reason: null,
  ...more,
});

describe.each(testEngines())("migration 0042 (organisation numbers) on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  afterEach(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function openAt0042(): Promise<Db> {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-0042-"));
    database = await createTestDatabase(engine, dir);
    const db = openDatabase(database.url);
    await migrateAuthTables(db);
    await runMigrationSteps(db, { upTo: "0041-mandi-rate-source" });
    expect(await runMigrationSteps(db, { upTo: "0042-seller-organisation" })).toEqual(["0042-seller-organisation"]);
    const now = new Date().toISOString();
    await db.kysely
      .insertInto("user")
      .values({
        id: "u1",
        name: "Asha",
        email: "asha@example.in",
        emailVerified: engine === "sqlite" ? 0 : false,
        phone: "+919876543210",
        image: null,
        createdAt: now,
        updatedAt: now,
      } as never)
      .execute();
    return db;
  }

  const version = async (k: Kysely<never>) =>
    Number((await (k as unknown as Db["kysely"]).selectFrom("content_version").select("version").executeTakeFirstOrThrow()).version);

  it("keeps one number a person, of the kinds and states it names, moves the content version, and goes with the account", async () => {
    const db = await openAt0042();
    const k = db.kysely;
    try {
      const before = await version(k as never);
      await k.insertInto("seller_organisation").values(row("u1")).execute();
      expect(await version(k as never)).toBeGreaterThan(before);
      await expect(k.insertInto("seller_organisation").values(row("u1")).execute()).rejects.toThrow();
      await expect(k.insertInto("seller_organisation").values(row("nobody")).execute()).rejects.toThrow();
      await k.deleteFrom("seller_organisation").execute();
      for (const bad of [{ kind: "bank" }, { status: "maybe" }])
        await expect(
          k
            .insertInto("seller_organisation")
            .values(row("u1", bad) as never)
            .execute(),
        ).rejects.toThrow();
      await k
        .insertInto("seller_organisation")
        .values(row("u1", { kind: "trader", status: "approved", decided_at: 1 }))
        .execute();
      await k.deleteFrom("user").where("id", "=", "u1").execute();
      expect(await k.selectFrom("seller_organisation").selectAll().execute()).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("can be undone and done again", async () => {
    const db = await openAt0042();
    const k = db.kysely;
    try {
      await k.insertInto("seller_organisation").values(row("u1")).execute();
      await k.transaction().execute((trx) => m0042.down(trx as unknown as Kysely<unknown>));
      await expect(k.selectFrom("seller_organisation").selectAll().execute()).rejects.toThrow();
      // The listing's own triggers still move the version; none of 0042's is left behind.
      await k.transaction().execute((trx) => m0042.up(trx as unknown as Kysely<unknown>));
      const before = await version(k as never);
      await k.insertInto("seller_organisation").values(row("u1")).execute();
      expect(await version(k as never)).toBe(before + 1);
    } finally {
      await db.close();
    }
  });
});
