/**
 * Grams in the units whose weight is fixed (core/money/units re-exports this).
 *
 * A module of its own to steer bundle chunks: the sell form's MSP note needs these weights in the
 * browser without the rest of units.ts (decision 019).
 */
import type { Unit } from "./units";

const FIXED_GRAMS: Partial<Record<Unit, number>> = { kg: 1000, quintal: 100_000, tonne: 1_000_000 };

/** Grams in one kg, quintal or tonne; undefined for a dozen or a crate (the seller says). */
export function fixedGramsPerUnit(unit: Unit): number | undefined {
  return FIXED_GRAMS[unit];
}
