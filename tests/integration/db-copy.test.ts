/**
 * `npm run db:copy`: a seeded embedded install comes across complete, people can sign in (and
 * stay signed in) on the destination, and a second run changes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupSchema } from "../../core/accounts/account-forms";
import { loadConfig } from "../../server/config";
import { COPIED_TABLES, copyDatabase, isCompleteCopy } from "../../server/db/copy-database";
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { demoProduce, demoSellers } from "../../server/seed/factories";
import { DEMO_ADMIN, seedDemoData } from "../../server/seed/seed";
import { createServices, type Services } from "../../server/services";
import { createTestDatabase, testEngines, type TestDatabase } from "../support/test-database";
import { createTestServices, type TestServices } from "../support/test-services";

// Enough that the first demo seller has two listings (one to sell, one to delete) and the sixth one.
const LISTINGS = 20;

describe.each(testEngines())("a seeded SQLite install copied to a database on %s", (engine) => {
  let source: TestServices;
  let target: TestDatabase;
  let targetDir: string;
  let sessionCookie: string;
  let firstRun: Awaited<ReturnType<typeof copyDatabase>>;
  let copied: Services;
  let soldId: string;
  let deletedId: string;
  let sellers: number;

  beforeAll(async () => {
    source = await createTestServices({ engine: "sqlite" });
    ({ sellers } = await seedDemoData(source, { listings: LISTINGS, days: 10, clock: source.clock }));
    const seller = signupSchema.parse(demoSellers()[0]);
    const signedIn = await source.accounts.signIn(seller, new Headers());
    sessionCookie = signedIn
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // What sellers do to their listings travels too: one sold, one deleted (its tombstone).
    const sellerId = (await source.accounts.getSessionUser(new Headers({ cookie: sessionCookie })))!.id;
    const own = await source.listings.listOwnListings({ actor: { id: sellerId }, page: 1 });
    soldId = own.items[0]!.id;
    deletedId = own.items[1]!.id;
    await source.listings.markSold({ actor: { id: sellerId }, id: soldId });
    await source.listings.deleteListing({ actor: { id: sellerId }, id: deletedId });
    // Moderation travels too: the seeded admin and reports, a ban and its audit entries.
    const banned = await source.moderation.findPerson({ actor: { commandLine: true }, person: { email: demoSellers()[5]!.email } });
    await source.moderation.banPerson({ actor: { commandLine: true }, personId: banned!.id, reason: "Copied ban" });

    targetDir = mkdtempSync(path.join(tmpdir(), "mandi-copy-"));
    target = await createTestDatabase(engine, targetDir);
    const to = openDatabase(target.url);
    const progress: string[] = [];
    try {
      firstRun = await copyDatabase({
        from: source.db,
        to,
        onProgress: (table, done, total) => progress.push(`${table} ${done}/${total}`),
      });
    } finally {
      await to.close();
    }
    expect(progress).toContain(`listing ${LISTINGS - 1}/${LISTINGS - 1}`);

    // The destination runs with the same secret and the same photos, as after a real move.
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: source.dataDir,
      DATABASE_URL: target.url,
      AUTH_SECRET: source.config.authSecret,
      LOG_LEVEL: "silent",
    });
    copied = await createServices(config, { logger: createLogger("silent") });
    // Seeding (22 demo sellers since issue 42, each a password hash) and copying took about 50 s
    // beside an e2e run and over 60 s within the whole suite on this 2-core machine (2026-12-06).
  }, 150_000);

  afterAll(async () => {
    await copied?.close();
    await target?.drop();
    await source?.cleanup();
    rmSync(targetDir, { recursive: true, force: true });
  });

  it("copies every row of every table and says so", () => {
    expect(firstRun.map((r) => r.table)).toEqual([...COPIED_TABLES]);
    const kept = LISTINGS - 1;
    expect(firstRun.find((r) => r.table === "listing")).toEqual({ table: "listing", source: kept, inserted: kept, present: kept });
    expect(firstRun.find((r) => r.table === "listing_photo")).toMatchObject({ source: kept, inserted: kept, present: kept });
    expect(firstRun.find((r) => r.table === "listing_tombstone")).toMatchObject({ source: 1, inserted: 1, present: 1 });
    expect(firstRun.find((r) => r.table === "user")).toMatchObject({ source: sellers + 1, inserted: sellers + 1, present: sellers + 1 }); // and the admin
    expect(firstRun.find((r) => r.table === "listing_report")).toMatchObject({ source: 3, present: 3 });
    expect(firstRun.find((r) => r.table === "moderation_audit")).toMatchObject({ source: 2, present: 2 });
    expect(firstRun.find((r) => r.table === "session")).toMatchObject({ source: 1, present: 1 });
    expect(isCompleteCopy(firstRun)).toBe(true);
  });

  it("brings the sold status, units and places across, and a deleted listing still answers 410", async () => {
    expect(await copied.listings.getListing(soldId)).toMatchObject({ status: "sold" });
    await expect(copied.listings.getListing(deletedId)).rejects.toMatchObject({ code: "GONE" });
    const rows = await copied.db.kysely.selectFrom("listing").select(["unit", "state", "district"]).execute();
    expect(new Set(rows.map((row) => row.unit)).size).toBeGreaterThan(1);
    expect(rows.every((row) => row.state && row.district)).toBe(true);
  });

  it("brings every listing across unchanged, with its seller and photo reference", async () => {
    const ids = (await source.db.kysely.selectFrom("listing").select("id").execute()).map((r) => r.id);
    expect(ids).toHaveLength(LISTINGS - 1);
    // As staff see them: the banned seller's listings are hidden from buyers.
    const staff = { viewer: async () => ({ id: "copy-check", role: "admin" as const }) };
    for (const id of ids) expect(await copied.listings.getListing(id, staff)).toEqual(await source.listings.getListing(id, staff));
    const page = await copied.search.getHomePage({ category: "" });
    expect(page.fresh.map((l) => l.id)).toEqual((await source.search.getHomePage({ category: "" })).fresh.map((l) => l.id));
  });

  it("keeps people signed in, and their passwords work", async () => {
    const user = await copied.accounts.getSessionUser(new Headers({ cookie: sessionCookie }));
    expect(user?.email).toBe(demoSellers()[0]!.email);
    // Another seeded seller (the seed signs up only the sellers its listings need).
    const seller = signupSchema.parse(demoSellers()[demoProduce(LISTINGS)[1]!.seller]);
    await expect(copied.accounts.signIn(seller, new Headers())).resolves.toBeInstanceOf(Headers);
  });

  it("brings roles, bans, reports and the audit log across; new audit entries follow the copied ones", async () => {
    expect(await copied.moderation.findPerson({ actor: { commandLine: true }, person: { email: DEMO_ADMIN.email } })).toMatchObject({
      role: "admin",
    });
    const banned = signupSchema.parse(demoSellers()[5]);
    await expect(copied.accounts.signIn(banned, new Headers())).rejects.toMatchObject({ code: "FORBIDDEN" });
    const queue = await copied.moderation.queue({ actor: { commandLine: true }, view: "open", page: 1 });
    expect(queue.entries.reduce((sum, entry) => sum + entry.openReports, 0)).toBe(3);
    const person = await copied.moderation.findPerson({ actor: { commandLine: true }, person: { email: banned.email } });
    await copied.moderation.unbanPerson({ actor: { commandLine: true }, personId: person!.id, note: "After the move" });
    const log = await copied.moderation.auditLog({ actor: { commandLine: true }, page: 1 });
    expect(log.entries.map((entry) => entry.action)).toEqual(["unban", "ban", "role:admin"]);
  });

  it("changes nothing when run again", async () => {
    const to = openDatabase(target.url);
    try {
      const again = await copyDatabase({ from: source.db, to });
      expect(again.every((r) => r.inserted === 0)).toBe(true);
      expect(isCompleteCopy(again)).toBe(true);
    } finally {
      await to.close();
    }
  });
});
