/**
 * The words listing names are made of ("basmati", "nashik", "onion"…), kept in memory so a typo is
 * corrected word by word against a few thousand words rather than by comparing the typed text
 * with a hundred thousand names in the database (decision 017). Each word keeps the most listed
 * names holding it, so the names a correction proposes need no search of their own: only one
 * query, whether a live listing still carries them. Derived from listing_name, which stays the
 * truth: a word here only proposes names, which are then checked as usual.
 *
 * It is read again when the content version has moved: at once when the copy is older than
 * `refreshAfterMs`, otherwise in the background, so a busy marketplace rebuilds it about that
 * often; and at once whenever a stale copy has no answer, so a word listed a moment ago is found.
 * A read is a full one, and its cost grows with the catalogue (3 s of CPU at a million names), so
 * the next read waits at least LOAD_COST_FACTOR times as long as the last one took: the word list
 * never takes more than about 2% of a worker's core, at the price of newer names at that size
 * being corrected against a little later (decision 036).
 */
import { wordEdits } from "../../core/shared/fuzzy";

export interface NameRow {
  nameSearch: string;
  listingCount: number;
}

interface Word {
  word: string;
  /** Listings whose name holds it: the more, the likelier the word meant. */
  listings: number;
  /** The most listed names that start with it, most listed first (at most `namesPerWord`). */
  startingNames: string[];
  /** The most listed names holding it as a later word, most listed first. */
  laterNames: string[];
}

/** A word that may be what a typed word meant, with the names holding it. */
export type Correction = Pick<Word, "word" | "startingNames" | "laterNames">;

/** Words shorter than this, or holding a digit ("lot 7", "25kg"), are never what a typo meant. */
const MIN_WORD_LENGTH = 3;

/** Names read (and words filed) between two turns of the event loop while the list is built. */
const NAMES_PER_PAGE = 5_000;

/** A read is followed by at least this many times its own duration without one: 1 / (1 + 50), about 2%. */
export const LOAD_COST_FACTOR = 50;

export function createNameVocabulary(deps: {
  /** Every name, most listed first, `pageSize` at a time. */
  loadNames: (pageSize: number) => AsyncIterable<NameRow[]>;
  version: () => Promise<number>;
  /** Names kept for each word and place (first word, later word). */
  namesPerWord: number;
  refreshAfterMs?: number;
  clock?: () => number;
}) {
  const refreshAfterMs = deps.refreshAfterMs ?? 5_000;
  const clock = deps.clock ?? Date.now;
  let words: Word[] = [];
  let byWord = new Map<string, Word>();
  let known = new Set<string>();
  let loadedVersion: number | undefined;
  let loadedAt = 0;
  /** How long the last read took: the next waits LOAD_COST_FACTOR times that. */
  let lastLoadMs = 0;
  let loading: Promise<void> | null = null;

  async function load(version: number): Promise<void> {
    const started = clock();
    const filed = new Map<string, Word>();
    // Most listed first, so each word's names are ranked as they are added.
    for await (const page of deps.loadNames(NAMES_PER_PAGE)) {
      for (const { nameSearch, listingCount } of page) {
        const nameWords = nameSearch.split(" ");
        for (const word of new Set(nameWords)) {
          if ([...word].length < MIN_WORD_LENGTH || /\d/.test(word)) continue;
          let entry = filed.get(word);
          if (!entry) filed.set(word, (entry = { word, listings: 0, startingNames: [], laterNames: [] }));
          entry.listings += listingCount;
          const place = word === nameWords[0] ? entry.startingNames : entry.laterNames;
          if (place.length < deps.namesPerWord) place.push(nameSearch);
        }
      }
      // A hundred thousand names take a tenth of a second to read and file (and SQLite reads
      // without yielding): requests that arrive meanwhile are served between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    byWord = filed;
    known = new Set(filed.keys());
    words = [...filed.values()].sort((a, b) => b.listings - a.listings || (a.word < b.word ? -1 : 1));
    loadedVersion = version;
    loadedAt = clock();
    lastLoadMs = loadedAt - started;
  }

  /** Whether a read may start now: the last one's cost has been made up for (see LOAD_COST_FACTOR). */
  const mayReadAgain = () => clock() - loadedAt >= LOAD_COST_FACTOR * lastLoadMs;

  /** One load at a time, however many requests find the copy stale. */
  function reload(version: number): Promise<void> {
    return (loading ??= load(version).finally(() => (loading = null)));
  }

  /**
   * The copy to answer from. "recent": a copy read within `refreshAfterMs` may serve while a newer
   * one loads in the background. "fresh": read again now if anything changed since the copy.
   */
  async function current(wanted: "recent" | "fresh"): Promise<{ words: Word[]; known: Set<string>; stale: boolean }> {
    const version = await deps.version();
    const old = () => loadedVersion === undefined || loadedVersion < version;
    if (loadedVersion === undefined || (old() && mayReadAgain() && (wanted === "fresh" || clock() - loadedAt >= refreshAfterMs))) {
      await reload(version);
      // A load already under way may have started before the newest change: one more then.
      if (old() && mayReadAgain()) await reload(version);
    } else if (old() && mayReadAgain()) {
      const copy = { words, known, stale: true };
      // A failed background load is tried again by the next request that finds the copy stale.
      reload(version).catch(() => {});
      return copy;
    }
    // Still old only when the last read's cost is not yet made up for.
    return { words, known, stale: old() };
  }

  function closest(from: Word[], typedWord: string, options: { asPrefix: boolean; limit: number }): Correction[] {
    const found: Array<{ entry: Word; edits: number }> = [];
    for (const entry of from) {
      const edits = wordEdits(typedWord, entry.word, options.asPrefix);
      if (edits !== undefined) found.push({ entry, edits });
    }
    const fewest = Math.min(...found.map((candidate) => candidate.edits));
    return found
      .filter((candidate) => candidate.edits === fewest)
      .sort((a, b) => b.entry.listings - a.entry.listings)
      .slice(0, options.limit)
      .map(({ entry }) => ({ word: entry.word, startingNames: entry.startingNames, laterNames: entry.laterNames }));
  }

  return {
    /**
     * The most listed names holding a word, from the copy at hand: never waiting for a read (an
     * old copy is read again in the background, the first one too), so null until there is one.
     * The names are proposals only; the caller checks they are still live.
     */
    async namesWithWord(word: string): Promise<Pick<Word, "startingNames" | "laterNames"> | null> {
      const version = await deps.version();
      if (loadedVersion === undefined || (loadedVersion < version && mayReadAgain())) reload(version).catch(() => {});
      const entry = byWord.get(word);
      return entry ? { startingNames: entry.startingNames, laterNames: entry.laterNames } : null;
    },

    /**
     * What a typed word may be a misspelling of: null when listing names use it as typed, else the
     * words needing the fewest edits, the most listed first, at most `limit`, each with its names.
     * `asPrefix`: the word may be unfinished (the last one in the box). With no answer in a copy
     * older than the last change, it reads the names again first: the word may have just been listed.
     */
    async correct(typedWord: string, options: { asPrefix: boolean; limit: number }): Promise<Correction[] | null> {
      const answer = (copy: { words: Word[]; known: Set<string> }) =>
        copy.known.has(typedWord) ? null : closest(copy.words, typedWord, options);
      const copy = await current("recent");
      const found = answer(copy);
      return found === null || found.length || !copy.stale ? found : answer(await current("fresh"));
    },
  };
}

export type NameVocabulary = ReturnType<typeof createNameVocabulary>;
