import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { roleOf } from "../../core/moderation";
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

  it("a listing inserted the previous release's way (no expiry) gets one from its listing date, so a roll-out hides nothing", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-"));
    database = await createTestDatabase(engine, dir);
    const db = openDatabase(database.url);
    try {
      await migrateToLatest(db);
      const created = Date.UTC(2026, 10, 1);
      await db.kysely.insertInto("user").values({ id: "old-release-seller", name: "Old", email: "old@example.in", phone: "+919876543210", emailVerified: engine === "sqlite" ? 0 : false, image: null, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }).execute();
      // The columns the previous release knew, and nothing else.
      for (const [id, category] of [["old-fruit", "fruits"], ["old-rice", "rice"]] as const) {
        await db.kysely
          .insertInto("listing")
          .columns(["id", "seller_id", "name", "name_search", "category", "price_paise", "description", "image_key", "image_name", "created_at"])
          .values({ id, seller_id: "old-release-seller", name: id, name_search: id, category, price_paise: 100, description: "d", image_key: `listings/${id}`, image_name: null, created_at: created } as never)
          .execute();
      }
      const rows = await db.kysely.selectFrom("listing").select(["id", "expires_at", "status", "unit", "unit_price_paise"]).orderBy("id").execute();
      expect(rows.map((row) => ({ ...row, expires_at: Number(row.expires_at), unit_price_paise: Number(row.unit_price_paise) }))).toEqual([
        { id: "old-fruit", expires_at: created + 15 * 86_400_000, status: "active", unit: "kg", unit_price_paise: 100 },
        { id: "old-rice", expires_at: created + 60 * 86_400_000, status: "active", unit: "kg", unit_price_paise: 100 },
      ]);
      // Moderation (0008 and better-auth's columns): what an older release writes (no role, no
      // ban: null, as better-auth declares no database default) reads as a person in good standing,
      // and a listing buyers can see.
      const user = await db.kysely.selectFrom("user").select(["role", "banned"]).where("id", "=", "old-release-seller").executeTakeFirstOrThrow();
      expect({ role: roleOf(user.role), banned: Boolean(user.banned) }).toEqual({ role: "person", banned: false });
      const hidden = await db.kysely.selectFrom("listing").select("hidden_at").where("seller_id", "=", "old-release-seller").execute();
      expect(hidden.map((row) => row.hidden_at)).toEqual([null, null]);
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
