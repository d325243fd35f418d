/**
 * The word list typos are corrected against: which words it proposes, and when it reads the names
 * again. The names come from a function here so the test can change them and the clock at will;
 * listings.service.test.ts covers it on real databases through the search service.
 */
import { describe, expect, it, vi } from "vitest";
import { createNameVocabulary, LOAD_COST_FACTOR, type NameRow } from "./name-vocabulary";

function setUp(names: NameRow[]) {
  /** `readMs`: how far the clock moves while the names are read (a big catalogue's read). */
  const state = { names, version: 1, now: 0, loads: 0, readMs: 0 };
  const vocabulary = createNameVocabulary({
    // As the repository reads them: most listed first, a page at a time.
    loadNames: async function* (pageSize: number) {
      state.loads++;
      state.now += state.readMs;
      const names = [...state.names].sort((a, b) => b.listingCount - a.listingCount);
      for (let at = 0; at < names.length; at += pageSize) yield names.slice(at, at + pageSize);
    },
    version: async () => state.version,
    clock: () => state.now,
    refreshAfterMs: 5_000,
    namesPerWord: 2,
  });
  /** The words a typed word may mean (null: spelt as some name has it). */
  const closeWords = async (typed: string, asPrefix = false) =>
    (await vocabulary.correct(typed, { asPrefix, limit: 3 }))?.map((c) => c.word) ?? null;
  return { state, vocabulary, closeWords };
}

describe("name vocabulary", () => {
  it("proposes the words of listing names a typed word is a few edits from, closest then most listed first", async () => {
    const { closeWords } = setUp([
      { nameSearch: "nashik onion", listingCount: 40 },
      { nameSearch: "red onion", listingCount: 10 },
      { nameSearch: "onion lot 7", listingCount: 3 },
      { nameSearch: "basmati rice", listingCount: 20 },
    ]);
    expect(await closeWords("onoin")).toEqual(["onion"]);
    expect(await closeWords("basmti")).toEqual(["basmati"]);
    // Unfinished and misspelt: "basmt…" is one edit from the start of "basmati".
    expect(await closeWords("basmt", true)).toEqual(["basmati"]);
    expect(await closeWords("zzzz", true)).toEqual([]);
    // Spelt as a name has it: nothing to correct. Numbers ("7") are not words of it.
    expect(await closeWords("onion")).toBeNull();
    expect(await closeWords("7")).toEqual([]);
  });

  it("keeps, for each word, the most listed names it starts and the most listed it is a later word of", async () => {
    const { vocabulary } = setUp([
      { nameSearch: "onion red", listingCount: 1 },
      { nameSearch: "nashik onion", listingCount: 40 },
      { nameSearch: "onion white", listingCount: 30 },
      { nameSearch: "red onion", listingCount: 10 },
      { nameSearch: "onion", listingCount: 5 },
      { nameSearch: "pyaz onion", listingCount: 2 },
    ]);
    expect(await vocabulary.correct("onoin", { asPrefix: false, limit: 3 })).toEqual([
      // At most two of each (namesPerWord), most listed first.
      { word: "onion", startingNames: ["onion white", "onion"], laterNames: ["nashik onion", "red onion"] },
    ]);
  });

  it("gives the names holding a word from the copy at hand, never waiting for a read", async () => {
    const { state, vocabulary } = setUp([{ nameSearch: "red onion", listingCount: 3 }]);
    // Nothing read yet: no answer, and a read starts.
    expect(await vocabulary.namesWithWord("onion")).toBeNull();
    // The read runs in the background and yields between pages (setImmediate): wait until it has
    // ended rather than for one timer, which may fire first on a busy machine (seen in CI).
    await vi.waitFor(async () => expect(await vocabulary.namesWithWord("onion")).not.toBeNull());
    expect(state.loads).toBe(1);
    expect(await vocabulary.namesWithWord("onion")).toEqual({ startingNames: [], laterNames: ["red onion"] });
    // A change: answered from the old copy while the new one is read.
    state.names = [...state.names, { nameSearch: "white onion", listingCount: 5 }];
    state.version = 2;
    expect(await vocabulary.namesWithWord("onion")).toEqual({ startingNames: [], laterNames: ["red onion"] });
    await vi.waitFor(async () => expect((await vocabulary.namesWithWord("onion"))?.laterNames).toHaveLength(2));
    expect(state.loads).toBe(2);
    expect((await vocabulary.namesWithWord("onion"))?.laterNames).toEqual(["white onion", "red onion"]);
  });

  it("reads the names again when the content version moves: in the background when its copy is recent and has the answer, at once otherwise", async () => {
    const { state, closeWords } = setUp([{ nameSearch: "potato", listingCount: 1 }]);
    expect(await closeWords("potato")).toBeNull();
    expect(state.loads).toBe(1);

    // Nothing written since: no reload.
    expect(await closeWords("potato")).toBeNull();
    expect(state.loads).toBe(1);

    // Written a moment after the last read, and the copy has the answer: it answers at once and
    // reads again in the background, for the next request.
    state.names = [...state.names, { nameSearch: "kinnow orange", listingCount: 1 }];
    state.version = 2;
    state.now = 1_000;
    expect(await closeWords("potatoe")).toEqual(["potato"]);
    await vi.waitFor(async () => expect(await closeWords("kinow")).not.toEqual([]));
    expect(state.loads).toBe(2);
    expect(await closeWords("kinow")).toEqual(["kinnow"]);

    // Written a moment ago, and the copy has no answer: the word may be the one just listed, so
    // the names are read again before answering.
    state.names = [...state.names, { nameSearch: "sapota", listingCount: 1 }];
    state.version = 3;
    state.now = 2_000;
    expect(await closeWords("sapotta")).toEqual(["sapota"]);
    expect(state.loads).toBe(3);

    // Written long after the last read: read again before answering anything.
    state.names = [...state.names, { nameSearch: "jamun", listingCount: 1 }];
    state.version = 4;
    state.now = 10_000;
    expect(await closeWords("potato")).toBeNull();
    expect(state.loads).toBe(4);
    expect(await closeWords("jamun")).toBeNull();
  });

  it("waits after a costly read before the next: fifty times as long as it took, whatever is written meanwhile (decision 036)", async () => {
    const { state, closeWords } = setUp([{ nameSearch: "potato", listingCount: 1 }]);
    // A read of a big catalogue: 3 s (a million names); the next may start 150 s after it ended.
    state.readMs = 3_000;
    expect(await closeWords("potato")).toBeNull();
    expect(state.loads).toBe(1);
    const readAt = state.now;

    // Written since, long past refreshAfterMs, and asked for a word only the new name has: the
    // copy answers as it is, no read (in the background either).
    state.names = [...state.names, { nameSearch: "sapota", listingCount: 1 }];
    state.version = 2;
    state.now = readAt + LOAD_COST_FACTOR * 3_000 - 1;
    expect(await closeWords("sapotta")).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.loads).toBe(1);

    // Once the read's cost is made up for, the names are read again and the new word is found.
    state.now = readAt + LOAD_COST_FACTOR * 3_000;
    expect(await closeWords("sapotta")).toEqual(["sapota"]);
    expect(state.loads).toBe(2);
  });
});
