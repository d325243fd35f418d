/**
 * The word list typos are corrected against: which words it proposes, and when it reads the names
 * again. The names come from a function here so the test can change them and the clock at will;
 * listings.service.test.ts covers it on real databases through the search service.
 */
import { describe, expect, it } from "vitest";
import { createNameVocabulary, type NameRow } from "./name-vocabulary";

function setUp(names: NameRow[]) {
  const state = { names, version: 1, now: 0, loads: 0 };
  const vocabulary = createNameVocabulary({
    loadNames: async () => {
      state.loads++;
      return state.names;
    },
    version: async () => state.version,
    clock: () => state.now,
    refreshAfterMs: 5_000,
  });
  return { state, vocabulary };
}

describe("name vocabulary", () => {
  it("proposes the words of listing names a typed word is a few edits from, closest then most listed first", async () => {
    const { vocabulary } = setUp([
      { nameSearch: "nashik onion", listingCount: 40 },
      { nameSearch: "red onion", listingCount: 10 },
      { nameSearch: "onion lot 7", listingCount: 3 },
      { nameSearch: "basmati rice", listingCount: 20 },
    ]);
    expect(await vocabulary.closeWords("onoin", { asPrefix: false, limit: 3 })).toEqual(["onion"]);
    expect(await vocabulary.closeWords("basmti", { asPrefix: false, limit: 3 })).toEqual(["basmati"]);
    // Unfinished and misspelt: "basmt…" is one edit from the start of "basmati".
    expect(await vocabulary.closeWords("basmt", { asPrefix: true, limit: 3 })).toEqual(["basmati"]);
    expect(await vocabulary.closeWords("zzzz", { asPrefix: true, limit: 3 })).toEqual([]);
    // Numbers and words too short to be meant ("lot", "7") are not in it.
    expect(await vocabulary.has("onion")).toBe(true);
    expect(await vocabulary.has("7")).toBe(false);
  });

  it("reads the names again when the content version moves: at once when its copy is old, else in the background", async () => {
    const { state, vocabulary } = setUp([{ nameSearch: "potato", listingCount: 1 }]);
    expect(await vocabulary.has("kinnow")).toBe(false);
    expect(state.loads).toBe(1);

    state.names = [...state.names, { nameSearch: "kinnow orange", listingCount: 1 }];
    // Nothing written since: no reload.
    expect(await vocabulary.has("kinnow")).toBe(false);
    expect(state.loads).toBe(1);

    // Written a moment after the last read: this answer is the old one, the next is new.
    state.version = 2;
    state.now = 1_000;
    expect(await vocabulary.has("kinnow")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await vocabulary.has("kinnow")).toBe(true);
    expect(state.loads).toBe(2);

    // Written long after the last read: read again before answering.
    state.names = [...state.names, { nameSearch: "sapota", listingCount: 1 }];
    state.version = 3;
    state.now = 10_000;
    expect(await vocabulary.has("sapota")).toBe(true);
    expect(state.loads).toBe(3);
  });
});
