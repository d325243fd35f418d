/**
 * Migration 0038 (decision 056): reports and audit entries written before it stay readable, the
 * new reasons and the "phone" target are taken, the audit log stays append-only, and it can be
 * undone and done again, on each engine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase, type Db } from "./database";
import { migrateAuthTables, runMigrationSteps } from "./migrate";
import * as m0038 from "./migrations/0038-scam-reports-and-phone-blocks";

const report = (id: string, reason: string) => ({
  id,
  listing_id: `listing-${id}`,
  seller_id: "seller-1",
  reporter_key: `user:${id}`,
  reporter_id: null,
  reason,
  details: `details ${id}`,
  created_at: 1_700_000_000_000,
  resolved_at: null,
  resolution: null,
});

const audit = (targetType: string) => ({
  at: 1_700_000_000_000,
  actor_id: null,
  actor_name: "Automatic",
  action: "hide",
  target_type: targetType as "listing",
  target_id: "x",
  target_label: "X",
  reason: null,
});

describe.each(testEngines())("migration 0038 (scam reasons, phone blocks) on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  afterEach(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function openAt0037(): Promise<Db> {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-0038-"));
    database = await createTestDatabase(engine, dir);
    const db = openDatabase(database.url);
    await migrateAuthTables(db);
    await runMigrationSteps(db, { upTo: "0037-rate-counters" });
    return db;
  }

  it("keeps older reports and log entries, and takes the new reasons and targets", async () => {
    const db = await openAt0037();
    const k = db.kysely;
    try {
      await k.insertInto("listing_report").values(report("old", "scam")).execute();
      await k.insertInto("moderation_audit").values(audit("listing")).execute();
      await expect(k.insertInto("listing_report").values(report("early", "advance")).execute()).rejects.toThrow();

      expect(await runMigrationSteps(db, { upTo: "0038-scam-reports-and-phone-blocks" })).toEqual(["0038-scam-reports-and-phone-blocks"]);
      expect(await k.selectFrom("listing_report").select(["id", "reason", "details", "seller_phone"]).execute()).toEqual([
        { id: "old", reason: "scam", details: "details old", seller_phone: null },
      ]);
      for (const reason of ["advance", "payment-link", "impersonation"])
        await k
          .insertInto("listing_report")
          .values({ ...report(reason, reason), seller_phone: "+919876543210" })
          .execute();
      await expect(k.insertInto("listing_report").values(report("bad", "nonsense")).execute()).rejects.toThrow();
      // Still once per reporter per listing.
      await expect(k.insertInto("listing_report").values(report("old", "price")).execute()).rejects.toThrow();

      await k.insertInto("moderation_audit").values(audit("phone")).execute();
      await expect(k.insertInto("moderation_audit").values(audit("planet")).execute()).rejects.toThrow();
      const entries = await k.selectFrom("moderation_audit").select(["id", "target_type"]).orderBy("id").execute();
      expect(entries.map((row) => row.target_type)).toEqual(["listing", "phone"]);
      expect(Number(entries[1]!.id)).toBeGreaterThan(Number(entries[0]!.id));
      // Append-only as before.
      await expect(k.updateTable("moderation_audit").set({ reason: "changed" }).execute()).rejects.toThrow(/append-only/);
      await expect(k.deleteFrom("moderation_audit").execute()).rejects.toThrow(/append-only/);

      await k.insertInto("phone_block").values({ phone: "+919876543210", blocked_at: 1, lifted_at: null }).execute();
    } finally {
      await db.close();
    }
  });

  it("can be undone (the new reasons' reports go) and done again", async () => {
    const db = await openAt0037();
    const k = db.kysely;
    try {
      await runMigrationSteps(db, { upTo: "0038-scam-reports-and-phone-blocks" });
      await k
        .insertInto("listing_report")
        .values([report("old", "scam"), report("new", "advance")])
        .execute();
      await k.transaction().execute((trx) => m0038.down(trx as unknown as Kysely<unknown>));
      expect((await k.selectFrom("listing_report").select("id").execute()).map((row) => row.id)).toEqual(["old"]);
      await expect(k.insertInto("listing_report").values(report("again", "advance")).execute()).rejects.toThrow();
      await k.transaction().execute((trx) => m0038.up(trx as unknown as Kysely<unknown>));
      await k.insertInto("listing_report").values(report("again", "advance")).execute();
      // The rebuilt log is append-only still.
      await k.insertInto("moderation_audit").values(audit("phone")).execute();
      await expect(k.deleteFrom("moderation_audit").execute()).rejects.toThrow(/append-only/);
    } finally {
      await db.close();
    }
  });
});
