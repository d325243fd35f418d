import { describe, expect, it } from "vitest";
import {
  bestTier,
  currentSuggestions,
  highlightParts,
  highlightRanges,
  matchTier,
  rankSuggestions,
  suggestionHref,
  wantsSuggestions,
  type NameCandidate,
} from "./suggestions";

const candidate = (name: string, listingCount = 1): NameCandidate => ({
  nameSearch: name.toLowerCase(),
  name,
  category: "rice",
  listingCount,
  listingId: `id-${name}`,
});

describe("matchTier and bestTier", () => {
  it("prefers a prefix, then a word start, then a match inside a word", () => {
    expect(matchTier("rice bran", "rice")).toBe("prefix");
    expect(matchTier("basmati rice", "rice")).toBe("word");
    expect(matchTier("licorice root", "rice")).toBe("infix");
    expect(matchTier("wheat", "rice")).toBeUndefined();
  });

  it("takes the best tier over all terms and falls back to a close spelling", () => {
    expect(bestTier("red onion", ["pyaz", "onion"], "pyaz")).toBe("word");
    expect(bestTier("basmati rice", ["basmti"], "basmti")).toBe("typo");
    expect(bestTier("wheat", ["basmti"], "basmti")).toBeUndefined();
  });
});

describe("rankSuggestions", () => {
  it("orders by tier, then by how many listings carry the name, then alphabetically", () => {
    const ranked = rankSuggestions(
      [candidate("Licorice Root"), candidate("Brown Rice"), candidate("Basmati Rice", 3), candidate("Rice Bran"), candidate("Wheat")],
      { terms: ["rice"], typed: "rice" },
    );
    expect(ranked.map((s) => s.name)).toEqual(["Rice Bran", "Basmati Rice", "Brown Rice", "Licorice Root"]);
  });

  it("keeps one entry per name and at most the limit", () => {
    const many = Array.from({ length: 20 }, (_, i) => candidate(`Rice ${String(i).padStart(2, "0")}`));
    expect(rankSuggestions([...many, ...many], { terms: ["rice"], typed: "rice" })).toHaveLength(15);
    expect(rankSuggestions(many, { terms: ["rice"], typed: "rice", limit: 3 }).map((s) => s.name)).toEqual([
      "Rice 00",
      "Rice 01",
      "Rice 02",
    ]);
  });
});

describe("highlightRanges and highlightParts", () => {
  it("marks every occurrence of every term, merged", () => {
    expect(highlightRanges("Basmati Rice", ["rice"])).toEqual([[8, 12]]);
    expect(highlightRanges("Rice and rice", ["rice"])).toEqual([
      [0, 4],
      [9, 13],
    ]);
    expect(highlightRanges("Onion Onion", ["oni", "nio"])).toEqual([
      [0, 4],
      [6, 10],
    ]);
    expect(highlightRanges("Basmati Rice", ["basmti"])).toEqual([]);
  });

  it("splits a name into plain and marked parts", () => {
    expect(highlightParts("Basmati Rice", [[8, 12]])).toEqual([
      { text: "Basmati ", marked: false },
      { text: "Rice", marked: true },
    ]);
    expect(highlightParts("Rice", [])).toEqual([{ text: "Rice", marked: false }]);
    // Ranges that do not fit the name are ignored rather than breaking it.
    expect(highlightParts("Rice", [[2, 9]])).toEqual([{ text: "Rice", marked: false }]);
  });
});

describe("the combobox rules", () => {
  it("asks from two characters", () => {
    expect(wantsSuggestions("r")).toBe(false);
    expect(wantsSuggestions(" ri ")).toBe(true);
    expect(wantsSuggestions("आम")).toBe(true);
  });

  it("shows only the answer to what is in the box now", () => {
    const answer = { q: "ric", suggestions: ["Rice Bran"] };
    expect(currentSuggestions(answer, "ric ")).toEqual(["Rice Bran"]);
    // A slow answer for "ric" that arrives after the box says "rice" is not shown.
    expect(currentSuggestions(answer, "rice")).toBeNull();
    expect(currentSuggestions(undefined, "rice")).toBeNull();
    expect(currentSuggestions(answer, "r")).toBeNull();
  });

  it("opens the only listing with a name, or lists all listings sharing it", () => {
    expect(suggestionHref({ name: "Rice Bran", listingCount: 1, listingId: "abc" })).toBe("/view/abc");
    expect(suggestionHref({ name: "Basmati Rice", listingCount: 3, listingId: "abc" })).toBe("/viewmore?q=Basmati+Rice&by=name");
  });
});
