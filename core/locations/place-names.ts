/**
 * States' and districts' names in the ten languages beside English and Hindi (decision 060;
 * method and coverage in README.md, "Names in every language"):
 * 1. the language's own table, names/<language>.json: every state, and every district of the
 *    states where the language is spoken, written by a speaker from the Local Government
 *    Directory's local-script names (`lgd` says, district by district, whether LGD agreed, had
 *    none, or was corrected);
 * 2. the big cities every language has its own name for (names/major-cities.json: Mumbai,
 *    Kolkata, Chennai, the footer's);
 * 3. any other district (a Tamil district on a Bengali page): its Hindi name transliterated into
 *    the language's script with @indic-transliteration/sanscript, never Latin letters.
 * Server only, like names-hi.ts: pages get the names they show in their data.
 */
import Sanscript from "@indic-transliteration/sanscript";
import type { Language } from "../i18n/languages";
import { provideOtherPlaceNames } from "./index";
import bn from "./names/bn.json" with { type: "json" };
import gu from "./names/gu.json" with { type: "json" };
import kn from "./names/kn.json" with { type: "json" };
import majorCities from "./names/major-cities.json" with { type: "json" };
import ml from "./names/ml.json" with { type: "json" };
import mr from "./names/mr.json" with { type: "json" };
import or from "./names/or.json" with { type: "json" };
import pa from "./names/pa.json" with { type: "json" };
import ta from "./names/ta.json" with { type: "json" };
import te from "./names/te.json" with { type: "json" };
import ur from "./names/ur.json" with { type: "json" };

/** The languages whose names come from here (English's are data.ts's, Hindi's names-hi.ts's). */
export type OtherPlaceLanguage = Exclude<Language, "en" | "hi">;

interface NameTable {
  states: Readonly<Record<string, string>>;
  /** By "<state slug>/<district slug>". */
  districts: Readonly<Record<string, string>>;
}

export const PLACE_NAME_TABLES: Record<OtherPlaceLanguage, NameTable> = { bn, te, mr, ta, gu, or, kn, pa, ur, ml };

/** sanscript's name for each language's script (Marathi's is Devanagari, so a Hindi name is kept as it is). */
const SCRIPT: Record<OtherPlaceLanguage, string> = {
  bn: "bengali",
  te: "telugu",
  mr: "devanagari",
  ta: "tamil",
  gu: "gujarati",
  or: "oriya",
  kn: "kannada",
  pa: "gurmukhi",
  ur: "urdu",
  ml: "malayalam",
};

const CONSONANT = "[\\u0915-\\u0939\\u0958-\\u095f]";
/** A word-final consonant with no vowel sign, not closing a conjunct: Hindi leaves its vowel unsaid ("नासिक" is Nāsik, but "राष्ट्र" ends in a). */
const FINAL_BARE_CONSONANT = new RegExp(`(?<!\\u094d)(${CONSONANT}\\u093c?)(?=$|[^\\u0900-\\u097f])`, "g");
/** Malayalam writes a final ṇ, n, r, l, ḷ as a chillu letter, and a final m as the anusvara (കൊല്ലം), not with a virama. */
const CHILLU: Readonly<Record<string, string>> = { ണ്: "ൺ", ന്: "ൻ", ര്: "ർ", ല്: "ൽ", ള്: "ൾ", മ്: "ം" };

/**
 * A Hindi (Devanagari) place name in another Indian script, as it is read aloud: Telugu, Tamil,
 * Kannada and Malayalam sound a bare final consonant's vowel, so it gets a virama (నాసిక్,
 * நாஸிக்); Malayalam's final n, r, l take their chillu and a final m the anusvara; Gurmukhi writes no Devanagari-style
 * conjuncts but for r, h and v below a letter; Urdu drops the short-vowel marks, as it is printed.
 */
