/**
 * Where a listing is: a state or union territory and one of its districts (from the table in
 * data.ts, source and date in README.md), an optional village or town, an optional PIN code.
 * Shown as "Nashik, Maharashtra". Pure: runs on the server and in the browser.
 */
import { STATE_DATA } from "./data";

export { POPULAR_LOCATIONS, type PopularLocation } from "./popular";

/** A state's or union territory's slug, e.g. "maharashtra", "jammu-and-kashmir", "delhi". */
export type StateSlug = string;
/** A district's slug, unique within its state, e.g. "nashik", "mumbai-suburban". */
export type DistrictSlug = string;

export interface District {
  readonly slug: DistrictSlug;
  readonly name: string;
}

export interface State {
  readonly slug: StateSlug;
  readonly name: string;
  readonly kind: "state" | "union-territory";
  /** In alphabetical order, as the sell form lists them. */
  readonly districts: readonly District[];
}

/** States first, then union territories, each in alphabetical order. */
export const STATES: readonly State[] = /* @__PURE__ */ buildStates();

function buildStates(): readonly State[] {
  return Object.freeze(
    STATE_DATA.map((state) =>
      Object.freeze({
        slug: state.slug,
        name: state.name,
        kind: state.kind,
        districts: Object.freeze(state.districts.map(([slug, name]) => Object.freeze({ slug, name }))),
      }),
    ),
  );
}

/** Longer text is no state's or district's name (the longest is 40 characters). */
const MAX_LOOKUP_LENGTH = 100;

/**
 * What a name is compared by: accents and marks dropped, lower case, "&" read as "and", dots
 * dropped ("Dr. B.R." = "Dr BR"), a leading or trailing word "district" dropped, and then every
 * space, hyphen and other non-letter dropped, so "Rudra Prayag", "rudraprayag" and "Rudraprayag
 * district" are one key. Text in another script keeps its letters and so matches nothing.
 */
function lookupKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\./g, "")
    .replace(/^\s*district\s+|\s+district\s*$/g, " ")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

interface StateEntry {
  state: State;
  districtsBySlug: Map<DistrictSlug, District>;
  districtsByKey: Map<string, District>;
}

interface Lookups {
  bySlug: Map<StateSlug, StateEntry>;
  byKey: Map<string, StateEntry>;
}

let lookups: Lookups | undefined;

/** Built on first use, so a bundle that only imports POPULAR_LOCATIONS does not build them. */
function getLookups(): Lookups {
  if (lookups) return lookups;
  const bySlug = new Map<StateSlug, StateEntry>();
  const byKey = new Map<string, StateEntry>();
  STATES.forEach((state, i) => {
    const raw = STATE_DATA[i];
    const entry: StateEntry = { state, districtsBySlug: new Map(), districtsByKey: new Map() };
    bySlug.set(state.slug, entry);
    for (const name of [state.slug, state.name, ...(raw?.aka ?? [])]) byKey.set(lookupKey(name), entry);
    state.districts.forEach((district, j) => {
      entry.districtsBySlug.set(district.slug, district);
      const [slug, ...names] = raw?.districts[j] ?? [];
      for (const name of [slug ?? district.slug, ...names]) entry.districtsByKey.set(lookupKey(name), district);
    });
  });
  lookups = { bySlug, byKey };
  return lookups;
}

function stateEntry(text: string): StateEntry | undefined {
  if (typeof text !== "string" || text.length > MAX_LOOKUP_LENGTH) return undefined;
  const key = lookupKey(text);
  return key ? getLookups().byKey.get(key) : undefined;
}

/**
 * The state or union territory named by its slug or its name, in any case and spacing
 * ("tamil nadu", "Tamil-Nadu", "TAMILNADU"), or by an old or short name ("Orissa", "Pondicherry",
 * "Uttaranchal", "Jammu & Kashmir", "NCT of Delhi").
 */
export function findState(text: string): State | undefined {
  return stateEntry(text)?.state;
}

/**
 * The district of the given state (by slug, or by name as findState reads it) named by its slug
 * or name, case- and space-insensitive, or by an old name ("Aurangabad", "Gurgaon", "Allahabad").
 */
export function findDistrict(stateSlug: string, text: string): District | undefined {
  const entry = stateEntry(stateSlug);
  if (!entry || typeof text !== "string" || text.length > MAX_LOOKUP_LENGTH) return undefined;
  const key = lookupKey(text);
  return key ? entry.districtsByKey.get(key) : undefined;
}

/**
 * "Nashik, Maharashtra" from stored slugs; "Maharashtra" with no (or an unknown) district;
 * "Chandigarh" rather than "Chandigarh, Chandigarh"; "" for an unknown state.
 */
export function placeLabel(place: { state?: string | null; district?: string | null }): string {
  const entry = place.state ? getLookups().bySlug.get(place.state) : undefined;
  if (!entry) return "";
  const district = place.district ? entry.districtsBySlug.get(place.district) : undefined;
  if (!district || district.name === entry.state.name) return entry.state.name;
  return `${district.name}, ${entry.state.name}`;
}

/** Digits of India's scripts (Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam). */
const INDIAN_DIGIT = /[\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f]/g;

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
