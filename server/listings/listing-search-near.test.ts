/**
 * "Nearest first" (decision 024): listings ordered by their district's distance from the buyer's,
 * newest first within a district, paginated like the rest, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../core/shared/constants";
import { districtCentre, districtsByDistance } from "../../core/locations/centres";
import { browseQuerySchema } from "../../core/search/search-query";
import { listingFields } from "../../tests/support/listings";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { testEngines } from "../../tests/support/test-database";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { createListingSearchRepository } from "./listing-search.repository";

describe.each(testEngines())("nearest first, on %s", (engine) => {
  let t: TestServices;
  let listings: { name: string; category: string; state: string; district: string }[] = [];
  const browse = (query: Record<string, string>) => {
    const parsed = browseQuerySchema.parse(query);
    return t.search.browseListings({ ...parsed, from: parsed.from });
  };

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
    const photo = await makeProducePhoto("vegetables", 1, { width: 400, height: 300 });
    listings = [
      ...["Patna Onion 1", "Patna Onion 2"].map((name) => ({ name, category: "vegetables", state: "bihar", district: "patna" })),
      ...["Pune Onion 1", "Pune Onion 2", "Pune Grapes"].map((name) => ({
        name,
        category: name.includes("Grapes") ? "fruits" : "vegetables",
        state: "maharashtra",
        district: "pune",
      })),
      ...["Nashik Onion 1", "Nashik Onion 2", "Nashik Grapes"].map((name) => ({
        name,
        category: name.includes("Grapes") ? "fruits" : "vegetables",
        state: "maharashtra",
        district: "nashik",
      })),
      { name: "Chennai Onion", category: "vegetables", state: "tamil-nadu", district: "chennai" },
      { name: "Ahilyanagar Onion", category: "vegetables", state: "maharashtra", district: "ahilyanagar" },
      { name: "Jaipur Onion", category: "vegetables", state: "rajasthan", district: "jaipur" },
    ];
    for (const fields of listings) {
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

  it("puts Nashik's listings before Pune's, and Pune's before Patna's, newest first within a district", async () => {
    const first = await browse({ sort: "near", from: "maharashtra/nashik" });
    expect(first.total).toBe(11);
    const names = first.items.map((item) => item.name);
    expect(names.slice(0, 3)).toEqual(["Nashik Grapes", "Nashik Onion 2", "Nashik Onion 1"]);
    const second = await browse({ sort: "near", from: "maharashtra/nashik", page: "2" });
    const all = [...names, ...second.items.map((item) => item.name)];
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(all).toHaveLength(11);
    expect(new Set(all).size).toBe(11);
    const at = (name: string) => all.indexOf(name);
    expect(at("Nashik Onion 1")).toBeLessThan(at("Pune Onion 1"));
    expect(at("Pune Onion 1")).toBeLessThan(at("Patna Onion 1"));
    // Distances never go down along the pages, and the buyer's own district is 0 km away.
    const km = [...first.items, ...second.items].map((item) => item.distanceKm!);
    expect(km[0]).toBe(0);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(km.at(-1)).toBeGreaterThan(1000);
  });

  it("is the nearest among what matches", async () => {
    const fruits = await browse({ sort: "near", from: "bihar/patna", category: "fruits" });
    // Nashik lies north of Pune, so nearer Patna.
    expect(fruits.items.map((item) => item.name)).toEqual(["Nashik Grapes", "Pune Grapes"]);
    const onions = await browse({ sort: "near", from: "tamil-nadu/chennai", q: "onion" });
    expect(onions.items[0]?.name).toBe("Chennai Onion");
    const inMaharashtra = await browse({ sort: "near", from: "bihar/patna", state: "maharashtra" });
    expect(inMaharashtra.items.every((item) => item.state === "maharashtra")).toBe(true);
    expect(inMaharashtra.total).toBe(7);
  });

  it("pages through every match once, in the total order, whatever districts a page spans", async () => {
    // A listing older than places (before migration 0006), and older than the rest: it comes last.
    const seller = await t.accounts.signUp({ ...makeSeller(2), phone: "+919876543211" }, new Headers());
    const photo = await makeProducePhoto("vegetables", 2, { width: 400, height: 300 });
    const now = t.clock.now;
    t.clock.now -= 3_600_000;
    const unplaced = await t.listings.createListing({
      actor: { id: seller.id },
      fields: listingFields({ price: "40", name: "Unplaced Onion", category: "vegetables", state: "bihar", district: "patna" }),
      photos: [{ bytes: photo, fileName: "p.jpg" }],
    });
    t.clock.now = now;
    await t.db.kysely.updateTable("listing").set({ state: null, district: null }).where("id", "=", unplaced.id).execute();
    // Pages of 8 over 12 listings in 6 districts and none: a page spans several districts and ends inside one.
    for (const from of ["maharashtra/nashik", "tamil-nadu/chennai", "rajasthan/jaipur", "assam/kamrup-metropolitan"]) {
      const rank = new Map(
        districtsByDistance(districtCentre(...(from.split("/") as [string, string]))!).map((d, i) => [`${d.state}/${d.district}`, i]),
      );
      for (const query of [{}, { q: "onion" }, { category: "vegetables" }] as Record<string, string>[]) {
        const matching = listings.filter((l) =>
          query.q ? l.name.includes("Onion") : query.category ? l.category === query.category : true,
        );
        // Created in list order, so a later one is newer.
        const expected = matching
          .map((l) => ({ name: l.name, rank: rank.get(`${l.state}/${l.district}`)!, age: -listings.indexOf(l) }))
          .sort((a, b) => a.rank - b.rank || a.age - b.age)
          .map((l) => l.name)
          .concat("Unplaced Onion");
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / PAGE_SIZE); page++) {
          seen.push(...(await browse({ ...query, sort: "near", from, page: String(page) })).items.map((item) => item.name));
        }
        expect(seen, `${from} ${JSON.stringify(query)}`).toEqual(expected);
      }
    }
  });

  it("gives the same pages for a name search whether it walks the districts or collects the matches", async () => {
    // A name search (alone, or "name or category") with many matches (told of a million) tests
    // each entry's name in listing_near_idx, district by district (PostgreSQL) or ring by ring
    // (SQLite); with few it goes through the names holding the term. Both must give the same
    // listings in the same order.
    const repository = createListingSearchRepository(t.db.kysely, t.db.dialect);
    const filters = [
      { nameContainsAny: ["onion"], liveAt: t.clock.now },
      { nameContainsAny: ["onion"], orCategories: ["fruits" as const], liveAt: t.clock.now },
    ];
    for (const filter of filters) {
      for (const from of ["maharashtra/nashik", "tamil-nadu/chennai", "assam/kamrup-metropolitan"]) {
        const districts = districtsByDistance(districtCentre(...(from.split("/") as [string, string]))!);
        for (const [offset, limit] of [
          [0, 3],
          [2, 4],
          [5, 20],
        ] as const) {
          const page = (total: number) =>
            repository.listNearest({ filter, districts, limit, offset, total }).then((items) => items.map((item) => item.name));
          const collected = await page(0);
          const label = `${from} ${offset} ${JSON.stringify(filter)}`;
          expect(collected.length, label).toBeGreaterThan(0);
          expect(await page(1_000_000), label).toEqual(collected);
        }
      }
    }
  });

  it("sorts newest first, with no distances, when no district is given", async () => {
    const result = await browse({ sort: "near" });
    expect(result.items[0]?.name).toBe("Jaipur Onion");
    expect(result.items.every((item) => item.distanceKm === undefined)).toBe(true);
  });
});
