/** The saved-search index's rules in memory: a listing a search finds yields one of its keys and is within its bounds. */
import { describe, expect, it } from "vitest";
import { normaliseSearchText } from "../search/search-text";
import type { FilterableListing } from "../search/listing-filter";
import { filtersOf, listingKeys, listingWithinBounds, readSavedQuery, savedSearchIndex, savedSearchMatches } from "./saved-search-index";

/** A saved query as stored. */
const saved = (query: object) => readSavedQuery(JSON.stringify(query));

const onion: FilterableListing = {
  sellerId: "s1",
  nameSearch: normaliseSearchText("Red Onion"),
  category: "vegetables",
  pricePaise: 2_400,
  state: "maharashtra",
  district: "nashik",
  grade: null,
};

describe("the saved-search index", () => {
  it("files a search under keys the listings it finds yield, with bounds they are within", () => {
    const query = saved({ q: "onion", state: "maharashtra", maxPaise: 3_000 });
    expect(savedSearchMatches(query, onion)).toBe(true);
    const rows = savedSearchIndex(query);
    expect(rows.length).toBeGreaterThan(0);
    const keys = new Set(listingKeys(onion));
    expect(rows.some((row) => keys.has(row.term) && listingWithinBounds(onion, row))).toBe(true);
    // Outside the bounds: SQL never reads it as a candidate.
    expect(rows.every((row) => !listingWithinBounds({ ...onion, pricePaise: 3_100 }, row))).toBe(true);
  });

  it("reads a typo-corrected search as a second filter, filed under both", () => {
    const query = saved({ q: "oniun", corrected: "onion" });
    expect(filtersOf(query)).toHaveLength(2);
    expect(savedSearchMatches(query, onion)).toBe(true);
    expect(savedSearchMatches(saved({ q: "oniun" }), onion)).toBe(false);
  });
});
