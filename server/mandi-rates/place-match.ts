/**
 * AGMARKNET's state and district names read as core/locations' places (its spellings and the
 * rule are core/locations/agmarknet-spellings.ts). Results are kept by name, since a file
 * repeats each district thousands of times.
 */
import { agmarknetPlace, type AgmarknetPlace } from "../../core/locations/agmarknet-spellings";

const cache = new Map<string, AgmarknetPlace>();

export function matchPlace(stateName: string, districtName: string): AgmarknetPlace {
  const key = `${stateName}\u001f${districtName}`;
  const known = cache.get(key);
  if (known) return known;
  const result = agmarknetPlace(stateName, districtName);
  // A file names a few hundred districts; a hostile one cannot grow this past a bound.
  if (cache.size < 20_000) cache.set(key, result);
  return result;
}
