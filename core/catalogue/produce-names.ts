/**
 * Each produce's name in the ten languages beside English and Hindi, the other spellings farmers
 * type in that script, and the Latin spellings they type on an English keyboard (Marathi *kanda*,
 * Tamil *vengayam*, Punjabi *kanak*): produce-names/<language>.json, written by a speaker of each
 * (sources and method: README.md, "Names in every language"; decision 060). Server only: a page in
 * one of these languages gets the names it shows in its data, never the ten tables.
 */
import type { Language } from "../i18n/languages";
import bn from "./produce-names/bn.json" with { type: "json" };
import gu from "./produce-names/gu.json" with { type: "json" };
import kn from "./produce-names/kn.json" with { type: "json" };
import ml from "./produce-names/ml.json" with { type: "json" };
import mr from "./produce-names/mr.json" with { type: "json" };
import or from "./produce-names/or.json" with { type: "json" };
import pa from "./produce-names/pa.json" with { type: "json" };
import ta from "./produce-names/ta.json" with { type: "json" };
import te from "./produce-names/te.json" with { type: "json" };
import ur from "./produce-names/ur.json" with { type: "json" };
import { produceById, produceName, provideOtherProduceSpellings } from "./produce";
import type { Produce } from "./produce-list";

export type OtherProduceLanguage = Exclude<Language, "en" | "hi">;

export interface ProduceNameEntry {
  name: string;
  spellings: readonly string[];
  latin: readonly string[];
}

type ProduceNameTable = Readonly<Record<string, ProduceNameEntry>>;

export const PRODUCE_NAME_TABLES = { bn, te, mr, ta, gu, or, kn, pa, ur, ml } as unknown as Record<OtherProduceLanguage, ProduceNameTable>;

/** Every produce's shown name in a language, by id: what a page in it gets with its data (null in English and Hindi, which the browser has). */
export function produceNamesIn(language: Language): Readonly<Record<string, string>> | null {
  if (language === "en" || language === "hi") return null;
  return (namesMade[language] ??= Object.fromEntries(Object.entries(PRODUCE_NAME_TABLES[language]).map(([id, entry]) => [id, entry.name])));
}
const namesMade: Partial<Record<OtherProduceLanguage, Readonly<Record<string, string>>>> = {};

/** A produce's name in any language, on the server. */
export function produceNameIn(produce: Produce, language: Language): string {
  return produceName(produce, language, produceNamesIn(language));
}

/**
 * A spelling as search's text is compared (NFC, lower case, one space: core/search/search-text.ts),
 * without zero-width joiners, which one keyboard types and another leaves out (র‍্যা, ന്‍).
 */
function spellingKey(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\u200c\u200d]/g, "")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}

/**
 * Latin spellings that are also everyday English words a listing's name or a search may hold
 * ("Full truck of onions", "long grain"): read as produce they would name the wrong one (Punjabi
 * *full* is cauliflower, *long* cloves), so search and matching leave them to the English words.
 */
const ENGLISH_WORDS = new Set([
  "ale",
  "band",
  "bee",
  "bore",
  "data",
  "ell",
  "full",
  "hare",
  "jab",
  "jam",
  "job",
  "kola",
  "long",
  "mag",
  "mah",
  "mash",
  "mug",
  "nel",
  "note",
  "oma",
  "ova",
  "pan",
  "pat",
  "raya",
  "sev",
  "shim",
  "sing",
  "sore",
  "taj",
  "tal",
  "till",
]);

let bySpelling: Map<string, Produce> | undefined;

/**
 * The produce a word or phrase names in any of the ten languages: its name, a spelling in the
 * language's script, or a Latin spelling ("vengayam", "kanak"), in search's form (NFC, lower case).
 * A spelling two produce share names neither.
 */
export function produceForOtherSpelling(phrase: string): Produce | undefined {
  if (!bySpelling) {
    const found = new Map<string, Produce | null>();
    for (const table of Object.values(PRODUCE_NAME_TABLES))
      for (const [id, entry] of Object.entries(table)) {
        const produce = produceById(id);
        if (!produce) continue;
        for (const spelling of [entry.name, ...entry.spellings, ...entry.latin]) {
          const key = spellingKey(spelling);
          if (!key || ENGLISH_WORDS.has(key)) continue;
          const already = found.get(key);
          found.set(key, already === undefined || already === produce ? produce : null);
        }
      }
    bySpelling = new Map([...found].filter((pair): pair is [string, Produce] => pair[1] !== null));
  }
  return bySpelling.get(spellingKey(phrase));
}

/** Every spelling of the ten tables that names one produce only, with its produce's id. */
function unambiguousSpellings(): Array<[string, string]> {
  produceForOtherSpelling("");
  return [...bySpelling!].map(([spelling, produce]) => [spelling, produce.id]);
}

// A listing's name in any of these languages is read as its produce when saved (produce.ts).
provideOtherProduceSpellings(unambiguousSpellings());
