/**
 * Distances for "Nearest first" (decision 024): great-circle kilometres between two points, the
 * rounding of a phone's position before it is put in a link, and the rough distance a card shows.
 */

export interface LatLon {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A phone's position as it may travel in a link: one decimal place, about 11 km, which is as
 * close as a district centre needs and no closer than a person would want said.
 */
export function roundCoordinate(value: number): number {
  return Math.round(value * 10) / 10;
}

/** India and its waters, with a margin: a position outside this is not one we can sort from. */
export const INDIA_BOUNDS = { minLat: 6, maxLat: 37.5, minLon: 68, maxLon: 97.5 } as const;

export function inIndia(point: LatLon): boolean {
  return (
    point.lat >= INDIA_BOUNDS.minLat &&
    point.lat <= INDIA_BOUNDS.maxLat &&
    point.lon >= INDIA_BOUNDS.minLon &&
    point.lon <= INDIA_BOUNDS.maxLon
  );
}

/**
 * The rough distance, as a number a card can say: under 10 km is "nearby" (0); then rounded to
 * 5 km below 50, to 10 km below 200, to 50 km beyond. District centres are only that precise.
 */
export function roughKm(km: number): number {
  if (!Number.isFinite(km) || km < 10) return 0;
  const step = km < 50 ? 5 : km < 200 ? 10 : 50;
  return Math.round(km / step) * step;
}

/** "about 40 km", "nearby" (Hindi "लगभग 40 किमी", "पास में"), worded on the server in the catalogue's words (`near.about`, `near.nearby`). */
export function roughDistanceText(km: number, words: { nearby: string; about: (km: string) => string }): string {
  const rough = roughKm(km);
  if (rough === 0) return words.nearby;
  return words.about(rough.toLocaleString("en-IN"));
}
