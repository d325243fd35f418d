/**
 * A listing knows what produce it is (issue 23, decision 019): read from its name on save, the
 * seller's choice kept over the name, and listings saved before read by a resumable backfill.
 * Real services on a real database (both engines in CI).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { backfillProduce } from "./produce-backfill.repository";

describe.each(testEngines())("on %s", (engine) => {
  let t: TestServices;
  let seller: { id: string };
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestServices({ engine });
    seller = { id: (await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers())).id };
    photo = await makeProducePhoto("vegetables", 1, { width: 200, height: 150 });
  });

  afterAll(async () => {
    await t.cleanup();
  });

  async function list(form: Record<string, string>) {
    t.clock.now += 60_000;
    const { id } = await t.listings.createListing({
      actor: seller,
      fields: listingFields(form),
      photos: [{ bytes: photo, fileName: "p.jpg" }],
    });
    return id;
  }
  const edit = async (id: string, form: Record<string, string>) => {
    t.clock.now += 60_000;
    const current = await t.listings.getListing(id);
    await t.listings.saveListing({ actor: seller, id, fields: listingFields(form), photos: [{ keep: current.imageKey }] });
    return t.listings.getListing(id);
  };

  it("reads the produce from the name on save, and again when the name changes", async () => {
    const id = await list({ name: "Nashik red pyaz", category: "Vegetable" });
    let listing = await t.listings.getListing(id);
    expect(listing).toMatchObject({ produceId: "onion", produceChosen: false, grade: null });
    listing = await edit(id, { name: "Lasun (garlic)", category: "Vegetable" });
    expect(listing).toMatchObject({ produceId: "garlic", produceChosen: false });
    listing = await edit(id, { name: "Farm mix", category: "Vegetable" });
    expect(listing.produceId).toBeNull();
  });

  it("keeps the seller's choice, 'none of these' included, over what the name says", async () => {
    const id = await list({ name: "Kanda", category: "Vegetable", produce: "potato", grade: "a" });
    expect(await t.listings.getListing(id)).toMatchObject({ produceId: "potato", produceChosen: true, grade: "A" });
    expect(await edit(id, { name: "Kanda", category: "Vegetable", produce: "none", grade: "FAQ" })).toMatchObject({
      produceId: null,
      produceChosen: true,
      grade: "FAQ",
    });
    // Back to "read it from the name".
    expect(await edit(id, { name: "Kanda", category: "Vegetable" })).toMatchObject({
      produceId: "onion",
      produceChosen: false,
      grade: null,
    });
  });

  it("backfills listings saved before, resumably, and never overwrites a seller's choice", async () => {
    const ids = await Promise.all([
      list({ name: "Tamatar", category: "Vegetable" }),
      list({ name: "Kolam rice", category: "Rice" }),
      list({ name: "Aloo", category: "Vegetable", produce: "tomato" }),
    ]);
    // As if saved before migration 0012: nothing read yet (the seller's choice stays).
    await t.db.kysely.updateTable("listing").set({ produce_id: null, produce_source: null }).where("id", "in", ids.slice(0, 2)).execute();

    // A first run cut off after one batch (an error thrown from its progress callback) …
    let batches = 0;
    await expect(
      backfillProduce(t.db, {
        batchSize: 1,
        onProgress: () => {
          if (++batches === 2) throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    const halfway = await t.db.kysely.selectFrom("listing").select("id").where("produce_source", "is", null).execute();
    expect(halfway).toHaveLength(1);

    // … resumes with what is left, and a second run finds nothing to do.
    expect(await backfillProduce(t.db, { batchSize: 1 })).toEqual({ done: 1, total: 1 });
    expect(await backfillProduce(t.db)).toEqual({ done: 0, total: 0 });

    const [tomato, rice, chosen] = await Promise.all(ids.map((id) => t.listings.getListing(id)));
    expect([tomato!.produceId, rice!.produceId, chosen!.produceId]).toEqual(["tomato", "rice", "tomato"]);
    expect(chosen!.produceChosen).toBe(true);
  });
});
