/** A /viewmore search as a filter, and one listing read against it in memory (what alerts test a new listing with). */
import { describe, expect, it } from "vitest";
import { normaliseSearchText } from "./search-text";
import { browseFilterFor, listingMatchesFilter, type FilterableListing } from "./listing-filter";

const listing = (name: string, more: Partial<FilterableListing> = {}): FilterableListing => ({
  sellerId: "s1",
  nameSearch: normaliseSearchText(name),
  category: "vegetables",
  pricePaise: 2_400,
  state: "maharashtra",
  district: "nashik",
  grade: null,
  ...more,
});

describe("browseFilterFor and listingMatchesFilter", () => {
  it("finds a name by its words, within the price range and place asked for", () => {
    const filter = browseFilterFor({ q: "onion", state: "maharashtra", price: { maxPaise: 3_000 } })!;
    expect(listingMatchesFilter(listing("Red Onion"), filter)).toBe(true);
    expect(listingMatchesFilter(listing("Red Onion", { pricePaise: 3_100 }), filter)).toBe(false);
    expect(listingMatchesFilter(listing("Red Onion", { state: "gujarat", district: "surat" }), filter)).toBe(false);
    expect(listingMatchesFilter(listing("Potato"), filter)).toBe(false);
  });

  it("reads a place named in the search as the place, in either script", () => {
    const english = browseFilterFor({ q: "onion nashik" })!;
    const hindi = browseFilterFor({ q: "onion नासिक" })!;
    for (const filter of [english, hindi]) {
      expect(listingMatchesFilter(listing("Red Onion"), filter)).toBe(true);
      expect(listingMatchesFilter(listing("Red Onion", { district: "pune" }), filter)).toBe(false);
    }
  });

  it("matches nothing for a category spelling that names none", () => {
    expect(browseFilterFor({ category: "no-such-category" })).toBeNull();
  });

  it("keeps a listing with no grade out of a graded search", () => {
    const filter = browseFilterFor({ q: "onion", grade: "A" })!;
    expect(listingMatchesFilter(listing("Red Onion"), filter)).toBe(false);
    expect(listingMatchesFilter(listing("Red Onion", { grade: "A" }), filter)).toBe(true);
  });
});
