/**
 * Which produce a listing or a mandi rate is: a listing's free-text name ("Nashik red onion",
 * "pyaz", "Kolam rice") read against the catalogue, and AGMARKNET's commodity names read through
 * it. Pure; imported by the server (on save) and by the sell form's page data. AGMARKNET's names for
 * produce are server-only: core/catalogue/agmarknet-commodities.ts.
 */
import type { Language } from "../i18n/languages";
import type { CategorySlug } from "./categories";
import { allowedEdits, editDistance } from "../shared/fuzzy";
import { PRODUCE_ALIASES } from "./produce-aliases";
import { PRODUCE, type Produce } from "./produce-list";

/** A seller's answer to "Compared with": a produce id, or none of them. */
export const NO_PRODUCE = "none";

export const PRODUCE_IDS: readonly string[] = PRODUCE.map((produce) => produce.id);

const BY_ID = new Map(PRODUCE.map((produce) => [produce.id, produce]));

export function produceById(id: string | null | undefined): Produce | undefined {
  return id ? BY_ID.get(id) : undefined;
}

/**
 * A produce's name in a language: English and Hindi from the catalogue; the ten others from
 * `names`, the page language's table (server: produce-names.ts, produceNameIn; browser: the
 * page's data), else English.
 */
export function produceName(produce: Produce, lang: Language, names: Readonly<Record<string, string>> | null): string {
  if (lang === "hi") return produce.hi;
  return (lang === "en" ? undefined : names?.[produce.id]) ?? produce.en;
}

/**
 * The English word listing names use for a produce, which search reads its other names as: the
 * alias table's word where it has one, else its English name without the bracketed gloss
 * ("Paddy (dhan)" → "paddy").
 */
export function searchWordOf(produce: Produce): string {
  return (produce.searchName ?? produce.en.replace(/\s*\([^)]*\)/g, "")).trim().toLowerCase();
}

/**
 * Letters (with their marks, for Devanagari) and digits; everything else separates words. The
 * same words as search's normaliseSearchText gives (NFC, lower case), read without importing it:
 * the sell form carries this module, and every page's search box shares that one.
 */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

interface Index {
  /** A spelling's words joined by one space → its produce. */
  byPhrase: Map<string, Produce>;
  /** The most words any spelling has. */
  longest: number;
  /** One-word spellings long enough to correct a typo towards, with their produce. */
  fuzzyWords: Array<[string, Produce]>;
}

// Built on first use: a page that imports this module for names alone pays nothing more.
let index: Index | undefined;

/**
 * The ten other languages' spellings (produce-names.ts), which only the server loads: that module
 * hands them here, so a listing named "வெங்காயம்" or "kanda" is read as onion on save while the
 * sell form's chunk carries none of them.
 */
let otherSpellings: ReadonlyArray<readonly [spelling: string, produceId: string]> = [];

export function provideOtherProduceSpellings(spellings: ReadonlyArray<readonly [spelling: string, produceId: string]>): void {
  otherSpellings = spellings;
  withOthers = undefined;
}

/** The index with the ten other languages' spellings too: exact matches only (their Latin ones sit a typo from English words). */
let withOthers: Index | undefined;
function getIndexWithOthers(): Index {
  if (withOthers) return withOthers;
  const base = getIndex();
  const byPhrase = new Map(base.byPhrase);
  for (const [spelling, id] of otherSpellings) {
    const produce = BY_ID.get(id);
    const phrase = wordsOf(spelling).join(" ");
    if (produce && phrase && !byPhrase.has(phrase)) byPhrase.set(phrase, produce);
  }
  const longest = Math.max(...[...byPhrase.keys()].map((phrase) => phrase.split(" ").length));
  withOthers = { byPhrase, longest, fuzzyWords: base.fuzzyWords };
  return withOthers;
}
function getIndex(): Index {
  if (index) return index;
  const byPhrase = new Map<string, Produce>();
  const searchAliases = new Map(PRODUCE_ALIASES.map((entry) => [entry.name, entry.aliases]));
  for (const produce of PRODUCE) {
    const spellings = [
      produce.id.replace(/-/g, " "),
      produce.en,
      produce.hi,
      ...produce.aliases,
      ...(produce.searchName ? [produce.searchName, ...(searchAliases.get(produce.searchName) ?? [])] : []),
    ];
    for (const spelling of spellings) {
      const phrase = wordsOf(spelling).join(" ");
      if (phrase && !byPhrase.has(phrase)) byPhrase.set(phrase, produce);
    }
  }
  const longest = Math.max(...[...byPhrase.keys()].map((phrase) => phrase.split(" ").length));
  const fuzzyWords = [...byPhrase].filter(([phrase]) => !phrase.includes(" ") && allowedEdits([...phrase].length) > 0);
  index = { byPhrase, longest, fuzzyWords };
  return index;
}

