/**
 * Price insight from Mandi's own listings (issue 23, decision 020), on real services and a real
 * database: the aggregate follows every save, sale, hiding and deletion, and the answers follow it
 * through the content version.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "../../core/prices/price-insight";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";

describe.each(testEngines())("price insight on %s", (engine) => {
  let t: TestServices;
  let photo: Buffer;
  const sellers: Array<{ id: string }> = [];
  let moderator: { id: string; name: string; role: "moderator" };

  beforeAll(async () => {
    t = await createTestServices({ engine });
    photo = await makeProducePhoto("vegetables", 1, { width: 200, height: 150 });
    for (let n = 1; n <= 6; n++)
      sellers.push({ id: (await t.accounts.signUp({ ...makeSeller(n), phone: `+91987654321${n}` }, new Headers())).id });
    const staff = await t.accounts.signUp({ ...makeSeller(9), phone: "+919876500009" }, new Headers());
    await t.moderation.setRole({ actor: { commandLine: true }, person: { id: staff.id }, role: "moderator" });
    moderator = { id: staff.id, name: "Staff", role: "moderator" };
  });

  afterAll(async () => {
    await t.cleanup();
  });

  async function list(seller: { id: string }, form: Record<string, string>) {
    t.clock.now += 60_000;
    const { id } = await t.listings.createListing({
      actor: seller,
      fields: listingFields({ category: "Vegetable", ...form }),
      photos: [{ bytes: photo, fileName: "p.jpg" }],
    });
    return id;
  }
  const nashik = { produceId: "onion", state: "maharashtra", district: "nashik" };

  it("says not enough listings yet below 5 listings from 3 sellers, then gives the band", async () => {
    await list(sellers[0]!, { name: "Nashik red onion", price: "18" });
    await list(sellers[1]!, { name: "Pyaz", price: "20" });
    await list(sellers[2]!, { name: "Kanda", price: "22" });
    await list(sellers[0]!, { name: "Onion lot 2", price: "18" });
    expect(await t.priceInsight.insight(nashik)).toEqual({ enough: false, listings: 4, sellers: 3 });
    await list(sellers[3]!, { name: "Onion", price: "24" });
    expect(await t.priceInsight.insight(nashik)).toEqual({
      enough: true,
      scope: "district",
      state: "maharashtra",
      district: "nashik",
      grade: null,
      summary: { medianPaise: 2100, lowPaise: 1950, highPaise: 2250, listings: 5, sellers: 4 },
    });
  });

  it("counts a seller once however many listings they make, in any unit", async () => {
    for (let i = 0; i < 6; i++) await list(sellers[4]!, { name: "Onion", price: "100", unit: "quintal" });
    const insight = await t.priceInsight.insight(nashik);
    // 1 ₹/kg from seller 5 is one vote among five.
    expect(insight).toMatchObject({ enough: true, summary: { listings: 11, sellers: 5, medianPaise: 2000 } });
  });

  it("keeps sold listings, drops hidden and deleted ones", async () => {
    const sold = await list(sellers[5]!, { name: "Onion", price: "30" });
    await t.listings.markSold({ actor: sellers[5]!, id: sold });
    expect(await t.priceInsight.insight(nashik)).toMatchObject({ summary: { listings: 12, sellers: 6 } });
    await t.moderation.hideListing({ actor: moderator, listingId: sold, reason: "Wrong photo" });
    expect(await t.priceInsight.insight(nashik)).toMatchObject({ summary: { listings: 11, sellers: 5 } });
    await t.moderation.restoreListing({ actor: moderator, listingId: sold, note: null });
    expect(await t.priceInsight.insight(nashik)).toMatchObject({ summary: { listings: 12 } });
    await t.listings.deleteListing({ actor: sellers[5]!, id: sold });
    expect(await t.priceInsight.insight(nashik)).toMatchObject({ summary: { listings: 11 } });
  });

  it("falls back to the state and all India, and compares like with like by grade when it can", async () => {
    expect(await t.priceInsight.insight({ produceId: "onion", state: "maharashtra", district: "pune" })).toMatchObject({
      enough: true,
      scope: "state",
      district: null,
    });
    expect(await t.priceInsight.insight({ produceId: "onion", state: "bihar", district: "patna" })).toMatchObject({
      enough: true,
      scope: "india",
      state: null,
    });
    expect(await t.priceInsight.insight({ produceId: "wheat", state: "maharashtra", district: "nashik" })).toEqual({
      enough: false,
      listings: 0,
      sellers: 0,
    });
    for (const [n, price] of [
      [0, "30"],
      [1, "32"],
      [2, "34"],
      [3, "36"],
      [5, "38"],
    ] as const)
      await list(sellers[n]!, { name: "Onion", price, grade: "A" });
    expect(await t.priceInsight.insight({ ...nashik, grade: "A" })).toMatchObject({
      enough: true,
      grade: "A",
      summary: { listings: 5, medianPaise: 3400 },
    });
    expect(await t.priceInsight.insight({ ...nashik, grade: "C" })).toMatchObject({ enough: true, grade: null, summary: { listings: 16 } });
  });

  it("says where a listing's price stands, and builds the price page", async () => {
    const usual = await t.priceInsight.insight(nashik);
    if (!usual.enough) throw new Error("expected an insight");
    const standing = await t.priceInsight.standing({ ...nashik, grade: null, pricePaise: Math.round(usual.summary.medianPaise * 0.93) });
    expect(standing?.percent).toBe(-7);
    const page = await t.priceInsight.pricePage("onion");
    expect(page.byState).toEqual([{ state: "maharashtra", summary: expect.objectContaining({ listings: 16 }) }]);
    expect(page.byDistrict).toEqual([{ state: "maharashtra", district: "nashik", summary: expect.objectContaining({ listings: 16 }) }]);
    expect(page.trend.at(-1)).toMatchObject({ toDay: dayOf(t.clock.now), summary: expect.objectContaining({ listings: 16 }) });
    await expect(t.priceInsight.pricePage("no-such-produce")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const index = await t.priceInsight.produceIndex();
    expect(index[0]).toMatchObject({ produce: { id: "onion" }, listings: 16 });
  });

  it("leaves the listing being edited out of its own band (issue 42)", async () => {
    // A sixth seller's one listing, far above the rest: on its own Edit page it is not in the sample.
    const dear = await list(sellers[5]!, { name: "Onion", price: "90" });
    const asked = { ...nashik, grade: null, unit: "kg" as const, gramsPerUnit: null };
    const counted = await t.priceInsight.note(asked, "en");
    const editing = await t.priceInsight.note({ ...asked, excludeListing: dear }, "en");
    expect(editing!.listings).toBe(counted!.listings - 1);
    await t.listings.deleteListing({ actor: sellers[5]!, id: dear });
  });

  it("leaves listings older than 30 days out", async () => {
    t.clock.now += 31 * 86_400_000;
    expect(await t.priceInsight.insight(nashik)).toEqual({ enough: false, listings: 0, sellers: 0 });
    expect((await t.priceInsight.pricePage("onion")).trend.some((week) => week.summary)).toBe(true);
  });
});
