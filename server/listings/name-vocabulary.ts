/**
 * The words listing names are made of ("basmati", "nashik", "onion"…), kept in memory so a typo is
 * corrected word by word against a few thousand words rather than by comparing the typed text
 * with a hundred thousand names in the database (decision 017). Derived from listing_name, which
 * stays the truth: a word here only proposes names, which are then found and checked as usual.
 *
 * It is read again when the content version has moved: at once when the copy is older than
 * `refreshAfterMs`, otherwise in the background, so a busy marketplace rebuilds it about that
 * often; and at once whenever a stale copy has no answer, so a word listed a moment ago is found.
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
}

/** Words shorter than this, or holding a digit ("lot 7", "25kg"), are never what a typo meant. */
const MIN_WORD_LENGTH = 3;

export function createNameVocabulary(deps: {
  loadNames: () => Promise<NameRow[]>;
  version: () => Promise<number>;
  refreshAfterMs?: number;
  clock?: () => number;
}) {
  const refreshAfterMs = deps.refreshAfterMs ?? 5_000;
  const clock = deps.clock ?? Date.now;
  let words: Word[] = [];
  let known = new Set<string>();
  let loadedVersion: number | undefined;
  let loadedAt = 0;
  let loading: Promise<void> | null = null;

  async function load(version: number): Promise<void> {
    const counts = new Map<string, number>();
    for (const { nameSearch, listingCount } of await deps.loadNames()) {
      for (const word of new Set(nameSearch.split(" "))) {
        if ([...word].length < MIN_WORD_LENGTH || /\d/.test(word)) continue;
        counts.set(word, (counts.get(word) ?? 0) + listingCount);
      }
    }
    known = new Set(counts.keys());
    words = [...counts].map(([word, listings]) => ({ word, listings })).sort((a, b) => b.listings - a.listings || (a.word < b.word ? -1 : 1));
    loadedVersion = version;
    loadedAt = clock();
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

  function closest(from: Word[], typedWord: string, options: { asPrefix: boolean; limit: number }): string[] {
    const found: Array<Word & { edits: number }> = [];
    for (const entry of from) {
      const edits = wordEdits(typedWord, entry.word, options.asPrefix);
      if (edits !== undefined) found.push({ ...entry, edits });
    }
    const fewest = Math.min(...found.map((entry) => entry.edits));
    return found
      .filter((entry) => entry.edits === fewest)
      .sort((a, b) => b.listings - a.listings)
      .slice(0, options.limit)
      .map((entry) => entry.word);
  }

  return {
    /**
     * Words a typed word may be a misspelling of: those needing the fewest edits, the most listed
     * first, at most `limit`. `asPrefix`: the word may be unfinished (the last one in the box).
     * Finding nothing in a copy older than the last change, it reads the names again first: the
     * word meant may have just been listed.
     */
    async closeWords(typedWord: string, options: { asPrefix: boolean; limit: number }): Promise<string[]> {
      const copy = await current("recent");
      const found = closest(copy.words, typedWord, options);
      return found.length || !copy.stale ? found : closest((await current("fresh")).words, typedWord, options);
    },

    /** Whether the word is one listing names use, as typed (read again, as above, before saying no). */
    async has(word: string): Promise<boolean> {
      const copy = await current("recent");
      return copy.known.has(word) || (copy.stale && (await current("fresh")).known.has(word));
    },
  };
}

export type NameVocabulary = ReturnType<typeof createNameVocabulary>;
