import { describe, expect, it } from "vitest";
import { allowedEdits, canBeFuzzy, editDistance, fuzzyNameEdits, wordEdits } from "./fuzzy";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and neighbour swaps", () => {
    expect(editDistance("basmti", "basmati")).toBe(1);
    expect(editDistance("onoin", "onion")).toBe(1);
    expect(editDistance("tomato", "potato")).toBe(2);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });

  it("stops early once past the limit", () => {
    expect(editDistance("groundnut", "almond", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 1)).toBe(2);
  });

  it("counts Devanagari by character, not by UTF-16 unit", () => {
    expect(editDistance("प्याज", "प्याज़")).toBe(1);
  });
});

describe("wordEdits and fuzzyNameEdits", () => {
  it("allow one edit from four letters and two from eight; none below four", () => {
    expect([3, 4, 7, 8].map(allowedEdits)).toEqual([0, 1, 1, 2]);
    expect(wordEdits("pea", "tea", false)).toBeUndefined();
    expect(wordEdits("tomato", "potato", false)).toBeUndefined();
    expect(wordEdits("pomegranet", "pomegranate", false)).toBe(2);
  });

  it("read the last typed word as possibly unfinished", () => {
    expect(wordEdits("basmt", "basmati", true)).toBe(1);
    expect(wordEdits("basmt", "basmati", false)).toBeUndefined();
    expect(fuzzyNameEdits("basmti ri", "basmati rice")).toBe(1);
    expect(fuzzyNameEdits("ri basmti", "basmati rice")).toBe(1);
  });

  it("need every typed word to match some word of the name", () => {
    expect(fuzzyNameEdits("basmti wheat", "basmati rice")).toBeUndefined();
    expect(fuzzyNameEdits("", "basmati rice")).toBeUndefined();
  });
});

describe("canBeFuzzy", () => {
  it("correct only queries with a word of four letters or more", () => {
    expect(canBeFuzzy("bsm")).toBe(false);
    expect(canBeFuzzy("red aloo")).toBe(true);
  });
});
