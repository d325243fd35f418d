/**
 * Where a listing is: a state or union territory and one of its districts (from the table in
 * data.ts, source and date in README.md), an optional village or town, an optional PIN code.
 * Shown as "Nashik, Maharashtra". Pure: runs on the server and in the browser.
 */
import { STATE_DATA } from "./data";
import { HTML_LANG, type Language } from "../i18n/languages";
import { HINDI_PLACE_NAMES, type HindiNames } from "./names-hi";

import { STATES, type District, type DistrictSlug, type PlaceNames, type State, type StateSlug } from "./states";

/** The page languages place names are shown in: every one (place-names.ts has the ten beyond English and Hindi). */
export type PlaceLanguage = Language;

/**
 * The ten other languages' names (place-names.ts), which only the server loads: that module hands
 * them here when it is imported (core/i18n/catalogues.ts, which every server page and message loads, imports it), so no browser chunk that shows a
 * place carries its tables and transliterator. Without them a name is English.
 */
export interface OtherPlaceNames {
  tables: Readonly<Record<string, { states: Readonly<Record<string, string>>; districts: Readonly<Record<string, string>> }>>;
  stateNameIn: (language: Exclude<Language, "en" | "hi">, stateSlug: string, hindi: string) => string;
  districtNameIn: (language: Exclude<Language, "en" | "hi">, stateSlug: string, districtSlug: string, hindi: string) => string;
}

let otherNames: OtherPlaceNames | undefined;

export function provideOtherPlaceNames(names: OtherPlaceNames): void {
  otherNames = names;
  lookups = undefined; // rebuilt with their names, so a search by them finds their places
}

/** Longer text is no state's or district's name (the longest is 40 characters). */
const MAX_LOOKUP_LENGTH = 100;

/**
 * Devanagari letters a Hindi typist uses for one another in a place's name: श and ष for स
 * (नाशिक, नासिक), ण for न, the long vowels for the short ones (नासीक), the nukta (ड़ and ड, ज़
 * and ज), and the nasal marks (बाँदा, बांदा, बान्दा keeps its न) are dropped before this.
 */
const DEVANAGARI_LOOKALIKES: Readonly<Record<string, string>> = {
  श: "स",
  ष: "स",
  ण: "न",
  आ: "अ",
  ई: "इ",
  ऊ: "उ",
  ऐ: "ए",
  औ: "ओ",
  "ी": "ि",
  "ू": "ु",
  "ै": "े",
  "ौ": "ो",
  "ॉ": "ो",
  "ॅ": "े",
  ऑ: "ओ",
};

/**
 * What a name is compared by: accents and marks of the Latin script dropped, lower case, "&" read
 * as "and", dots dropped ("Dr. B.R." = "Dr BR"), a leading or trailing word "district" (or ज़िला)
 * dropped, and then every space, hyphen and other non-letter dropped, so "Rudra Prayag",
 * "rudraprayag" and "Rudraprayag district" are one key. Devanagari keeps its vowel signs but drops
 * the nukta and the nasal marks and folds lookalike letters (DEVANAGARI_LOOKALIKES), so नासिक,
 * नाशिक and नासीक are one key too.
 */
export function placeKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f\u0901\u0902\u093c]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\./g, "")
    .replace(/^\s*(?:district|जिला|जिले)\s+|\s+(?:district|जिला|जिले)\s*$/g, " ")
    .replace(/[\u0900-\u097f]/g, (letter) => DEVANAGARI_LOOKALIKES[letter] ?? letter)
    .replace(/[^\p{L}\p{M}\p{N}]/gu, "");
}

/** A place a search or a filter may name: a state or UT, or some of its districts. */
export interface PlaceMatch {
  readonly state: StateSlug;
  /** Absent: the whole state or UT. */
  readonly districts?: readonly DistrictSlug[];
}

/**
 * A city that spans several districts, offered as one choice: the /viewmore filter takes its
 * slug as a district ("?state=maharashtra&district=mumbai") and a search for its name finds all
 * of them. Delhi is the whole National Capital Territory, so it is the state, not a city here.
 */
