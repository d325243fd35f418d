/**
 * AGMARKNET's names for states and districts, read as ours. The government's mandi rates
 * (data.gov.in, AGMARKNET) spell places their own way: misspellings ("Thirssur", "Palakad"),
 * old names ("Chhapra" for Saran, "South District" for South Tripura), a headquarters with its
 * district in brackets ("Karwar(Uttar Kannad)"), districts abolished since ("Jaipur Rural"). Each
 * name here was seen in the portal's files (decision 049 says which files and how they were
 * counted); `scripts/mandi-rates/unmatched-names.ts` lists the ones not read yet.
 *
 * Server only (the importer), so these spellings stay out of the sell form's table and out of
 * search's place words: a listing is placed by its seller, never by one of these.
 */
import { findDistrict, findState, placeKey } from "./index";
import type { DistrictSlug, StateSlug } from "./states";

/** AGMARKNET's states that are not one of our names for a state or UT. */
const STATE_SPELLINGS: Readonly<Record<string, StateSlug>> = {
  Chattisgarh: "chhattisgarh",
  Uttrakhand: "uttarakhand",
  Pondicherry: "puducherry",
  "NCT of Delhi": "delhi",
};

/**
 * By state: AGMARKNET's district name → the district it names. Where AGMARKNET still reports a
 * district that has since been split or abolished, the name is read as the district holding its
 * headquarters and most of its markets (Burdwan → Purba Bardhaman, Vijayanagaram → Vizianagaram,
 * Koria → Koriya), or the one an abolished district went back to (Rajasthan, December 2024).
 */
const DISTRICT_SPELLINGS: Readonly<Record<StateSlug, Readonly<Record<string, DistrictSlug>>>> = {
  "andhra-pradesh": { Chittor: "chittoor", Vijayanagaram: "vizianagaram" },
  bihar: { Chhapra: "saran", Kaithar: "katihar", "Kaimur/Bhabhua": "kaimur", "West Chambaran": "west-champaran" },
  chhattisgarh: { Koria: "koriya" },
  gujarat: { Banaskanth: "banaskantha", Junagarh: "junagadh" },
  haryana: { "Mahendragarh-Narnaul": "mahendragarh", Jhajar: "jhajjar" },
  "himachal-pradesh": { Sirmore: "sirmaur" },
  "jammu-and-kashmir": { Badgam: "budgam" },
  karnataka: {
    "Karwar(Uttar Kannad)": "uttara-kannada",
    "Mangalore(Dakshin Kannad)": "dakshina-kannada",
    "Madikeri(Kodagu)": "kodagu",
    Kalburgi: "kalaburagi",
    Yadgiri: "yadgir",
  },
  kerala: { Palakad: "palakkad", Thirssur: "thrissur" },
  "madhya-pradesh": { Badwani: "barwani", Anupur: "anuppur", Umariya: "umaria", Shehdol: "shahdol", Singroli: "singrauli" },
  maharashtra: {
    Amarawati: "amravati",
    Jalana: "jalna",
    Vashim: "washim",
    "Chattrapati Sambhajinagar": "chhatrapati-sambhajinagar",
    "Dharashiv(Usmanabad)": "dharashiv",
  },
  meghalaya: { "Nongpoh (R-Bhoi)": "ri-bhoi" },
  mizoram: { Lungli: "lunglei" },
  nagaland: { Tsemenyu: "tseminyu" },
  odisha: { Mayurbhanja: "mayurbhanj", Nowarangpur: "nabarangpur" },
  punjab: { Ferozpur: "ferozepur", Fatehgarh: "fatehgarh-sahib" },
  rajasthan: {
    // Districts formed in 2023 and abolished in December 2024, read as the district they went back to.
    "Jaipur Rural": "jaipur",
    "Jodhpur Rural": "jodhpur",
    Kekri: "ajmer",
    Sanchore: "jalore",
    "Gangapur City": "sawai-madhopur",
    Jhunjunu: "jhunjhunu",
  },
  "tamil-nadu": {
    Thiruchirappalli: "tiruchirappalli",
    Thirupur: "tiruppur",
    Thirunelveli: "tirunelveli",
    Thiruvellore: "tiruvallur",
    Thirupathur: "tirupathur",
    Thiruvannamalai: "tiruvannamalai",
    Kallakuruchi: "kallakurichi",
    "Nagercoil (Kannyiakumari)": "kanniyakumari",
  },
  tripura: { "South District": "south-tripura", "West District": "west-tripura", Unokoti: "unakoti" },
  "uttar-pradesh": {
    Bulandshahar: "bulandshahr",
    Raebarelli: "raebareli",
    // AGMARKNET's "Kanpur" markets (Kanpur Grain, Choubepur, Uttaripura) are Kanpur Nagar's.
    Kanpur: "kanpur-nagar",
    Farukhabad: "farrukhabad",
    Pillibhit: "pilibhit",
    Lakhimpur: "lakhimpur-kheri",
    "Khiri (Lakhimpur)": "lakhimpur-kheri",
    "Gautam Budh Nagar": "gautam-buddha-nagar",
    Kannuj: "kannauj",
    Chitrakut: "chitrakoot",
    Muradabad: "moradabad",
  },
  uttarakhand: { Dehradoon: "dehradun", Nanital: "nainital", "Garhwal (Pauri)": "pauri-garhwal" },
  "west-bengal": {
    "Sounth 24 Parganas": "south-24-parganas",
    "Medinipur(W)": "paschim-medinipur",
    "Medinipur(E)": "purba-medinipur",
    // Split in 2017; Bardhaman town and most of the markets reported under it are Purba Bardhaman's.
    Burdwan: "purba-bardhaman",
  },
};

