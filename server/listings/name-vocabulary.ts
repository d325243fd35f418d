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
 *
 * `applyChanges` updates a copy in place from the names whose counts changed, giving what a full
 * read would (decision 036). Nothing calls it yet: the schema does not record which names changed,
 * so the refresh still reads every name until a change log does.
 */
import { wordEdits } from "../../core/fuzzy";

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
  /** The same with their counts and a few more, so a change can be applied in place. */
  held: { starting: HeldNames; later: HeldNames };
}

/**
 * The most listed names of a word in one place, most listed first (count, then name, descending,
 * as the names are read): exactly the top `names.length` of them, and all of them when `complete`.
 */
interface HeldNames {
  names: Array<{ name: string; count: number }>;
  complete: boolean;
}

/** A name whose count changed since the copy was read: by `delta`, to `listingCount` (0: gone). */
export interface NameChange {
  nameSearch: string;
  delta: number;
  listingCount: number;
}

/** A word that may be what a typed word meant, with the names holding it. */
export type Correction = Pick<Word, "word" | "startingNames" | "laterNames">;

/** Words shorter than this, or holding a digit ("lot 7", "25kg"), are never what a typo meant. */
const MIN_WORD_LENGTH = 3;

/** Names read (and words filed) between two turns of the event loop while the list is built. */
const NAMES_PER_PAGE = 5_000;

/** Names held beyond `namesPerWord`, so that a few held names falling back need no read. */
const SPARE_NAMES = 10;

/** Most listed first, then by name descending: the order the names are read in. */
const byRank = (a: { name: string; count: number }, b: { name: string; count: number }) => b.count - a.count || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);

/** The words of a name a typo may mean, each once. */
function wordsOf(nameSearch: string): { words: Set<string>; first: string } {
  const nameWords = nameSearch.split(" ");
  const words = new Set<string>();
  for (const word of nameWords) if ([...word].length >= MIN_WORD_LENGTH && !/\d/.test(word)) words.add(word);
  return { words, first: nameWords[0]! };
}

const byListings = (a: Word, b: Word) => b.listings - a.listings || (a.word < b.word ? -1 : 1);