export interface City {
  readonly slug: string;
  readonly state: StateSlug;
  readonly name: string;
  readonly hindiName: string;
  readonly districts: readonly DistrictSlug[];
  /** Other names, for lookups only. */
  readonly aka: readonly string[];
}

export const CITIES: readonly City[] = [
  // The Local Government Directory keeps Mumbai as two districts: the island city and the suburbs.
  {
    slug: "mumbai",
    state: "maharashtra",
    name: "Mumbai",
    hindiName: "मुंबई",
    districts: ["mumbai-city", "mumbai-suburban"],
    aka: ["Bombay", "बंबई", "मुम्बई"],
  },
];

interface StateEntry {
  state: State;
  hindiName: string;
  districtsBySlug: Map<DistrictSlug, District>;
  districtsByKey: Map<string, District>;
  hindiBySlug: Map<DistrictSlug, string>;
  citiesByKey: Map<string, City>;
}

interface Lookups {
  bySlug: Map<StateSlug, StateEntry>;
  byKey: Map<string, StateEntry>;
  /** Every state, district and city by each of its names' keys, for a search's place words. */
  placesByKey: Map<string, PlaceMatch[]>;
}

let lookups: Lookups | undefined;

const namesOf = (names: HindiNames | undefined): readonly string[] =>
  names === undefined ? [] : typeof names === "string" ? [names] : names;

/** Built on first use, so a bundle that only imports POPULAR_LOCATIONS does not build them. */
function getLookups(): Lookups {
  if (lookups) return lookups;
  const bySlug = new Map<StateSlug, StateEntry>();
  const byKey = new Map<string, StateEntry>();
  const placesByKey = new Map<string, PlaceMatch[]>();
  const addPlace = (name: string, place: PlaceMatch) => {
    const key = placeKey(name);
    if (!key) return;
    const found = placesByKey.get(key) ?? [];
    if (!found.some((p) => p.state === place.state && String(p.districts) === String(place.districts))) found.push(place);
    placesByKey.set(key, found);
  };
  STATES.forEach((state, i) => {
    const raw = STATE_DATA[i];
    const [stateHindi, districtHindi]: readonly [HindiNames, Readonly<Record<string, HindiNames>>] = HINDI_PLACE_NAMES[state.slug] ?? [
      "",
      {},
    ];
    const hindiNames = namesOf(stateHindi);
    const entry: StateEntry = {
      state,
      hindiName: hindiNames[0] ?? state.name,
      districtsBySlug: new Map(),
      districtsByKey: new Map(),
      hindiBySlug: new Map(),
      citiesByKey: new Map(),
    };
    bySlug.set(state.slug, entry);
    for (const name of [state.slug, state.name, ...(raw?.aka ?? []), ...hindiNames]) {
      byKey.set(placeKey(name), entry);
      addPlace(name, { state: state.slug });
    }
    state.districts.forEach((district, j) => {
      entry.districtsBySlug.set(district.slug, district);
      const [slug, ...names] = raw?.districts[j] ?? [];
      const hindi = namesOf(districtHindi[district.slug]);
      if (hindi[0]) entry.hindiBySlug.set(district.slug, hindi[0]);
      for (const name of [slug ?? district.slug, ...names, ...hindi]) {
        entry.districtsByKey.set(placeKey(name), district);
        addPlace(name, { state: state.slug, districts: [district.slug] });
      }
    });
  });
  // The names of the ten other languages' tables find their places too (a Tamil search for ஈரோடு).
  for (const table of Object.values(otherNames?.tables ?? {})) {
    for (const [slug, name] of Object.entries(table.states)) {
      const entry = bySlug.get(slug);
      if (!entry) continue;
      if (!byKey.has(placeKey(name))) byKey.set(placeKey(name), entry);
      addPlace(name, { state: slug });
    }
    for (const [at, name] of Object.entries(table.districts)) {
      const [stateSlug = "", districtSlug = ""] = at.split("/");
      const entry = bySlug.get(stateSlug);
      const district = entry?.districtsBySlug.get(districtSlug);
      if (!entry || !district) continue;
      if (!entry.districtsByKey.has(placeKey(name))) entry.districtsByKey.set(placeKey(name), district);
      addPlace(name, { state: stateSlug, districts: [districtSlug] });
    }
  }
  for (const city of CITIES) {
    const entry = bySlug.get(city.state);
    for (const name of [city.slug, city.name, city.hindiName, ...city.aka]) {
      entry?.citiesByKey.set(placeKey(name), city);
      // A city's name is its own place, not also one of its districts ("Mumbai" is not only Mumbai City).
      placesByKey.set(placeKey(name), [{ state: city.state, districts: city.districts }]);
    }
  }
  lookups = { bySlug, byKey, placesByKey };
  return lookups;
}

