/**
 * The content version moves with every change a public page shows, whoever makes it, and stays
 * put for writes no public page shows (sign-ups, sign-ins, uploads, a report that hides nothing).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProducePhoto } from "../seed/factories";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { listingFields } from "../../tests/support/listings";

describe.each(testEngines())("content version on %s", (engine) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices({ engine });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** Runs `change` and says whether the version moved. */
  async function moves(change: () => Promise<unknown>): Promise<boolean> {
    const before = await t.contentVersion.current();
    await change();
    return (await t.contentVersion.current()) !== before;
  }

  it("moves with listings, their photos, places, tombstones and sellers' names, and not with accounts being made or used", async () => {
    let sellerId = "";
    expect(
      await moves(
        async () =>
          ({ id: sellerId } = await t.accounts.signUp(
            { name: "Version Seller", email: "version@example.in", password: "khet-version-2026", phone: "+919812345678" },
            new Headers(),
          )),
      ),
    ).toBe(false);
    expect(await moves(() => t.accounts.signIn({ email: "version@example.in", password: "khet-version-2026" }, new Headers()))).toBe(false);

    let listingId = "";
    const photo = { bytes: await makeProducePhoto("vegetables", 3, { width: 320, height: 240 }), fileName: "onion.jpg" };
    expect(
      await moves(
        async () =>
          ({ id: listingId } = await t.listings.createListing({
            actor: { id: sellerId },
            fields: listingFields({ name: "Version Onion", category: "vegetables" }),
            photos: [photo],
          })),
      ),
    ).toBe(true);
    expect(await moves(() => t.listings.markSold({ actor: { id: sellerId }, id: listingId }))).toBe(true);
    expect(await moves(() => t.listings.markAvailable({ actor: { id: sellerId }, id: listingId }))).toBe(true);
    expect(
      await moves(() =>
        t.listings.saveDefaultPlace({ actor: { id: sellerId }, place: { state: "punjab", district: "ludhiana", place: "", pin: "" } }),
      ),
    ).toBe(true);
    expect(
      await moves(() => t.db.kysely.updateTable("user").set({ name: "Version Seller Renamed" }).where("id", "=", sellerId).execute()),
    ).toBe(true);
    expect(await moves(() => t.listings.deleteListing({ actor: { id: sellerId }, id: listingId }))).toBe(true);
  });

  it("moves once per transaction, however many rows it writes", async () => {
    const before = await t.contentVersion.current();
    await t.db.kysely.transaction().execute(async (trx) => {
      await sql`update "user" set name = name || ' '`.execute(trx);
      await sql`update "user" set name = trim(name)`.execute(trx);
    });
    const after = await t.contentVersion.current();
    // SQLite's row triggers count each row; PostgreSQL bumps once at commit. Either way it moved.
    expect(after).toBeGreaterThan(before);
    if (engine === "postgres") expect(after - before).toBeLessThanOrEqual(1);
  });

  it("does not move for a transaction that rolls back", async () => {
    const before = await t.contentVersion.current();
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await sql`update "user" set name = 'Never Seen' where 1 = 1`.execute(trx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await t.contentVersion.current()).toBe(before);
  });
});
