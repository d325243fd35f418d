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

  it("reads the names again when the content version moves: in the background when its copy is recent and has the answer, at once otherwise", async () => {
    const { state, vocabulary } = setUp([{ nameSearch: "potato", listingCount: 1 }]);
    expect(await vocabulary.has("potato")).toBe(true);
    expect(state.loads).toBe(1);

    // Nothing written since: no reload.
    expect(await vocabulary.has("potato")).toBe(true);
    expect(state.loads).toBe(1);

    // Written a moment after the last read, and the copy has the answer: it answers at once and
    // reads again in the background, for the next request.
    state.names = [...state.names, { nameSearch: "kinnow orange", listingCount: 1 }];
    state.version = 2;
    state.now = 1_000;
    expect(await vocabulary.closeWords("potatoe", { asPrefix: false, limit: 3 })).toEqual(["potato"]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.loads).toBe(2);
    expect(await vocabulary.closeWords("kinow", { asPrefix: false, limit: 3 })).toEqual(["kinnow"]);

    // Written a moment ago, and the copy has no answer: the word may be the one just listed, so
    // the names are read again before answering.
    state.names = [...state.names, { nameSearch: "sapota", listingCount: 1 }];
    state.version = 3;
    state.now = 2_000;
    expect(await vocabulary.closeWords("sapotta", { asPrefix: false, limit: 3 })).toEqual(["sapota"]);
    expect(state.loads).toBe(3);

    // Written long after the last read: read again before answering anything.
    state.names = [...state.names, { nameSearch: "jamun", listingCount: 1 }];
    state.version = 4;
    state.now = 10_000;
    expect(await vocabulary.has("potato")).toBe(true);
    expect(state.loads).toBe(4);
    expect(await vocabulary.has("jamun")).toBe(true);
  });
});