function stateEntry(text: string): StateEntry | undefined {
  if (typeof text !== "string" || text.length > MAX_LOOKUP_LENGTH) return undefined;
  const key = placeKey(text);
  return key ? getLookups().byKey.get(key) : undefined;
}

/**
 * The state or union territory named by its slug or its name, in any case and spacing
 * ("tamil nadu", "Tamil-Nadu", "TAMILNADU"), by an old or short name ("Orissa", "Pondicherry",
 * "Uttaranchal", "Jammu & Kashmir", "NCT of Delhi"), or by its Hindi name ("महाराष्ट्र").
 */
export function findState(text: string): State | undefined {
  return stateEntry(text)?.state;
}

/**
 * The district of the given state (by slug, or by name as findState reads it) named by its slug
 * or name, case- and space-insensitive, by an old name ("Aurangabad", "Gurgaon", "Allahabad"), or
 * by its Hindi name as a Hindi typist spells it ("नासिक", "नाशिक").
 */
export function findDistrict(stateSlug: string, text: string): District | undefined {
  const entry = stateEntry(stateSlug);
  if (!entry || typeof text !== "string" || text.length > MAX_LOOKUP_LENGTH) return undefined;
  const key = placeKey(text);
  return key ? entry.districtsByKey.get(key) : undefined;
}

/** The city of the given state named by its slug or a name ("mumbai", "Bombay", "मुंबई"). */
export function findCity(stateSlug: string, text: string): City | undefined {
  const entry = stateEntry(stateSlug);
  if (!entry || typeof text !== "string" || text.length > MAX_LOOKUP_LENGTH) return undefined;
  return entry.citiesByKey.get(placeKey(text));
}

/** The cities of a state, for the /viewmore district filter. */
export function citiesOf(stateSlug: string): readonly City[] {
  return CITIES.filter((city) => city.state === stateSlug);
}

/**
 * The districts a filter's district value stands for: a district's own slug, or every district of
 * a city ("mumbai" → Mumbai City and Mumbai Suburban). Empty for anything else.
 */
export function districtsOf(stateSlug: string, district: string): readonly DistrictSlug[] {
  const entry = typeof stateSlug === "string" ? getLookups().bySlug.get(stateSlug) : undefined;
  if (!entry || !district) return [];
  if (entry.districtsBySlug.has(district)) return [district];
  return CITIES.find((city) => city.state === stateSlug && city.slug === district)?.districts ?? [];
}

/**
 * Every place a whole text names, by any of its names in English or Hindi: a state or UT, a
 * district (a name several states use, like Aurangabad or Bilaspur, gives each), or a city's
 * districts. Empty when the text names no place. For a search's place words (resolved to slugs
 * before the query, so no row is compared by name).
 */
export function placesNamed(text: string): readonly PlaceMatch[] {
  if (typeof text !== "string" || text.length > MAX_LOOKUP_LENGTH) return [];
  const key = placeKey(text);
  return key ? (getLookups().placesByKey.get(key) ?? []) : [];
}

/** A search's place words: at most this many words name one place ("north 24 parganas"). */
const MAX_PLACE_WORDS = 4;

/**
 * The place a search text names, and what is left of it: the whole text ("नासिक", "Nashik"), or
 * its leading or trailing words ("onion nashik", "नासिक प्याज") when they name a place, the
 * longest such run first. Undefined when no such words name a place.
 */
