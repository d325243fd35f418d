/**
 * District centres (decision 024; method and source in README.md, "District centres"): each
 * district's centre, the nearest district to a point, and every district ranked by distance from
 * one. Server only: pages get the distances they show in their data.
 */
import { distanceKm, type LatLon } from "./distance";
import { CENTRE_DATA } from "./centre-data";
import { CITIES } from "./index";

export interface RankedDistrict {
  state: string;
  district: string;
  km: number;
}

let table: Map<string, LatLon> | undefined;

function centres(): Map<string, LatLon> {
  if (table) return table;
  table = new Map();
  for (const [state, text] of Object.entries(CENTRE_DATA)) {
    for (const entry of text.split(",")) {
      const [district, lat, lon] = entry.split(" ");
      if (district) table.set(`${state}/${district}`, { lat: Number(lat), lon: Number(lon) });
    }
  }
  return table;
}

/** Every district with a centre, as "state/district" keys. */
export function districtsWithCentres(): string[] {
  return [...centres().keys()];
}

/** A district's centre, or a city's (the middle of its districts' centres); undefined if unknown. */
export function districtCentre(state: string, district: string): LatLon | undefined {
  const own = centres().get(`${state}/${district}`);
  if (own) return own;
  const city = CITIES.find((c) => c.state === state && c.slug === district);
  const parts = city?.districts.map((d) => centres().get(`${state}/${d}`)).filter((c): c is LatLon => Boolean(c)) ?? [];
  if (!parts.length) return undefined;
  return { lat: parts.reduce((s, c) => s + c.lat, 0) / parts.length, lon: parts.reduce((s, c) => s + c.lon, 0) / parts.length };
}

/** The district whose centre is nearest a point. */
export function nearestDistrict(point: LatLon): RankedDistrict {
  let best: RankedDistrict | undefined;
  for (const [key, centre] of centres()) {
    const km = distanceKm(point, centre);
    if (!best || km < best.km) {
      const [state, district] = key.split("/") as [string, string];
      best = { state, district, km };
    }
  }
  return best!;
}

/** Every district, nearest a point first (ties by state, then district, so the order is total). */
export function districtsByDistance(point: LatLon): RankedDistrict[] {
  const ranked: RankedDistrict[] = [];
  for (const [key, centre] of centres()) {
    const [state, district] = key.split("/") as [string, string];
    ranked.push({ state, district, km: distanceKm(point, centre) });
  }
  return ranked.sort((a, b) => a.km - b.km || a.state.localeCompare(b.state) || a.district.localeCompare(b.district));
}
