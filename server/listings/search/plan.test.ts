/**
 * The plan chooser with no database: what it decides from the count, and what it asks to have
 * measured (the table's size, a sample of the newest listings) before deciding a deep page.
 */
import { describe, expect, it } from "vitest";
import { MAX_COUNTED_MATCHES, PAGE_SIZE } from "../../../core/shared/constants";
import type { ListingFilter } from "../../../core/search/listing-filter";
import { categoryIndexServes, choosePlan, countInPlaceFrom, DENSITY_SAMPLE, placeWalkFits, walkIsCheaper, type PlanFacts } from "./plan";

const liveAt = 1_800_000_000_000;
const onion: ListingFilter = { liveAt, nameContainsAny: ["onion"] };
const facts = (more: Partial<PlanFacts> & { filter: ListingFilter }): PlanFacts => ({
  wanted: 8,
  total: MAX_COUNTED_MATCHES,
  sampleSize: DENSITY_SAMPLE,
  ...more,
});

describe("walkIsCheaper", () => {
  it("walks the sort index for shallow pages and common words, and collects a rare word's matches for a deep page", () => {
    // At 1,000,000 listings: "onion" in 1.4% of them, "organic" in 13%.
    const listings = 1_000_000;
    const page = (n: number, share: number) => ({ wanted: n * PAGE_SIZE, share, matches: share * listings });
    expect(walkIsCheaper(page(1, 0.014))).toBe(true);
    expect(walkIsCheaper(page(1_250, 0.014))).toBe(false);
    expect(walkIsCheaper(page(1_250, 0.13))).toBe(true);
    expect(walkIsCheaper(page(100, 0.002))).toBe(false);
  });
});

describe("choosePlan", () => {
  it("leaves fewer matches than are counted to the planner, but collects a name search's", () => {
    expect(choosePlan(facts({ filter: onion, total: MAX_COUNTED_MATCHES - 1 }))).toEqual({ plan: "collect" });
    expect(choosePlan(facts({ filter: { liveAt, category: "vegetables" }, total: 40 }))).toEqual({ plan: "any" });
    // "Name or category" and "name or place" are not a name search alone.
    expect(choosePlan(facts({ filter: { ...onion, orCategories: ["vegetables"] }, total: 40 }))).toEqual({ plan: "any" });
    expect(choosePlan(facts({ filter: { ...onion, orPlaces: [{ state: "gujarat" }] }, total: 0 }))).toEqual({ plan: "any" });
  });

  it("walks the sort index for many matches of anything but a name search alone, measuring nothing", () => {
    for (const filter of [{}, { liveAt, category: "vegetables" as const }, { ...onion, orCategories: ["vegetables" as const] }]) {
      expect(choosePlan(facts({ filter, wanted: 40_000 }))).toEqual({ plan: "walk" });
    }
  });

  it("asks how large the table is, then walks a shallow page without sampling", () => {
    expect(choosePlan(facts({ filter: onion, wanted: 21 }))).toEqual({ measure: "listing rows" });
    // 1,000 of about 100,000 match: 21 ÷ 1% × 0.4 = 840 entries walked, against 1,000 collected.
    expect(choosePlan(facts({ filter: onion, wanted: 21, listingRows: 100_000 }))).toEqual({ plan: "walk" });
    // An estimate below the count (stale statistics) counts as the count.
    expect(choosePlan(facts({ filter: onion, wanted: 2, listingRows: 10 }))).toEqual({ plan: "walk" });
  });

  it("asks for a sample of the filter before a deeper page, and of the name alone when the filter narrows it", () => {
    const deeper = { wanted: 40, listingRows: 100_000 };
    expect(choosePlan(facts({ filter: onion, ...deeper }))).toEqual({ measure: "sample", filters: [onion] });
    for (const narrowing of [
      { category: "vegetables" as const },
      { state: "maharashtra" },
      { places: [{ state: "gujarat" }] },
      { grade: "A" as const },
      { minPaise: 0 },
      { maxPaise: 2_500 },
    ]) {
      const filter = { ...onion, ...narrowing };
      expect(choosePlan(facts({ filter, ...deeper }))).toEqual({ measure: "sample", filters: [filter, onion] });
    }
  });

  it("collects when the marketplace holds fewer listings than a sample", () => {
    expect(choosePlan(facts({ filter: onion, wanted: 40, listingRows: 100_000, sampled: null }))).toEqual({ plan: "collect" });
  });

  it("weighs a walk at the sampled share against collecting the name's matches", () => {
    // At 1,000,000 listings, page 1,250: "onion" in 1.4% of them is collected, "organic" in 13% walked.
    const deep = { wanted: 10_000, listingRows: 1_000_000 };
    expect(choosePlan(facts({ filter: onion, ...deep, sampled: [56] }))).toEqual({ plan: "collect" });
    expect(choosePlan(facts({ filter: { liveAt, nameContainsAny: ["organic"] }, ...deep, sampled: [520] }))).toEqual({ plan: "walk" });
    // A sample with no match reads as one: the share is small, never zero.
    expect(choosePlan(facts({ filter: onion, ...deep, sampled: [0] }))).toEqual({ plan: "collect" });
  });

  it("prices collecting by the name's share, walking by the whole filter's", () => {
    const filter = { ...onion, category: "vegetables" as const };
    const page = { filter, wanted: 2_000, listingRows: 1_000_000 };
    // The filter matches 1% (a walk reads 80,000 entries); the name alone 13% (130,000 to collect): walk.
    expect(choosePlan(facts({ ...page, sampled: [40, 520] }))).toEqual({ plan: "walk" });
    // Were the name as rare as the filter, collecting (10,000) would be cheaper.
    expect(choosePlan(facts({ ...page, sampled: [40, 40] }))).toEqual({ plan: "collect" });
  });

  it("needs at most two measurements before it decides", () => {
    const found: PlanFacts = facts({ filter: { ...onion, maxPaise: 2_500 }, wanted: 10_000 });
    const asked: string[] = [];
    for (let step = choosePlan(found); !("plan" in step); step = choosePlan(found)) {
      asked.push(step.measure);
      if (step.measure === "listing rows") found.listingRows = 1_000_000;
      else found.sampled = step.filters.map(() => 56);
    }
    expect(asked).toEqual(["listing rows", "sample"]);
  });
});