export function placeWordsIn(text: string): { places: readonly PlaceMatch[]; rest: string } | undefined {
  if (typeof text !== "string" || text.length > MAX_LOOKUP_LENGTH) return undefined;
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let size = Math.min(words.length, MAX_PLACE_WORDS); size >= 1; size--) {
    for (const start of size === words.length ? [0] : [words.length - size, 0]) {
      const places = placesNamed(words.slice(start, start + size).join(" "));
      if (places.length) return { places, rest: [...words.slice(0, start), ...words.slice(start + size)].join(" ") };
    }
  }
  return undefined;
}

/**
 * A place's shown names, English, Hindi, then the other languages' written ones ("Nashik",
 * "नासिक", "नाशिक"; a city's, not its districts'), each once: what a listing's text may name it by.
 * Transliterated names are left out: no seller writes those.
 */
export function namesOfPlace(place: PlaceMatch): string[] {
  const city =
    place.districts && place.districts.length > 1
      ? CITIES.find((c) => c.state === place.state && String(c.districts) === String(place.districts))
      : undefined;
  if (city) return [city.name, city.hindiName];
  const tables = Object.values(otherNames?.tables ?? {});
  if (!place.districts?.length)
    return [...new Set([stateName(place.state), stateName(place.state, "hi"), ...tables.map((t) => t.states[place.state] ?? "")])].filter(
      Boolean,
    );
  return place.districts.flatMap((district) =>
    [
      ...new Set([
        districtName(place.state, district),
        districtName(place.state, district, "hi"),
        ...tables.map((t) => t.districts[`${place.state}/${district}`] ?? ""),
      ]),
    ].filter(Boolean),
  );
}

/** A state's name in a language; "" for an unknown slug. */
export function stateName(stateSlug: string, lang: PlaceLanguage = "en"): string {
  const entry = getLookups().bySlug.get(stateSlug);
  if (!entry) return "";
  if (lang === "en") return entry.state.name;
  if (lang === "hi") return entry.hindiName;
  return otherNames ? otherNames.stateNameIn(lang, stateSlug, entry.hindiName) : entry.state.name;
}

/** A district's (or a city's) name in a language; "" for an unknown one. */
export function districtName(stateSlug: string, district: string, lang: PlaceLanguage = "en"): string {
  const entry = getLookups().bySlug.get(stateSlug);
  const found = entry?.districtsBySlug.get(district);
  const city = found ? undefined : CITIES.find((c) => c.state === stateSlug && c.slug === district);
  if (!found && !city) return "";
  const english = found?.name ?? city!.name;
  const hindi = found ? (entry?.hindiBySlug.get(district) ?? found.name) : city!.hindiName;
  if (lang === "en") return english;
  if (lang === "hi") return hindi;
  return otherNames ? otherNames.districtNameIn(lang, stateSlug, district, hindi) : english;
}

/**
 * "Nashik, Maharashtra" (or "नासिक, महाराष्ट्र" in Hindi) from stored slugs; "Maharashtra" with no
 * (or an unknown) district; "Chandigarh" rather than "Chandigarh, Chandigarh"; "" for an unknown state.
 */
export function placeLabel(place: { state?: string | null; district?: string | null }, lang: PlaceLanguage = "en"): string {
  const entry = place.state ? getLookups().bySlug.get(place.state) : undefined;
  if (!entry) return "";
  const state = stateName(entry.state.slug, lang);
  const district = place.district ? entry.districtsBySlug.get(place.district) : undefined;
  if (!district || district.name === entry.state.name) return state;
  return `${districtName(entry.state.slug, district.slug, lang)}, ${state}`;
}

/**
 * Listings (or a seller) with `where` in the page's language: services write it in English, and a
 * Hindi page's loader relabels what it shows (the Hindi table stays on the server).
 */
export function withPlaceLabels<T extends { state: string | null; district: string | null; where: string | null }>(
  items: readonly T[],
  lang: PlaceLanguage,
): T[] {
  if (lang === "en") return [...items];
  return items.map((item) => (item.state ? { ...item, where: placeLabel(item, lang) || null } : item));
}

/**
 * What the /viewmore place filter offers, in a language and in its alphabetical order: every
 * state, and the chosen state's districts with its cities ("Mumbai" beside "Mumbai City" and
 * "Mumbai Suburban"), each as slug and name.
 */