/** Every phrase of a catalogue spelling, for the test that no spelling names two produce. */
export function catalogueSpellings(): ReadonlyMap<string, Produce> {
  return getIndex().byPhrase;
}

interface Found {
  produce: Produce;
  words: number;
  at: number;
  exact: boolean;
}

/** "onions" → "onion", "tomatoes" → "tomato": English plurals a name may use. */
function singulars(word: string): string[] {
  const forms: string[] = [];
  if (word.endsWith("es") && word.length > 4) forms.push(word.slice(0, -2));
  if (word.endsWith("s") && word.length > 3) forms.push(word.slice(0, -1));
  return forms;
}

function findExact(words: string[], byPhrase: Map<string, Produce>, longest: number): Found[] {
  const found: Found[] = [];
  for (let size = Math.min(longest, words.length); size >= 1; size--) {
    for (let at = 0; at + size <= words.length; at++) {
      const phrase = words.slice(at, at + size).join(" ");
      const produce =
        byPhrase.get(phrase) ??
        (size === 1
          ? singulars(phrase)
              .map((form) => byPhrase.get(form))
              .find(Boolean)
          : undefined);
      if (produce) found.push({ produce, words: size, at, exact: true });
    }
  }
  return found;
}

function findFuzzy(words: string[], fuzzyWords: Array<[string, Produce]>): Found[] {
  const found: Found[] = [];
  words.forEach((word, at) => {
    const length = [...word].length;
    const edits = Math.min(allowedEdits(length), 1);
    if (edits === 0) return;
    for (const [spelling, produce] of fuzzyWords) {
      if (Math.abs([...spelling].length - length) > edits) continue;
      if (editDistance(word, spelling, edits) <= edits) {
        found.push({ produce, words: 1, at, exact: false });
        return;
      }
    }
  });
  return found;
}

/**
 * The produce a listing's name means, with its category to choose between readings: the longest
 * spelling found wins ("sweet potato" over "potato", "green gram" over "gram"), a produce of the
 * listing's category before one of another, the earliest in the name before a later one. One typo
 * in a word of five letters or more is forgiven when nothing matches exactly ("tomatto").
 * Undefined when the name names nothing in the catalogue.
 */
export function matchProduce(
  name: string,
  category?: CategorySlug | null,
  { otherLanguages = false }: { otherLanguages?: boolean } = {},
): Produce | undefined {
  // The ten other languages' spellings only where the server alone reads the name (a save): a page
  // draws "Compared with" the same on the server and in the browser, which has none of them.
  const { byPhrase, longest, fuzzyWords } = otherLanguages ? getIndexWithOthers() : getIndex();
  const words = wordsOf(name);
  if (words.length === 0) return undefined;
  let found = findExact(words, byPhrase, longest);
  if (found.length === 0) found = findFuzzy(words, fuzzyWords);
  if (found.length === 0) return undefined;
  const fits = (produce: Produce) => !category || produce.category === null || produce.category === category;
  found.sort((a, b) => Number(fits(b.produce)) - Number(fits(a.produce)) || b.words - a.words || a.at - b.at);
  return found[0]!.produce;
}
