/**
 * The sell form's MSP note (issue 23): when a seller prices a crop that has a minimum support price
 * below it, say so kindly, in their unit and per kg. A note beside the price, never a refusal
 * (decision 019). Pure: the form works it out as the seller types, and the server when it renders
 * the form again.
 */
import { mspFor, type MspSeason, type MspWords } from "./msp";
import { parseRupeesToPaise } from "../money/parse-rupees";
import { gramsPerUnitTyped } from "../money/unit-weights";
import { UNITS, type Unit } from "../money/units";

export interface MspNote {
  produce: string;
  /** Which MSP, where a crop has several (paddy common, jowar hybrid): the lowest is compared with. */
  variety?: MspWords;
  season: MspSeason;
  /** False when the season has ended and the table holds no newer one: name the season then. */
  inForce: boolean;
  perQuintalPaise: number;
  /** The MSP per kg, to the paisa (₹2,585 / quintal → 2585 paise, ₹25.85). */
  perKgPaise: number;
  /** The MSP in the seller's unit (a dozen or crate by its stated weight), to the paisa. */
  perUnitPaise: number;
  unit: Unit;
}

/**
 * The note for a price of `unitPricePaise` per `unit` weighing `gramsPerUnit`, on India's date
 * `date`; undefined when the produce has no MSP or the price is at or above it.
 */
export function mspNote(price: {
  produce: string | null | undefined;
  unitPricePaise: number;
  unit: Unit;
  gramsPerUnit: number;
  date: string;
}): MspNote | undefined {
  if (!(price.gramsPerUnit > 0) || !(price.unitPricePaise > 0)) return undefined;
  const [lowest] = mspFor(price.produce, price.date);
  if (!lowest) return undefined;
  // Price per gram below MSP per gram, compared in whole numbers: price / grams < msp / 100,000.
  if (price.unitPricePaise * 100_000 >= lowest.perQuintalPaise * price.gramsPerUnit) return undefined;
  return {
    produce: lowest.produce,
    ...(lowest.variety ? { variety: lowest.variety } : {}),
    season: lowest.season,
    inForce: lowest.inForce,
    perQuintalPaise: lowest.perQuintalPaise,
    perKgPaise: Math.round(lowest.perQuintalPaise / 100),
    perUnitPaise: Math.round((lowest.perQuintalPaise * price.gramsPerUnit) / 100_000),
    unit: price.unit,
  };
}

/**
 * The note for the form's fields as typed ("24", "kg", and for a dozen or crate its weight in kg);
 * undefined while they do not yet make a price.
 */
export function mspNoteForForm(form: {
  produce: string | null | undefined;
  price: string;
  unit: string;
  unitKg: string;
  date: string;
}): MspNote | undefined {
  const unit = (UNITS as readonly string[]).includes(form.unit) ? (form.unit as Unit) : form.unit ? undefined : "kg";
  if (!unit || !form.produce) return undefined;
  const unitPricePaise = parseRupeesToPaise(form.price.trim());
  if (unitPricePaise === undefined) return undefined;
  const gramsPerUnit = gramsPerUnitTyped(unit, form.unitKg);
  if (!gramsPerUnit) return undefined;
  return mspNote({ produce: form.produce, unitPricePaise, unit, gramsPerUnit, date: form.date });
}