export function placeChoices(stateSlug: string, lang: PlaceLanguage): PlaceChoiceLists {
  // The same for every request with this state and language: made once (an Intl.Collator alone
  // costs more than the rest of the filter, issue 27). Callers only read the lists.
  const key = `${lang}\u0000${typeof stateSlug === "string" && getLookups().bySlug.has(stateSlug) ? stateSlug : ""}`;
  let choices = choicesMade.get(key);
  if (!choices) choicesMade.set(key, (choices = makePlaceChoices(stateSlug, lang)));
  return choices;
}

type PlaceChoiceLists = { states: { slug: string; name: string }[]; districts: { slug: string; name: string }[] };
/** By language and state slug (an unknown state is ""), so at most (states + 1) × languages entries. */
const choicesMade = new Map<string, PlaceChoiceLists>();

function makePlaceChoices(stateSlug: string, lang: PlaceLanguage): PlaceChoiceLists {
  const collator = new Intl.Collator(HTML_LANG[lang]);
  const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
  const states = STATES.map(({ slug }) => ({ slug, name: stateName(slug, lang) }));
  const state = getLookups().bySlug.get(stateSlug)?.state;
  const districts = state
    ? [...citiesOf(state.slug), ...state.districts].map(({ slug }) => ({ slug, name: districtName(state.slug, slug, lang) }))
    : [];
  // English keeps the table's order (states, then union territories); other languages sort within each group too.
  return { states: lang !== "en" ? sortWithinKinds(states, byName) : states, districts: districts.sort(byName) };
}

function sortWithinKinds<T extends { slug: string }>(states: T[], compare: (a: T, b: T) => number): T[] {
  const kindOf = (slug: string) => getLookups().bySlug.get(slug)?.state.kind;
  return [
    ...states.filter((s) => kindOf(s.slug) === "state").sort(compare),
    ...states.filter((s) => kindOf(s.slug) !== "state").sort(compare),
  ];
}

/**
 * Every state's and district's name in a language, by slug, for the sell form (states.ts,
 * PlaceNames), in that language's alphabetical order (states first, then union territories): the
 * form lists them in the order they come, so the browser never sorts (and never sorts otherwise
 * than the server did).
 */
export function placeNamesIn(lang: PlaceLanguage): PlaceNames {
  const collator = new Intl.Collator(HTML_LANG[lang]);
  const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
  const names: Record<StateSlug, readonly [string, Record<DistrictSlug, string>]> = {};
  const states = STATES.map(({ slug }) => ({ slug, name: stateName(slug, lang) }));
  for (const { slug, name } of sortWithinKinds(states, byName)) {
    const districts: Record<DistrictSlug, string> = {};
    const state = getLookups().bySlug.get(slug)?.state;
    const named = (state?.districts ?? []).map((district) => ({ slug: district.slug, name: districtName(slug, district.slug, lang) }));
    for (const district of named.sort(byName)) districts[district.slug] = district.name;
    names[slug] = [name, districts];
  }
  return names;
}

/** Digits of India's scripts (Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam). */
const INDIAN_DIGIT =
  /[\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f]/g;

/**
 * A PIN code as its 6 digits ("422 001" → "422001"), or undefined. Spaces anywhere are ignored;
 * fullwidth digits and the digits of India's scripts ("४२२००१", as a Hindi keyboard types them)
 * read as the same digits. A PIN code never starts with 0.
 */
export function normalisePin(text: string): string | undefined {
  if (typeof text !== "string" || text.length > 40) return undefined;
  const digits = text
    .normalize("NFKC")
    // Each of these scripts has its zero at a code point ending in 0x66 (mod 0x80).
    .replace(INDIAN_DIGIT, (digit) => String(((digit.codePointAt(0) ?? 0) & 0x7f) - 0x66))
    .replace(/\s+/g, "");
  return /^[1-9]\d{5}$/.test(digits) ? digits : undefined;
}

export interface PinArea {
  /** First two digits of the PIN code, from and to (inclusive). */
  readonly from: number;
  readonly to: number;
  /** Every state or union territory with post offices under those two digits. */
  readonly states: readonly StateSlug[];
  /** How a message names the area; by default the states' names ("Punjab or Chandigarh"). */
  readonly label?: string;
}