/**
 * AGMARKNET's district names that are no one district: "Delhi" is the National Capital
 * Territory's markets (Azadpur, Keshopur, Shahdara, Ghazipur), which lie in several districts.
 * A rate there has its state and no district.
 */
const NOT_DISTRICTS: Readonly<Record<StateSlug, readonly string[]>> = {
  delhi: ["Delhi"],
};

const keyed = <T>(table: Readonly<Record<string, T>>) => new Map(Object.entries(table).map(([name, value]) => [placeKey(name), value]));
let spellings: Map<StateSlug, Map<string, DistrictSlug>> | undefined;
let statesByKey: Map<string, StateSlug> | undefined;

function districtSpellings(stateSlug: StateSlug): Map<string, DistrictSlug> | undefined {
  spellings ??= new Map(Object.entries(DISTRICT_SPELLINGS).map(([state, table]) => [state, keyed(table)]));
  return spellings.get(stateSlug);
}

export interface AgmarknetPlace {
  state?: StateSlug;
  district?: DistrictSlug;
}

/** The state AGMARKNET's name means: one of ours, or one of its own spellings. */
export function agmarknetState(name: string): StateSlug | undefined {
  statesByKey ??= keyed(STATE_SPELLINGS);
  return findState(name)?.slug ?? statesByKey.get(placeKey(name));
}

/**
 * The state and district AGMARKNET's names mean. A district is read, in this order, as one of
 * AGMARKNET's spellings above, as one of our names for it, and then (for "Town(District)") by the
 * name outside the brackets or the one inside. Nothing is guessed: a name none of these reads has
 * the state alone, and the importer lists it.
 */
export function agmarknetPlace(stateName: string, districtName: string): AgmarknetPlace {
  const state = agmarknetState(stateName);
  if (!state) return {};
  const bracketed = /^(.*?)\s*\((.*)\)\s*$/.exec(districtName);
  const district =
    districtSpellings(state)?.get(placeKey(districtName)) ??
    findDistrict(state, districtName)?.slug ??
    (bracketed ? (findDistrict(state, bracketed[1]!)?.slug ?? findDistrict(state, bracketed[2]!)?.slug) : undefined);
  return district ? { state, district } : { state };
}

/** True when AGMARKNET's district name names no one district of India (so no rate there can have one). */
export function isNotAgmarknetDistrict(stateName: string, districtName: string): boolean {
  const state = agmarknetState(stateName);
  return Boolean(state && NOT_DISTRICTS[state]?.some((name) => placeKey(name) === placeKey(districtName)));
}
