import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { roleOf } from "../../core/accounts/roles";
import { openDatabase } from "./database";
import { migrateToLatest, runMigrationSteps, type MandiMigration } from "./migrate";

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
      await db.kysely
        .insertInto("user")
        .values({
          id: "old-release-seller",
          name: "Old",
          email: "old@example.in",
          phone: "+919876543210",
          emailVerified: engine === "sqlite" ? 0 : false,
          image: null,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .execute();
      // The columns the previous release knew, and nothing else.
      for (const [id, category] of [
        ["old-fruit", "fruits"],
        ["old-rice", "rice"],
      ] as const) {
        await db.kysely
          .insertInto("listing")
          .columns([
            "id",
            "seller_id",
            "name",
            "name_search",
            "category",
            "price_paise",
            "description",
            "image_key",
            "image_name",
            "created_at",
          ])
          .values({
            id,
            seller_id: "old-release-seller",
            name: id,
            name_search: id,
            category,
            price_paise: 100,
            description: "d",
            image_key: `listings/${id}`,
            image_name: null,
            created_at: created,
          } as never)
          .execute();
      }
      const rows = await db.kysely
        .selectFrom("listing")
        .select(["id", "expires_at", "status", "unit", "unit_price_paise"])
        .orderBy("id")
        .execute();
      expect(rows.map((row) => ({ ...row, expires_at: Number(row.expires_at), unit_price_paise: Number(row.unit_price_paise) }))).toEqual([
        { id: "old-fruit", expires_at: created + 15 * 86_400_000, status: "active", unit: "kg", unit_price_paise: 100 },
        { id: "old-rice", expires_at: created + 60 * 86_400_000, status: "active", unit: "kg", unit_price_paise: 100 },
      ]);
      // Moderation (0008 and better-auth's columns): what an older release writes (no role, no
      // ban: null, as better-auth declares no database default) reads as a person in good standing,
      // and a listing buyers can see.
      const user = await db.kysely
        .selectFrom("user")
        .select(["role", "banned"])
        .where("id", "=", "old-release-seller")
        .executeTakeFirstOrThrow();
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

describe("a migration that needs SQLite's foreign keys off (decision 034)", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const tables: MandiMigration = {
    async up(db) {
      await sql`create table farm (id text primary key, name text not null)`.execute(db);
      await sql`create table crop (id text primary key, farm_id text not null references farm (id) on delete cascade)`.execute(db);
      await sql`insert into farm values ('f1', 'Nashik'), ('f2', 'Pune')`.execute(db);
      await sql`insert into crop values ('c1', 'f1'), ('c2', 'f2')`.execute(db);
    },
  };
  /** SQLite's way to change a column: a new table, the rows copied, the old one dropped. */
  const rebuild = (extra: string): MandiMigration => ({
    sqliteForeignKeys: "off",
    async up(db) {
      await sql`create table farm_new (id text primary key, name text not null, district text not null default '')`.execute(db);
      await sql.raw(`insert into farm_new (id, name) select id, name from farm ${extra}`).execute(db);
      await sql`drop table farm`.execute(db);
      await sql`alter table farm_new rename to farm`.execute(db);
    },
  });

  async function crops(db: ReturnType<typeof openDatabase>) {
    return (await sql<{ id: string }>`select id from crop order by id`.execute(db.kysely)).rows.map((row) => row.id);
  }

  it("rebuilds a table others refer to without their rows going (foreign keys back on after)", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-"));
    const db = openDatabase(`sqlite:${path.join(dir, "fk.sqlite")}`);
    try {
      expect(await runMigrationSteps(db, { migrations: { "0001-tables": tables, "0002-rebuild": rebuild("") } })).toEqual([
        "0001-tables",
        "0002-rebuild",
      ]);
      expect(await crops(db)).toEqual(["c1", "c2"]);
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db.kysely)).rows[0]?.foreign_keys).toBe(1);
    } finally {
      await db.close();
    }
  });

  it("refuses a rebuild that would leave rows without their parent, and keeps everything as it was", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-migrate-"));
    const db = openDatabase(`sqlite:${path.join(dir, "fk.sqlite")}`);
    try {
      await runMigrationSteps(db, { migrations: { "0001-tables": tables } });
      await expect(
        runMigrationSteps(db, { migrations: { "0001-tables": tables, "0002-rebuild": rebuild("where id = 'f1'") } }),
      ).rejects.toThrow(/without their parent/);
      expect((await sql<{ id: string }>`select id from farm order by id`.execute(db.kysely)).rows.map((row) => row.id)).toEqual([
        "f1",
        "f2",
      ]);
      expect((await db.kysely.introspection.getTables()).map((t) => t.name)).not.toContain("farm_new");
      expect(await crops(db)).toEqual(["c1", "c2"]);
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db.kysely)).rows[0]?.foreign_keys).toBe(1);
    } finally {
      await db.close();
    }
  });
});