/**
 * India Post's PIN plan: the first digit is a zone, the first two digits a postal circle (see
 * README.md for the source and how this was checked against India Post's directory). A circle
 * that covers, or once covered, more than one state or UT allows all of them, so the check only
 * catches a PIN code from another part of India. Two-digit prefixes not listed here (90–99, the
 * Army Postal Service, and the unused ones) are never questioned.
 */
export const PIN_AREAS: readonly PinArea[] = [
  { from: 11, to: 11, states: ["delhi"] },
  { from: 12, to: 13, states: ["haryana"] },
  // Chandigarh's own PIN codes are 160xxx; a few villages round it are 140xxx.
  { from: 14, to: 16, states: ["punjab", "chandigarh"] },
  { from: 17, to: 17, states: ["himachal-pradesh"] },
  // Ladakh (Leh 194101, Kargil 194103) is still in the Jammu & Kashmir circle.
  { from: 18, to: 19, states: ["jammu-and-kashmir", "ladakh"] },
  // Uttarakhand's are 244–249 and 262–263, out of the old Uttar Pradesh circle.
  { from: 20, to: 28, states: ["uttar-pradesh", "uttarakhand"] },
  { from: 30, to: 34, states: ["rajasthan"] },
  // Daman 396210, Silvassa 396230, Diu 362520.
  { from: 36, to: 39, states: ["gujarat", "dadra-and-nagar-haveli-and-daman-and-diu"] },
  // Goa is 403xxx, in the Maharashtra circle.
  { from: 40, to: 44, states: ["maharashtra", "goa"] },
  // Chhattisgarh (49) was part of the Madhya Pradesh circle.
  { from: 45, to: 49, states: ["madhya-pradesh", "chhattisgarh"] },
  // The old Andhra Pradesh circle; Yanam (Puducherry) is 533464.
  { from: 50, to: 53, states: ["telangana", "andhra-pradesh", "puducherry"] },
  { from: 56, to: 59, states: ["karnataka"] },
  // Puducherry 605xxx, Karaikal 609xxx.
  { from: 60, to: 64, states: ["tamil-nadu", "puducherry"] },
  // Mahe (Puducherry) 673310; Lakshadweep 682xxx.
  { from: 67, to: 69, states: ["kerala", "lakshadweep", "puducherry"] },
  // Sikkim 737xxx; the Andaman and Nicobar Islands 744xxx.
  { from: 70, to: 74, states: ["west-bengal", "sikkim", "andaman-and-nicobar-islands"] },
  { from: 75, to: 77, states: ["odisha"] },
  // Assam 78, the other North-Eastern states 79; a few Meghalaya offices are 783xxx.
  {
    from: 78,
    to: 79,
    states: ["assam", "arunachal-pradesh", "manipur", "meghalaya", "mizoram", "nagaland", "tripura"],
    label: "the North-Eastern states",
  },
  // Jharkhand (81–83) was part of the Bihar circle.
  { from: 80, to: 85, states: ["bihar", "jharkhand"] },
];

function pinArea(pin: string): PinArea | undefined {
  const prefix = Number(pin.slice(0, 2));
  return PIN_AREAS.find((area) => prefix >= area.from && prefix <= area.to);
}

/** "A", "A or B", "A, B or C". */
function either(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/**
 * Why a PIN code cannot be in the given state or UT (a message for the person filling the form),
 * or undefined when it can be. Also undefined for a malformed PIN code or an unknown state:
 * checking the format is normalisePin's job.
 */
export function pinStateProblem(pin: string, stateSlug: string): string | undefined {
  const digits = normalisePin(pin);
  const entry = typeof stateSlug === "string" ? getLookups().bySlug.get(stateSlug) : undefined;
  if (!digits || !entry) return undefined;
  const area = pinArea(digits);
  if (!area || area.states.includes(entry.state.slug)) return undefined;
  const names = area.states.map((slug) => getLookups().bySlug.get(slug)?.state.name ?? slug);
  return `PIN code ${digits} is in ${area.label ?? either(names)}, not ${entry.state.name}. Please check it.`;
}

export const MAX_PLACE_LENGTH = 80;