describe("categoryIndexServes", () => {
  it("holds for a category alone, with a price range at most", () => {
    expect(categoryIndexServes({ liveAt, category: "vegetables" })).toBe(true);
    expect(categoryIndexServes({ liveAt, category: "vegetables", minPaise: 1_000, maxPaise: 2_500 })).toBe(true);
    // Empty lists filter nothing.
    expect(categoryIndexServes({ liveAt, category: "vegetables", nameContainsAny: [], orCategories: [] })).toBe(true);
  });

  it("does not hold with no category, or anything else beside it", () => {
    expect(categoryIndexServes({ liveAt })).toBe(false);
    for (const more of [
      { state: "maharashtra" },
      { grade: "A" as const },
      { nameContainsAny: ["onion"] },
      { sellerId: "seller" },
      { unplaced: true },
    ]) {
      expect(categoryIndexServes({ liveAt, category: "fruits", ...more })).toBe(false);
    }
  });
});

describe("reading a place's listings for a name search", () => {
  it("serves a place holding fewer listings than the cap", () => {
    expect(placeWalkFits(19_999, 20_000)).toBe(true);
    expect(placeWalkFits(20_000, 20_000)).toBe(false);
  });

  it("counts from the place when it was read whole, or when enough matched before the cap", () => {
    expect(countInPlaceFrom({ seen: 5_000, hits: 40, upTo: 1_001, cap: 20_000 })).toBe(40);
    expect(countInPlaceFrom({ seen: 5_000, hits: 2_000, upTo: 1_001, cap: 20_000 })).toBe(1_001);
    expect(countInPlaceFrom({ seen: 20_000, hits: 1_500, upTo: 1_001, cap: 20_000 })).toBe(1_001);
    // More listings than the cap and too few matches among them: not known.
    expect(countInPlaceFrom({ seen: 20_000, hits: 40, upTo: 1_001, cap: 20_000 })).toBeNull();
  });
});
