/**
 * What a search box text means: the same lower-case form the database keeps (`name_search`), and
 * the Hindi and Hinglish words buyers type for produce, read as the English names sellers use.
 * Category names (chawal, gehun, sabzi, …) live with the categories in categories.ts; produce
 * words come from the search alias table (Hinglish and Hindi) and from the produce catalogue's
 * names in Indian scripts (बासमती, धान), and `searchTermsFor` reads all of them.
 */
import { getCategory, resolveCategory } from "../catalogue/categories";
import { catalogueSpellings, searchWordOf } from "../catalogue/produce";
import { produceForOtherSpelling } from "../catalogue/produce-names";
import { PRODUCE_ALIASES } from "../catalogue/produce-aliases";
import { normaliseSearchText } from "./search-text";

// Built on first use, not at import.
let produceByAlias: Map<string, string> | undefined;
function produceFor(word: string): string | undefined {
  if (!produceByAlias) {
    produceByAlias = new Map();
    for (const produce of PRODUCE_ALIASES) {
      for (const alias of produce.aliases) produceByAlias.set(normaliseSearchText(alias), produce.name);
    }
  }
  return produceByAlias.get(word) ?? catalogueNameFor(word) ?? otherLanguageNameFor(word);
}

/** A produce's name or spelling in one of the ten other languages, any script (পেঁয়াজ, vengayam, kanak), read as the English word. */
function otherLanguageNameFor(phrase: string): string | undefined {
  const produce = produceForOtherSpelling(phrase);
  return produce ? searchWordOf(produce) : undefined;
}

/**
 * A produce's name in an Indian script, as the catalogue spells it (its Hindi name and the other
 * names in that script: बासमती, धान, शिमला मिर्च), read as the English word listing names use.
 * Latin spellings are left to the alias table: many of the catalogue's are varieties (sharbati,
 * alphonso), and a search for a variety must not widen to every listing of its produce. The
 * catalogue keeps its Indian-script spellings to names of the produce itself (its README).
 */
function catalogueNameFor(phrase: string): string | undefined {
  // Devanagari to Malayalam, and the Urdu script.
  if (!/[\u0600-\u06FF\u0900-\u0DFF]/u.test(phrase)) return undefined;
  const produce = catalogueSpellings().get(phrase);
  return produce ? searchWordOf(produce) : undefined;
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
