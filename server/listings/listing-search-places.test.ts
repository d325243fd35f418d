/**
 * Search and filter by a place's name, in English or Hindi (core/locations): both find the same
 * listings, on both engines, through the real services.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browseQuerySchema } from "../../core/search/search-query";
import { listingFields } from "../../tests/support/listings";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { testEngines } from "../../tests/support/test-database";
import { makeProducePhoto, makeSeller } from "../seed/factories";

describe.each(testEngines())("places by name, on %s", (engine) => {
  let t: TestServices;
  const ids: Record<string, string> = {};

  const browse = (query: Record<string, string>) => t.search.browseListings(browseQuerySchema.parse(query));
  const namesFound = async (query: Record<string, string>) => (await browse(query)).items.map((item) => item.name).sort();

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
    const photo = await makeProducePhoto("vegetables", 1, { width: 400, height: 300 });
    const listings = [
      { name: "Red Onion", category: "vegetables", state: "maharashtra", district: "nashik" },
      { name: "Nashik Grapes", category: "fruits", state: "maharashtra", district: "pune" },
      { name: "Tomato", category: "vegetables", state: "maharashtra", district: "mumbai-city" },
      { name: "Potato", category: "vegetables", state: "maharashtra", district: "mumbai-suburban" },
      { name: "Wheat", category: "wheat", state: "chhattisgarh", district: "bilaspur" },
      { name: "Apple", category: "fruits", state: "himachal-pradesh", district: "bilaspur" },
      { name: "Basmati Rice", category: "rice", state: "delhi", district: "new-delhi" },
    ];
    for (const fields of listings) {
      t.clock.now += 60_000;
      ids[fields.name] = (
        await t.listings.createListing({
          actor: { id: seller.id },
          fields: listingFields({ price: "40", ...fields }),
          photos: [{ bytes: photo, fileName: "p.jpg" }],
        })
      ).id;
    }
  });

  afterAll(async () => {
    await t.cleanup();
  });

  it("finds a district's listings by its English or Hindi name, however a Hindi typist spells it", async () => {
    const english = await namesFound({ q: "Nashik" });
    // The listings in Nashik, and names holding the name.
    expect(english).toEqual(["Nashik Grapes", "Red Onion"]);
    for (const q of ["नासिक", "नाशिक", "नासीक", "नाशिक़", "nashik", "NASHIK "]) expect(await namesFound({ q }), q).toEqual(english);
    // From either search box.
    expect(await namesFound({ q: "नासिक", by: "name" })).toEqual(english);
  });

  it("narrows other words to a place named beside them, in either script", async () => {
    expect(await namesFound({ q: "onion nashik" })).toEqual(["Red Onion"]);
    expect(await namesFound({ q: "प्याज़ नासिक" })).toEqual(["Red Onion"]);
    expect(await namesFound({ q: "नासिक onion" })).toEqual(["Red Onion"]);
    expect(await namesFound({ q: "tomato नासिक" })).toEqual([]);
  });

  it("finds every district of a city, and every state that has a district of that name", async () => {
    expect(await namesFound({ q: "मुंबई" })).toEqual(["Potato", "Tomato"]);
    expect(await namesFound({ q: "Mumbai" })).toEqual(["Potato", "Tomato"]);
    expect(await namesFound({ q: "बिलासपुर" })).toEqual(["Apple", "Wheat"]);
    expect(await namesFound({ q: "दिल्ली" })).toEqual(["Basmati Rice"]);
  });

  it("filters by a place given by its Hindi name as by its slug", async () => {
    const bySlug = await namesFound({ state: "maharashtra", district: "nashik" });
    expect(bySlug).toEqual(["Red Onion"]);
    expect(await namesFound({ state: "महाराष्ट्र", district: "नासिक" })).toEqual(bySlug);
    expect(await namesFound({ state: "महाराष्ट्र", district: "नाशिक" })).toEqual(bySlug);
    expect(await namesFound({ state: "छत्तीसगढ", district: "बिलासपुर" })).toEqual(["Wheat"]);
  });

  it("takes Mumbai as one choice: both its districts, by slug or by name", async () => {
    for (const district of ["mumbai", "Mumbai", "मुंबई", "Bombay"]) {
      expect(await namesFound({ state: "maharashtra", district }), district).toEqual(["Potato", "Tomato"]);
    }
    // Each district on its own still works, as old links have it.
    expect(await namesFound({ state: "maharashtra", district: "mumbai-city" })).toEqual(["Tomato"]);
    expect(await namesFound({ state: "maharashtra", district: "mumbai-suburban" })).toEqual(["Potato"]);
  });

  it("labels the listings it finds in English (Hindi pages relabel them)", async () => {
    const found = await browse({ q: "नासिक", by: "name" });
    expect(found.items.find((item) => item.id === ids["Red Onion"])?.where).toBe("Nashik, Maharashtra");
  });

  it("leaves nonsense and other scripts alone", async () => {
    for (const q of ["नासिकनासिक", "नास", "ਨਾਸਿਕ", "नासिक\u0000", "\u093c", "मुंबई".repeat(40)]) {
      const result = await browse({ q });
      expect(
        result.items.every((item) => item.state),
        q,
      ).toBe(true);
    }
  });
});

// Issue 42, item 13: a place word that is part of what a listing is called.
describe.each(testEngines())("a place word in a listing's name, on %s", (engine) => {
  let t: TestServices;
  const namesFound = async (q: string) =>
    (await t.search.browseListings(browseQuerySchema.parse({ q }))).items.map((item) => `${item.name} (${item.district})`).sort();

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = await t.accounts.signUp({ ...makeSeller(2), phone: "+919876543211" }, new Headers());
    const photo = await makeProducePhoto("fruits", 1, { width: 400, height: 300 });
    for (const fields of [
      { name: "Ratnagiri Alphonso", category: "fruits", state: "maharashtra", district: "nashik" },
      { name: "Alphonso", category: "fruits", state: "maharashtra", district: "ratnagiri" },
      { name: "Kesar mango", category: "fruits", state: "maharashtra", district: "nashik" },
      { name: "Shimla Mirch", category: "vegetables", state: "maharashtra", district: "nashik" },
      { name: "Hari mirch", category: "vegetables", state: "maharashtra", district: "pune" },
      { name: "Onion", category: "vegetables", state: "maharashtra", district: "nashik" },
      { name: "Onion", category: "vegetables", state: "maharashtra", district: "pune" },
    ]) {
      t.clock.now += 60_000;
      await t.listings.createListing({
        actor: { id: seller.id },
        fields: listingFields({ price: "40", ...fields }),
        photos: [{ bytes: photo, fileName: "p.jpg" }],
      });
    }
  });

  afterAll(async () => {
    await t.cleanup();
  });

  it("finds a listing whose name carries the place, wherever it is sold, beside those in the place", async () => {
    expect(await namesFound("Ratnagiri Alphonso")).toEqual(["Alphonso (ratnagiri)", "Ratnagiri Alphonso (nashik)"]);
    // "shimla mirch" is capsicum, not chillies from Shimla: found in Nashik; other chillies are not.
    expect(await namesFound("shimla mirch")).toEqual(["Shimla Mirch (nashik)"]);
    expect(await namesFound("mirch")).toEqual(["Hari mirch (pune)", "Shimla Mirch (nashik)"]);
  });

  it("shows the listings whose name carries the words first, then those in the place, each in the page's order", async () => {
    const inOrder = async (q: string, sort: "newest" | "price-asc" = "newest") =>
      (await t.search.browseListings(browseQuerySchema.parse({ q, sort }))).items.map((item) => `${item.name} (${item.district})`);
    // Newest first overall would put "Alphonso (ratnagiri)", listed later, above the named one.
    expect(await inOrder("Ratnagiri Alphonso")).toEqual(["Ratnagiri Alphonso (nashik)", "Alphonso (ratnagiri)"]);
    expect(await inOrder("Ratnagiri")).toEqual(["Ratnagiri Alphonso (nashik)", "Alphonso (ratnagiri)"]);
    expect(await inOrder("Ratnagiri", "price-asc")).toEqual(["Ratnagiri Alphonso (nashik)", "Alphonso (ratnagiri)"]);
  });

  it("still narrows to the place when the name does not carry it", async () => {
    expect(await namesFound("onion nashik")).toEqual(["Onion (nashik)"]);
    expect(await namesFound("alphonso ratnagiri")).toEqual(["Alphonso (ratnagiri)"]);
  });
});

// The two tiers across pages: a page may end one tier and start the next, and none is lost or shown twice.
describe.each(testEngines())("named first across pages, on %s", (engine) => {
  let t: TestServices;

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = await t.accounts.signUp({ ...makeSeller(3), phone: "+919876543212" }, new Headers());
    const photo = await makeProducePhoto("fruits", 2, { width: 400, height: 300 });
    // The named ones first, so newest first overall would show the others first.
    const lots = [
      ...Array.from({ length: 10 }, (_, i) => ({ name: `Ratnagiri Hapus ${i}`, district: "pune" })),
      ...Array.from({ length: 7 }, (_, i) => ({ name: `Hapus ${i}`, district: "ratnagiri" })),
    ];
    for (const lot of lots) {
      t.clock.now += 60_000;
      await t.listings.createListing({
        actor: { id: seller.id },
        fields: listingFields({ price: "90", category: "fruits", state: "maharashtra", ...lot }),
        photos: [{ bytes: photo, fileName: "p.jpg" }],
      });
    }
  }, 120_000);

  afterAll(async () => {
    await t.cleanup();
  });

  it("fills each page from the named tier, then the rest, newest first in each", async () => {
    const page = async (n: number) =>
      (await t.search.browseListings(browseQuerySchema.parse({ q: "ratnagiri", page: String(n) }))).items.map((item) => item.name);
    const named = Array.from({ length: 10 }, (_, i) => `Ratnagiri Hapus ${9 - i}`);
    const rest = Array.from({ length: 7 }, (_, i) => `Hapus ${6 - i}`);
    expect(await page(1)).toEqual(named.slice(0, 8));
    expect(await page(2)).toEqual([...named.slice(8), ...rest.slice(0, 6)]);
    expect(await page(3)).toEqual(rest.slice(6));
    const first = await t.search.browseListings(browseQuerySchema.parse({ q: "ratnagiri" }));
    expect([first.total, first.pageCount]).toEqual([17, 3]);
  });
});
