/**
 * A produce's name in Hindi finds the listings its sellers named in English, as the English word
 * does, on both engines, through the real services: the Hindi search box's own example
 * ("बासमती चावल") and the words a Hindi typist uses for paddy and red onion (issue 40).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browseQuerySchema } from "../../core/search/search-query";
import { listingFields } from "../../tests/support/listings";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { testEngines } from "../../tests/support/test-database";
import { makeProducePhoto, makeSeller } from "../seed/factories";

describe.each(testEngines())("produce names in Hindi, on %s", (engine) => {
  let t: TestServices;

  const namesFound = async (q: string) =>
    (await t.search.browseListings(browseQuerySchema.parse({ q }))).items.map((item) => item.name).sort();

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
    const photo = await makeProducePhoto("rice", 1, { width: 400, height: 300 });
    const listings = [
      { name: "1121 Basmati Rice", category: "rice" },
      { name: "Pusa Basmati 1509", category: "rice" },
      { name: "Sona Masoori Rice", category: "rice" },
      { name: "Paddy PR 126", category: "rice" },
      { name: "Red Onion", category: "vegetables" },
      { name: "Sharbati Wheat", category: "wheat" },
      { name: "Lokwan Wheat", category: "wheat" },
    ];
    for (const fields of listings) {
      t.clock.now += 60_000;
      await t.listings.createListing({
        actor: { id: seller.id },
        fields: listingFields({ price: "40", state: "maharashtra", district: "nashik", ...fields }),
        photos: [{ bytes: photo, fileName: "p.jpg" }],
      });
    }
  });

  afterAll(async () => {
    await t.cleanup();
  });

  it("finds by a produce's Hindi name what its English word finds", async () => {
    const basmati = await namesFound("basmati");
    expect(basmati).toEqual(["1121 Basmati Rice", "Pusa Basmati 1509"]);
    for (const q of ["बासमती", "बासमती चावल"]) expect(await namesFound(q), q).toEqual(basmati);
    // Paddy (dhan) is also the rice category's word, in either script: its listings.
    const paddy = await namesFound("paddy");
    expect(paddy).toContain("Paddy PR 126");
    for (const q of ["धान", "dhan"]) expect(await namesFound(q), q).toEqual(paddy);
    expect(await namesFound("लाल प्याज")).toEqual(["Red Onion"]);
  });

  it("keeps a search for a variety to that variety", async () => {
    expect(await namesFound("sharbati")).toEqual(["Sharbati Wheat"]);
    expect(await namesFound("गेहूं")).toEqual(["Lokwan Wheat", "Sharbati Wheat"]);
  });
});
