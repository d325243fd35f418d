/**
 * What a search box text means: the same lower-case form the database keeps (`name_search`), and
 * the Hindi and Hinglish words buyers type for produce, read as the English names sellers use.
 * Category names (chawal, gehun, sabzi, …) live with the categories in categories.ts; this table
 * holds produce, and `searchTermsFor` reads both.
 */
import { getCategory, resolveCategory } from "../catalogue/categories";
import { PRODUCE_ALIASES } from "../catalogue/produce-aliases";

// The alias table is its own module, so pages that only normalise text (every page's search box)
// share this one without it, while the sell form reads the table (core/catalogue/produce).

/**
 * The form names are searched in: NFC (so a nukta typed either way matches), lower case, one
 * space between words, no control characters. Listings store their name this way in `name_search`.
 */
export function normaliseSearchText(text: string): string {
  // Control characters (a NUL from a crafted URL) mean nothing in a name and would end an FTS5 string early.
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}

// Built on first use, not at import: the browser imports this module for normaliseSearchText
// (the header's search box, on every page) and so leaves the alias table out of its bundle.
let produceByAlias: Map<string, string> | undefined;
function produceFor(word: string): string | undefined {
  if (!produceByAlias) {
    produceByAlias = new Map();
    for (const produce of PRODUCE_ALIASES) {
      for (const alias of produce.aliases) produceByAlias.set(normaliseSearchText(alias), produce.name);
    }
  }
  return produceByAlias.get(word);
}

/** The English word an alias stands for: produce first, then a category ("chawal" → "rice"). */
function englishFor(word: string): string | undefined {
  const produce = produceFor(word);
  if (produce) return produce;
  const category = resolveCategory(word);
  if (!category) return undefined;
  const label = normaliseSearchText(getCategory(category).label);
  return label === word ? undefined : label;
}

/**
 * The texts a name must contain (any one of them) to match what was typed: the text itself, the
 * text with every Hindi/Hinglish word read in English, and the English for the whole text when it
 * is one alias ("phool gobi"). "basmati chawal" → ["basmati chawal", "basmati rice"].
 */
export function searchTermsFor(text: string): string[] {
  const query = normaliseSearchText(text);
  if (!query) return [];
  const terms = new Set([query]);
  const whole = englishFor(query);
  if (whole) terms.add(whole);
  const words = query.split(" ");
  if (words.length > 1) terms.add(words.map((word) => englishFor(word) ?? word).join(" "));
  return [...terms];
}
