/**
 * Grams in a unit: fixed for a kg, quintal or tonne, typed by the seller for a dozen or a crate.
 *
 * A module of its own to steer bundle chunks: the sell form's MSP note needs these weights in the
 * browser without the rest of units.ts (decision 019).
 */
import { parseRupeesToPaise } from "./parse-rupees";
import type { Unit } from "./units";

const FIXED_GRAMS: Partial<Record<Unit, number>> = { kg: 1000, quintal: 100_000, tonne: 1_000_000 };

/** Heaviest a dozen or a crate may be said to weigh, in kg. */
export const MAX_UNIT_KG = 1000;

/** Grams in one kg, quintal or tonne; undefined for a dozen or a crate (the seller says). */
export function fixedGramsPerUnit(unit: Unit): number | undefined {
  return FIXED_GRAMS[unit];
}

/**
 * Grams in one unit as a form says it: fixed for kg, quintal and tonne; for a dozen or a crate the
 * kg typed beside it ("1.5", at most 2 decimals, above 0 and at most MAX_UNIT_KG, as a save
 * accepts), to 10 g. Undefined while that weight is not (yet) a weight.
 */
export function gramsPerUnitTyped(unit: Unit, unitKg: string): number | undefined {
  const fixed = FIXED_GRAMS[unit];
  if (fixed) return fixed;
  // Kg are read like rupees: digits, Indian or Western grouping, at most 2 decimals.
  const hundredths = parseRupeesToPaise(unitKg.trim());
  return hundredths && hundredths <= MAX_UNIT_KG * 100 ? hundredths * 10 : undefined;
}
