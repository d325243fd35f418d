/**
 * AGMARKNET's state and district names read against core/locations, which already knows the old
 * and new names (Ahmednagar/Ahilyanagar, Gurgaon/Gurugram, Allahabad/Prayagraj, Aurangabad/
 * Chhatrapati Sambhajinagar …). A few spellings are AGMARKNET's own; they are listed here.
 * Results are kept by name, since a file repeats each district thousands of times.
 */
import { findDistrict, findState } from "../../core/locations";

/** AGMARKNET's own spellings of states, read as core/locations' names. */
const STATE_SPELLINGS: Readonly<Record<string, string>> = {
  Chattisgarh: "Chhattisgarh",
  Pondicherry: "Puducherry",
  "NCT of Delhi": "Delhi",
  "Jammu and Kashmir": "Jammu & Kashmir",
};

/** AGMARKNET's own spellings of districts, by state slug. */
const DISTRICT_SPELLINGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  maharashtra: {
    Sholapur: "Solapur",
    "Chattrapati Sambhajinagar": "Chhatrapati Sambhajinagar",
    "Dharashiv(Usmanabad)": "Dharashiv",
    Beed: "Bid",
    Raigad: "Raigad",
    Mumbai: "Mumbai City",
  },
  "tamil-nadu": { Kancheepuram: "Kanchipuram", Thiruvannamalai: "Tiruvannamalai" },
  karnataka: {
    Bangalore: "Bengaluru Urban",
    Mysore: "Mysuru",
    Belgaum: "Belagavi",
    Gulbarga: "Kalaburagi",
    Bellary: "Ballari",
    Bijapur: "Vijayapura",
    Shimoga: "Shivamogga",
    Tumkur: "Tumakuru",
    Chikmagalur: "Chikkamagaluru",
  },
  "uttar-pradesh": { Allahabad: "Prayagraj", Faizabad: "Ayodhya" },
};

export interface PlaceMatchResult {
  state?: string;
  district?: string;
}

const cache = new Map<string, PlaceMatchResult>();

export function matchPlace(stateName: string, districtName: string): PlaceMatchResult {
  const key = `${stateName}\u001f${districtName}`;
  const known = cache.get(key);
  if (known) return known;
  const state = findState(stateName) ?? findState(STATE_SPELLINGS[stateName] ?? "");
  let result: PlaceMatchResult = {};
  if (state) {
    const district =
      findDistrict(state.slug, districtName) ??
      findDistrict(state.slug, DISTRICT_SPELLINGS[state.slug]?.[districtName] ?? "") ??
      findDistrict(state.slug, districtName.replace(/\(.*\)/, ""));
    result = { state: state.slug, district: district?.slug };
  }
  // A file names a few hundred districts; a hostile one cannot grow this past a bound.
  if (cache.size < 20_000) cache.set(key, result);
  return result;
}