export function transliterateHindiName(hindi: string, language: OtherPlaceLanguage): string {
  if (language === "mr") return hindi;
  // Signs sanscript has no letter for outside Devanagari: ऑ's open o (in "डॉ.", "लॉन्गलेंग")
  // as o; Gurmukhi's r̥ as ri (ਕ੍ਰਿਸ਼ਣਾ); Tamil's candrabindu as nothing (it has no nasal sign).
  let source = hindi.normalize("NFC").replace(/ॉ/g, "ो").replace(/ऑ/g, "ओ");
  if (language === "pa") source = source.replace(/ृ/g, "्रि").replace(/ऋ/g, "रि");
  if (language === "ta") source = source.replace(/ँ/g, "");
  if (language === "te" || language === "ta" || language === "kn" || language === "ml") source = source.replace(FINAL_BARE_CONSONANT, "$1्");
  if (language === "pa") {
    source = source
      .replace(/ष/g, "श")
      .replace(new RegExp(`(${CONSONANT})्\\1`, "g"), "ॱ$1") // a doubled letter: Gurmukhi's addak, marked here and drawn below
      .replace(/्(?![रहव])/g, "");
  }
  let written = Sanscript.t(source, "devanagari", SCRIPT[language]);
  if (language === "pa") written = written.replace(/ॱ/g, "ੱ");
  if (language === "ml") written = written.replace(/([ണനരലളമ]്)(?=$|[^\u0d00-\u0d7f\u200c\u200d])/g, (pair) => CHILLU[pair] ?? pair);
  if (language === "ur") written = written.replace(/[\u064b-\u0652\u0670]/g, "");
  return writeNukta(written, language).normalize("NFC");
}

/**
 * sanscript passes Devanagari's nukta (़, in ड़, ज़, फ़) through untouched, so "पलक्कड़" came out
 * as "পলক্কড\u093c" in Bengali: a Devanagari sign on another script's letter. Bengali and Odia
 * write ṛ and ṛh with their own dot (ড়, ଢ଼) and the rest plain; Gurmukhi dots z, f, ġ and x
 * (ਜ਼, ਫ਼) and has a letter for ṛ (ੜ); Urdu has letters for these sounds (ڑ ز ف ق خ غ), read
 * once its short-vowel marks are gone; the other scripts write the plain letter.
 */
const NUKTA_SIGN: Partial<Record<OtherPlaceLanguage, RegExp>> = {
  bn: /([ডঢ])\u093c/g,
  or: /([ଡଢ])\u093c/g,
  pa: /([ਜਫਗਖ])\u093c/g,
};
const OWN_NUKTA: Partial<Record<OtherPlaceLanguage, string>> = { bn: "\u09bc", or: "\u0b3c", pa: "\u0a3c" };
const URDU_NUKTA_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ["ڈھ\u093c", "ڑھ"],
  ["ڈ\u093c", "ڑ"],
  ["کھ\u093c", "خ"],
  ["پھ\u093c", "ف"],
  ["ک\u093c", "ق"],
  ["گ\u093c", "غ"],
  ["ج\u093c", "ز"],
];

function writeNukta(written: string, language: OtherPlaceLanguage): string {
  let out = written;
  if (language === "pa") out = out.replace(/ਡ\u093c/g, "ੜ").replace(/ਢ\u093c/g, "ੜ੍ਹ");
  if (language === "ur") for (const [from, to] of URDU_NUKTA_LETTERS) out = out.split(from).join(to);
  const own = NUKTA_SIGN[language];
  if (own) out = out.replace(own, `$1${OWN_NUKTA[language]}`);
  return out.replace(/\u093c/g, "");
}

const transliterated = new Map<string, string>();

/** A name from the language's table, else its Hindi name transliterated (made once). */
function nameIn(language: OtherPlaceLanguage, own: string | undefined, hindi: string): string {
  if (own) return own;
  const key = `${language}\u0000${hindi}`;
  let made = transliterated.get(key);
  if (made === undefined) transliterated.set(key, (made = transliterateHindiName(hindi, language)));
  return made;
}

export function stateNameIn(language: OtherPlaceLanguage, stateSlug: string, hindi: string): string {
  return nameIn(language, PLACE_NAME_TABLES[language].states[stateSlug], hindi);
}

/**
 * The cities every language has its own name for, outside their region too (the footer's): a
 * transliteration of मुंबई or चेन्नई reads wrong in Urdu or Malayalam (ممبای for ممبئی).
 */
const MAJOR_CITIES = majorCities as Readonly<Record<string, Readonly<Partial<Record<OtherPlaceLanguage, string>>>>>;

export function districtNameIn(language: OtherPlaceLanguage, stateSlug: string, districtSlug: string, hindi: string): string {
  const at = `${stateSlug}/${districtSlug}`;
  return nameIn(language, PLACE_NAME_TABLES[language].districts[at] ?? MAJOR_CITIES[at]?.[language], hindi);
}

provideOtherPlaceNames({ tables: PLACE_NAME_TABLES, stateNameIn, districtNameIn });
