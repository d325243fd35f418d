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
  /** The most listed names that start with it, most listed first (`namesPerWord` shown). */
  starting: HeldNames;
  /** The most listed names holding it as a later word, most listed first. */
  later: HeldNames;
}

/**
 * The most listed names of a word in one place, most listed first (count, then name, descending,
 * as the names are read), with their counts, so a change can be applied in place: exactly the top
 * `names.length` of them (a few more than are shown), and all of them when `complete`. Two flat
 * arrays rather than an object per name: a million names hold about two million places.
 */
interface HeldNames {
  names: string[];
  counts: number[];
  complete: boolean;
}

/** A name whose count changed since the copy was read: by `delta`, to `listingCount` (0: gone). */
export interface NameChange {
  nameSearch: string;
  delta: number;
  listingCount: number;
}

/** A word that may be what a typed word meant, with the names holding it. */
export interface Correction {
  word: string;
  startingNames: string[];
  laterNames: string[];
}

/** Words shorter than this, or holding a digit ("lot 7", "25kg"), are never what a typo meant. */
const MIN_WORD_LENGTH = 3;

/** Names read (and words filed) between two turns of the event loop while the list is built. */
const NAMES_PER_PAGE = 5_000;

/** Names held beyond `namesPerWord`, so that a few held names falling back need no read. */
const SPARE_NAMES = 10;

/** Whether name a (with its count) comes before name b: most listed first, then by name descending, as the names are read. */
const before = (aName: string, aCount: number, bName: string, bCount: number) => aCount > bCount || (aCount === bCount && aName > bName);

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
  /** The names a place shows: its first `namesPerWord`. */
  const shown = (place: HeldNames) => (place.names.length > deps.namesPerWord ? place.names.slice(0, deps.namesPerWord) : place.names);
  const newWord = (word: string): Word => ({
    word,
    listings: 0,
    starting: { names: [], counts: [], complete: true },
    later: { names: [], counts: [], complete: true },
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
          const place = word === first ? entry.starting : entry.later;
          if (place.names.length < kept) {
            place.names.push(nameSearch);
            place.counts.push(listingCount);
          } else place.complete = false;
        }
      }
      // A hundred thousand names take a tenth of a second to read and file (and SQLite reads
      // without yielding): requests that arrive meanwhile are served between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
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
    const { names, counts } = place;
    const at = names.indexOf(name);
    const last = names.length - 1;
    // The last held name before this change (the name itself, at its old count, if it was last).
    const lastName = names[last];
    const lastCount = at === last ? count - delta : counts[last]!;
    let keep: boolean;
    if (at !== -1) {
      names.splice(at, 1);
      counts.splice(at, 1);
      // Fallen below the last held name: a name not held may now rank above it, so it is held no more.
      keep = count > 0 && (place.complete || delta > 0 || !before(lastName!, lastCount, name, count));
    } else {
      // New to the word (a complete list holds every name of it), or now above the last held.
      keep = count > 0 && (place.complete || (lastName !== undefined && before(name, count, lastName, lastCount)));
    }
    if (keep) {
      let to = 0;
      while (to < names.length && before(names[to]!, counts[to]!, name, count)) to++;
      names.splice(to, 0, name);
      counts.splice(to, 0, count);
    }
    if (names.length > kept) {
      names.length = counts.length = kept;
      place.complete = false;
    }
    return place.complete || names.length >= deps.namesPerWord;
  }

  /**
   * Updates the copy from the names whose counts changed since it was read (each name once), as
   * of `version`: what a full read would give, or false, with the copy untouched, when it cannot
   * tell (a word's list fell under `namesPerWord` names without holding them all): then read it all.
   */
  function applyChanges(changes: NameChange[], version: number): boolean {
    // A full read under way would replace the update with what it read.
    if (loadedVersion === undefined || loading) return false;
    const touched = new Map<string, Word>();
    for (const { nameSearch, delta, listingCount } of changes) {
      if (delta === 0) continue;
      const { words: nameWords, first } = wordsOf(nameSearch);
      for (const word of nameWords) {
        let entry = touched.get(word);
        if (!entry) {
          const held = byWord.get(word);
          const copy = (place: HeldNames): HeldNames => ({ names: [...place.names], counts: [...place.counts], complete: place.complete });
          entry = held ? { word, listings: held.listings, starting: copy(held.starting), later: copy(held.later) } : newWord(word);
          touched.set(word, entry);
        }
        entry.listings += delta;
        if (!change(word === first ? entry.starting : entry.later, nameSearch, listingCount, delta)) return false;
      }
    }
    for (const entry of touched.values()) {
      if (entry.listings < 0 || (entry.listings === 0) !== (!entry.starting.names.length && !entry.later.names.length)) return false;
    }
    // New sets and lists, so a request holding the old ones sees them whole.
    known = new Set(known);
    for (const [word, entry] of touched) {
      if (entry.listings === 0) {
        byWord.delete(word);
        known.delete(word);
      } else {
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
      .map(({ entry }) => ({ word: entry.word, startingNames: shown(entry.starting), laterNames: shown(entry.later) }));
  }

  return {
    applyChanges,

    /** Every word with its listings and names as answers use them, in the copy's order (tests, benchmarks). */
    async words(): Promise<Array<Correction & { listings: number }>> {
      await current("fresh");
      return words.map(({ word, listings, starting, later }) => ({ word, listings, startingNames: shown(starting), laterNames: shown(later) }));
    },

    /**
     * The most listed names holding a word, from the copy at hand: never waiting for a read (an
     * old copy is read again in the background, the first one too), so null until there is one.
     * The names are proposals only; the caller checks they are still live.
     */
    async namesWithWord(word: string): Promise<Pick<Correction, "startingNames" | "laterNames"> | null> {
      const version = await deps.version();
      if (loadedVersion === undefined || loadedVersion < version) reload(version).catch(() => {});
      const entry = byWord.get(word);
      return entry ? { startingNames: shown(entry.starting), laterNames: shown(entry.later) } : null;
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
