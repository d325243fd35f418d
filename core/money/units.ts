/**
 * Units of produce and prices per unit: kg is canonical (decision 013). A
 * quintal is 100 kg, a tonne 1,000 kg, and a dozen or a crate weighs what its seller says, so a
 * price per kg can always be worked out. No schema library here: cards and pages that only show
 * prices import this, not core/listings/produce-fields.
 */
import { MAX_PRICE_PAISE } from "../shared/constants";
import { formatPricePerKg, formatRupees } from "./money";
import { formatIndianNumber } from "../shared/numbers";

export const UNITS = ["kg", "quintal", "tonne", "dozen", "crate"] as const;
export type Unit = (typeof UNITS)[number];
/** Units whose weight the seller states (kg per dozen, kg per crate). */
export type CountedUnit = Extract<Unit, "dozen" | "crate">;

/** Largest quantity (or minimum order) in the chosen unit. */
export const MAX_QUANTITY = 1_000_000;
/** Longest variety name, in characters (code points). */
export const MAX_VARIETY_LENGTH = 60;
/** Earliest "available from" date accepted. */
export const EARLIEST_AVAILABLE_FROM = "2000-01-01";

/** The options of the unit <select>, in order. */
export const UNIT_OPTIONS: readonly { readonly value: Unit; readonly label: string }[] = [
  { value: "kg", label: "kg" },
  { value: "quintal", label: "Quintal (100 kg)" },
  { value: "tonne", label: "Tonne (1,000 kg)" },
  { value: "dozen", label: "Dozen" },
  { value: "crate", label: "Crate" },
];

export function isCountedUnit(unit: Unit): unit is CountedUnit {
  return unit === "dozen" || unit === "crate";
}

// Grams in a unit are their own module (unit-weights.ts), so pages that only show prices share
// this one without them (the sell form's MSP note needs them in the browser).

function checkGrams(gramsPerUnit: number): void {
  if (!Number.isSafeInteger(gramsPerUnit) || gramsPerUnit < 1) {
    throw new RangeError(`gramsPerUnit must be a whole number of grams, 1 or more (got ${gramsPerUnit})`);
  }
}

/**
 * The per-kg price of a unit price: 240000 paise a quintal (100000 g) → 2400 paise a kg. Rounded
 * to the nearest paisa (halves up) and never below 1, so it can always be stored and sorted by.
 * Exact for every result up to MAX_PRICE_PAISE with units up to 1,000,000 g; use `checkUnitPrice`
 * to reject prices whose per-kg value rounds to 0 or is too high.
 */
export function pricePerKgPaise(unitPricePaise: number, gramsPerUnit: number): number {
  checkGrams(gramsPerUnit);
  if (!Number.isInteger(unitPricePaise) || unitPricePaise < 0) {
    throw new RangeError(`unitPricePaise must be a whole number of paise, 0 or more (got ${unitPricePaise})`);
  }
  return Math.max(1, Math.round((unitPricePaise * 1000) / gramsPerUnit));
}

export type UnitPriceCheck = { pricePerKgPaise: number } | { problem: string };

/**
 * Whether a price typed per unit gives a per-kg price a listing can carry (1 to MAX_PRICE_PAISE
 * paise after rounding). The problem is written for the price field. `unit` names the unit in
 * the "too low" message; `gramsPerUnit` must be a whole number of grams, 1 or more.
 */
export function checkUnitPrice(unitPricePaise: number, gramsPerUnit: number, unit: Unit): UnitPriceCheck {
  checkGrams(gramsPerUnit);
  if (!Number.isInteger(unitPricePaise)) {
    throw new RangeError(`unitPricePaise must be a whole number of paise (got ${unitPricePaise})`);
  }
  const perKg = Math.round((unitPricePaise * 1000) / gramsPerUnit);
  if (perKg > MAX_PRICE_PAISE) return { problem: "That price looks too high. Please check it." };
  if (perKg < 1) return { problem: `That price is too low for one ${unit}. Please check it.` };
  return { pricePerKgPaise: perKg };
}

/** "₹2,400 / quintal (₹24 / kg)", "₹600 / crate (₹30 / kg)", or for kg just "₹24 / kg". */
export function formatUnitPrice(price: { unitPricePaise: number; unit: Unit; pricePerKgPaise: number }): string {
  const perKg = formatPricePerKg(price.pricePerKgPaise);
  return price.unit === "kg" ? perKg : `${formatRupees(price.unitPricePaise)} / ${price.unit} (${perKg})`;
}

/** kg and dozen read the same for one or many ("3 dozen"). */
const PLURAL: Record<Unit, string> = { kg: "kg", quintal: "quintals", tonne: "tonnes", dozen: "dozen", crate: "crates" };

/** 500 → "500 kg", 1 → "1 quintal", 2.5 → "2.5 tonnes", 1000000 → "10,00,000 kg" (≤ 2 decimals). */
export function formatQuantity(quantity: number, unit: Unit): string {
  if (!Number.isFinite(quantity) || quantity < 0) throw new RangeError(`quantity must be 0 or more (got ${quantity})`);
  const number = formatIndianNumber(quantity);
  return `${number} ${number === "1" ? unit : PLURAL[unit]}`;
}

// ---------------------------------------------------------------------------------------------
// The form's fields.
