/**
 * Quality grade (issue 23): saved from the form, shown in summaries, and /viewmore's grade filter
 * (alone, beside other filters, in every sort, counted), on both engines through the real services.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browseQuerySchema } from "../../core/search/search-query";
import { listingFields } from "../../tests/support/listings";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { testEngines } from "../../tests/support/test-database";
import { makeProducePhoto, makeSeller } from "../seed/factories";

describe.each(testEngines())("grade filter, on %s", (engine) => {
  let t: TestServices;
  const ids: Record<string, string> = {};

  const browse = (query: Record<string, string>) => t.search.browseListings(browseQuerySchema.parse(query));
  const namesFound = async (query: Record<string, string>) => (await browse(query)).items.map((item) => item.name);

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
    const photo = await makeProducePhoto("vegetables", 1, { width: 400, height: 300 });
    const listings: Array<Record<string, string> & { name: string }> = [
      { name: "Onion A cheap", category: "vegetables", price: "20", grade: "A" },
      { name: "Onion B", category: "vegetables", price: "18", grade: "B" },
      { name: "Onion ungraded", category: "vegetables", price: "19" },
      { name: "Wheat FAQ", category: "wheat", price: "26", grade: "faq" },
      { name: "Onion A dear", category: "vegetables", price: "30", grade: "Grade A", state: "gujarat", district: "rajkot" },
      { name: "Wheat A", category: "wheat", price: "28", grade: "A" },
      { name: "Onion A sold", category: "vegetables", price: "22", grade: "A" },
    ];
    for (const fields of listings) {
      t.clock.now += 60_000;
      ids[fields.name] = (
        await t.listings.createListing({
          actor: { id: seller.id },
          fields: listingFields(fields),
          photos: [{ bytes: photo, fileName: "p.jpg" }],
        })
      ).id;
    }
    await t.listings.markSold({ actor: { id: seller.id }, id: ids["Onion A sold"]! });
  });

  afterAll(async () => {
    await t.cleanup();
  });

  it("keeps the grade the seller chose, in its canonical form, on the listing and its summary", async () => {
    expect((await t.listings.getListing(ids["Wheat FAQ"]!)).grade).toBe("FAQ");
    expect((await t.listings.getListing(ids["Onion ungraded"]!)).grade).toBeNull();
    const found = await browse({ q: "wheat" });
    expect(found.items.map((item) => [item.name, item.grade])).toEqual([
      ["Wheat A", "A"],
      ["Wheat FAQ", "FAQ"],
    ]);
  });

  it("filters by grade, newest first, live listings only, and counts them", async () => {
    const found = await browse({ grade: "A" });
    expect(found.items.map((item) => item.name)).toEqual(["Wheat A", "Onion A dear", "Onion A cheap"]);
    expect(found.total).toBe(3);
    expect(await namesFound({ grade: "faq" })).toEqual(["Wheat FAQ"]);
    expect(await namesFound({ grade: "C" })).toEqual([]);
  });

  it("combines with search, category, place, price and every sort", async () => {
    expect(await namesFound({ grade: "A", q: "onion" })).toEqual(["Onion A dear", "Onion A cheap"]);
    expect(await namesFound({ grade: "A", category: "wheat" })).toEqual(["Wheat A"]);
    expect(await namesFound({ grade: "A", state: "gujarat" })).toEqual(["Onion A dear"]);
    expect(await namesFound({ grade: "A", max: "25" })).toEqual(["Onion A cheap"]);
    expect(await namesFound({ grade: "A", sort: "price-asc" })).toEqual(["Onion A cheap", "Wheat A", "Onion A dear"]);
    // By price through migration 0024's index (listPage names the price so the planner may use it).
    expect(await namesFound({ grade: "A", sort: "price-desc" })).toEqual(["Onion A dear", "Wheat A", "Onion A cheap"]);
    expect(await namesFound({ grade: "A", sort: "price-asc", min: "25" })).toEqual(["Wheat A", "Onion A dear"]);
    expect(await namesFound({ grade: "A", category: "vegetables", sort: "price-desc" })).toEqual(["Onion A dear", "Onion A cheap"]);
    expect(await namesFound({ grade: "A", sort: "oldest" })).toEqual(["Onion A cheap", "Onion A dear", "Wheat A"]);
  });

  it("reads a grade that is not one as no grade filter, never an error", async () => {
    for (const grade of ["D", "<script>", "A'; drop table listing; --", "", "AA"]) {
      expect(browseQuerySchema.parse({ grade }).grade, grade).toBe("");
      expect((await browse({ grade })).total, grade).toBe(6);
    }
    expect(browseQuerySchema.parse({ grade: " grade b " }).grade).toBe("B");
  });
});
