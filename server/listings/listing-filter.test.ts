/**
 * listingMatchesFilter (what alerts test a new listing with) agrees with the SQL /viewmore runs,
 * for random searches over a small marketplace of produce in English, Hindi and Hinglish, places
 * and prices (fast-check), on both engines (decision 022).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browseQuerySchema } from "../../core/search/search-query";
import { listingFields } from "../../tests/support/listings";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { testEngines } from "../../tests/support/test-database";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import {
  browseFilterFor,
  listingMatchesFilter,
  namedFirst,
  type FilterableListing,
  type ListingFilter,
} from "../../core/search/listing-filter";
import { filterBounds, filterKeys, listingKeys, listingWithinBounds } from "../../core/alerts/saved-search-index";
import { createListingSearchRepository } from "./listing-search.repository";

const NAMES = [
  "Red Onion",
  "Onion",
  "Nashik Grapes",
  "Basmati Rice",
  "Aloo",
  "Potato",
  "Tomato",
  "Green Chilli",
  "Kesar Mango",
  "प्याज़",
  "Wheat Lokwan",
];
const CATEGORIES = ["vegetables", "fruits", "rice", "wheat", "vegetables", "fruits", "rice", "vegetables", "fruits", "vegetables", "wheat"];
const PLACES = [
  { state: "maharashtra", district: "nashik" },
  { state: "maharashtra", district: "pune" },
  { state: "maharashtra", district: "mumbai-city" },
  { state: "delhi", district: "new-delhi" },
];
const WORDS = [
  "onion",
  "pyaz",
  "प्याज",
  "aloo",
  "potato",
  "rice",
  "chawal",
  "mango",
  "aam",
  "nashik",
  "नासिक",
  "mumbai",
  "grapes",
  "on",
  "ric",
  "sabzi",
  "fruits",
  "oinon",
  "",
];

describe.each(testEngines())("alerts match what search finds, on %s", (engine) => {
  let t: TestServices;
  const listings: Array<FilterableListing & { id: string }> = [];

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
    const photo = await makeProducePhoto("vegetables", 1, { width: 200, height: 150 });
    let i = 0;
    for (const [n, name] of NAMES.entries()) {
      for (const place of PLACES.slice(0, 2 + (n % 3))) {
        i++;
        const price = String(10 + ((i * 7) % 50));
        const grade = ["", "A", "B", "FAQ"][i % 4]!;
        const fields = listingFields({ name, category: CATEGORIES[n]!, price, grade, ...place });
        const { id } = await t.listings.createListing({ actor: { id: seller.id }, fields, photos: [{ bytes: photo, fileName: "p.jpg" }] });
        const row = await t.db.kysely
          .selectFrom("listing")
          .select(["name_search", "category", "price_paise", "state", "district", "grade"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        listings.push({
          id,
          sellerId: seller.id,
          nameSearch: row.name_search,
          category: row.category,
          pricePaise: Number(row.price_paise),
          state: row.state,
          district: row.district,
          grade: row.grade,
        });
      }
    }
  }, 120_000);

  afterAll(async () => {
    await t.cleanup();
  });

  it("finds exactly the listings the /viewmore SQL finds, and files every search under a key each of them yields, with bounds each is within", async () => {
    const repository = createListingSearchRepository(t.db.kysely, t.db.dialect);
    const query = fc.record({
      q: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }).map((w) => w.join(" ")),
      by: fc.constantFrom("name", "any"),
      category: fc.constantFrom("", "", "vegetables", "fruits", "Rice", "sabzi"),
      place: fc.constantFrom(null, ...PLACES, { state: "maharashtra", district: "" }, { state: "maharashtra", district: "mumbai" }),
      min: fc.constantFrom("", "15", "30"),
      max: fc.constantFrom("", "25", "50"),
      grade: fc.constantFrom("", "", "A", "b", "FAQ", "C"),
    });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const parsed = browseQuerySchema.parse({
          q: q.q,
          by: q.by,
          category: q.category,
          state: q.place?.state ?? "",
          district: q.place?.district ?? "",
          min: q.min,
          max: q.max,
          grade: q.grade,
        });
        const filter = browseFilterFor(parsed, t.clock.now);
        const bySql = filter ? (await repository.list({ filter, sort: "newest", limit: 500, offset: 0 })).map((l) => l.id).sort() : [];
        const inMemory = filter
          ? listings
              .filter((l) => listingMatchesFilter(l, filter))
              .map((l) => l.id)
              .sort()
          : [];
        expect(inMemory).toEqual(bySql);
        // A search naming a place splits in two tiers (names carrying its words first): together
        // exactly the same listings, none in both, and each tier read alike in memory.
        const tiers = filter && namedFirst(filter);
        if (tiers) {
          const tierIds = async (tier: ListingFilter) => {
            const sqlIds = (await repository.list({ filter: tier, sort: "newest", limit: 500, offset: 0 })).map((l) => l.id).sort();
            expect(
              listings
                .filter((l) => listingMatchesFilter(l, tier))
                .map((l) => l.id)
                .sort(),
            ).toEqual(sqlIds);
            return sqlIds;
          };
          const [named, rest] = [await tierIds(tiers.named), await tierIds(tiers.rest)];
          expect([...named, ...rest].sort()).toEqual(bySql);
          expect(named.filter((id) => rest.includes(id))).toEqual([]);
        }
        if (filter) {
          const keys = new Set(filterKeys(filter));
          const bounds = filterBounds(filter);
          for (const l of listings.filter((x) => inMemory.includes(x.id))) {
            expect(listingKeys(l).some((k) => keys.has(k))).toBe(true);
            // The index's narrowing (decision 030) never rules out a listing the search finds.
            expect(listingWithinBounds(l, bounds)).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it("counts what it lists, up to the cap asked for, whether a place's listings are read whole or not (decision 032)", async () => {
    // A cap of 2 entries makes every place overflow it, so a count in a place falls back to
    // probing name by name unless the first two entries already reach `upTo`.
    const repositories = [
      createListingSearchRepository(t.db.kysely, t.db.dialect),
      createListingSearchRepository(t.db.kysely, t.db.dialect, { placeWalkCap: 2 }),
    ];
    const query = fc.record({
      q: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }).map((w) => w.join(" ")),
      place: fc.constantFrom(null, ...PLACES, { state: "maharashtra", district: "" }, { state: "maharashtra", district: "mumbai" }),
      max: fc.constantFrom("", "25", "50"),
      upTo: fc.constantFrom(1, 2, 3, 500),
    });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const parsed = browseQuerySchema.parse({
          q: q.q,
          by: "name",
          state: q.place?.state ?? "",
          district: q.place?.district ?? "",
          max: q.max,
        });
        const filter = browseFilterFor(parsed, t.clock.now);
        if (!filter) return;
        const expected = Math.min(listings.filter((l) => listingMatchesFilter(l, filter)).length, q.upTo);
        for (const repository of repositories) expect(await repository.count(filter, { upTo: q.upTo })).toBe(expected);
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