export function createNameVocabulary(deps: {
  /** Every name, most listed first, `pageSize` at a time. */
  loadNames: (pageSize: number) => AsyncIterable<NameRow[]>;
  version: () => Promise<number>;
  /** Names kept for each word and place (first word, later word). */
  namesPerWord: number;
  /** SPARE_NAMES unless a test wants a few names to fill a word's spare places. */
  spareNames?: number;
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
  let loading: Promise<void> | null = null;

  const kept = deps.namesPerWord + (deps.spareNames ?? SPARE_NAMES);
  const show = (word: Word) => {
    word.startingNames = word.held.starting.names.slice(0, deps.namesPerWord).map((held) => held.name);
    word.laterNames = word.held.later.names.slice(0, deps.namesPerWord).map((held) => held.name);
  };
  const newWord = (word: string): Word => ({
    word,
    listings: 0,
    startingNames: [],
    laterNames: [],
    held: { starting: { names: [], complete: true }, later: { names: [], complete: true } },
  });

  async function load(version: number): Promise<void> {
    const filed = new Map<string, Word>();
    // Most listed first, so each word's names are ranked as they are added.
    for await (const page of deps.loadNames(NAMES_PER_PAGE)) {
      for (const { nameSearch, listingCount } of page) {
        const { words: nameWords, first } = wordsOf(nameSearch);
        for (const word of nameWords) {
          let entry = filed.get(word);
          if (!entry) filed.set(word, (entry = newWord(word)));
          entry.listings += listingCount;
          const place = word === first ? entry.held.starting : entry.held.later;
          if (place.names.length < kept) place.names.push({ name: nameSearch, count: listingCount });
          else place.complete = false;
        }
      }
      // A hundred thousand names take a tenth of a second to read and file (and SQLite reads
      // without yielding): requests that arrive meanwhile are served between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const entry of filed.values()) show(entry);
    byWord = filed;
    known = new Set(filed.keys());
    words = [...filed.values()].sort(byListings);
    loadedVersion = version;
    loadedAt = clock();
  }

  /**
   * One change to one word's names in one place, on a copy of them; false when the names held no
   * longer say which are the most listed (then only a full read can).
   */
  function change(place: HeldNames, name: string, count: number, delta: number): boolean {
    const at = place.names.findIndex((held) => held.name === name);
    const last = place.names[place.names.length - 1];
    const ranked = { name, count };
    if (at !== -1) {
      // Fallen below the last held name (itself, if it was the last): a name not held may now
      // rank above it, so it is held no more.
      const lastBefore = at === place.names.length - 1 ? { name, count: count - delta } : last!;
      if (count === 0 || (delta < 0 && !place.complete && byRank(ranked, lastBefore) > 0)) place.names.splice(at, 1);
      else place.names[at] = ranked;
    } else if (count > 0 && (place.complete || (last !== undefined && byRank(ranked, last) < 0))) {
      // New to the word (a complete list holds every name of it), or now above the last held.
      place.names.push(ranked);
    }
    place.names.sort(byRank);
    if (place.names.length > kept) {
      place.names.length = kept;
      place.complete = false;
    }
    return place.complete || place.names.length >= deps.namesPerWord;
  }

  /**
   * Updates the copy from the names whose counts changed since it was read (each name once), as
   * of `version`: what a full read would give, or false, with the copy untouched, when it cannot
   * tell (a word's list fell under `namesPerWord` names without holding them all): then read it all.
   */
  function applyChanges(changes: NameChange[], version: number): boolean {
    if (loadedVersion === undefined) return false;
    const touched = new Map<string, Word>();
    for (const { nameSearch, delta, listingCount } of changes) {
      if (delta === 0) continue;
      const { words: nameWords, first } = wordsOf(nameSearch);
      for (const word of nameWords) {
        let entry = touched.get(word);
        if (!entry) {
          const held = byWord.get(word);
          entry = held
            ? { ...held, held: { starting: { ...held.held.starting, names: [...held.held.starting.names] }, later: { ...held.held.later, names: [...held.held.later.names] } } }
            : newWord(word);
          touched.set(word, entry);
        }
        entry.listings += delta;
        if (!change(word === first ? entry.held.starting : entry.held.later, nameSearch, listingCount, delta)) return false;
      }
    }
    for (const entry of touched.values()) {
      if (entry.listings < 0 || (entry.listings === 0) !== (!entry.held.starting.names.length && !entry.held.later.names.length)) return false;
    }
    for (const [word, entry] of touched) {
      if (entry.listings === 0) {
        byWord.delete(word);
        known.delete(word);
      } else {
        show(entry);
        byWord.set(word, entry);
        known.add(word);
      }
    }
    words = [...byWord.values()].sort(byListings);
    loadedVersion = version;
    loadedAt = clock();
    return true;
  }

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
    if (loadedVersion === undefined || (old() && (wanted === "fresh" || clock() - loadedAt >= refreshAfterMs))) {
      await reload(version);
      // A load already under way may have started before the newest change: one more then.
      if (old()) await reload(version);
    } else if (old()) {
      const copy = { words, known, stale: true };
      // A failed background load is tried again by the next request that finds the copy stale.
      reload(version).catch(() => {});
      return copy;
    }
    return { words, known, stale: false };
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
    applyChanges,

    /** Every word with its listings and names as answers use them, in the copy's order (tests, benchmarks). */
    async words(): Promise<Array<Pick<Word, "word" | "listings" | "startingNames" | "laterNames">>> {
      await current("fresh");
      return words.map(({ word, listings, startingNames, laterNames }) => ({ word, listings, startingNames, laterNames }));
    },

    /**
     * The most listed names holding a word, from the copy at hand: never waiting for a read (an
     * old copy is read again in the background, the first one too), so null until there is one.
     * The names are proposals only; the caller checks they are still live.
     */
    async namesWithWord(word: string): Promise<Pick<Word, "startingNames" | "laterNames"> | null> {
      const version = await deps.version();
      if (loadedVersion === undefined || loadedVersion < version) reload(version).catch(() => {});
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
      const answer = (copy: { words: Word[]; known: Set<string> }) => (copy.known.has(typedWord) ? null : closest(copy.words, typedWord, options));
      const copy = await current("recent");
      const found = answer(copy);
      return found === null || found.length || !copy.stale ? found : answer(await current("fresh"));
    },
  };
}

export type NameVocabulary = ReturnType<typeof createNameVocabulary>;
