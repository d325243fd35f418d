/**
 * What a listing's form means for its price (decisions 019 to 021): which produce it is compared
 * with, where, in what grade and unit. One reading for the sell form as the seller types, the
 * notes the server renders beside it, the live /api/price-insight answer and the save.
 */
import { resolveCategory } from "./categories";
import { readGrade, type Grade } from "./grades";
import { matchProduce, NO_PRODUCE, produceById } from "./produce";
import { type Produce } from "./produce-list";
import { findDistrict, findState } from "../locations";
import { gramsPerUnitTyped } from "../money/unit-weights";
import { UNITS, type Unit } from "../money/units";

export interface ComparedProduce {
  /** The produce compared with; undefined for none. */
  produce: Produce | undefined;
  /** Whether the seller chose it (or chose none); false when read from the name. */
  chosen: boolean;
  /** What the name alone reads as, to name in the select's first option. */
  fromName: Produce | undefined;
}

/**
 * The produce compared with: the seller's choice ("Compared with" select) when they made one,
 * else what the name says in its category. A choice the catalogue does not know is no choice.
 */
export function comparedProduce(
  fields: { name: string; category: string; choice: string },
  options: { otherLanguages?: boolean } = {},
): ComparedProduce {
  const fromName = fields.name.trim() ? matchProduce(fields.name, resolveCategory(fields.category), options) : undefined;
  if (fields.choice === NO_PRODUCE) return { produce: undefined, chosen: true, fromName };
  const chosen = produceById(fields.choice);
  if (chosen) return { produce: chosen, chosen: true, fromName };
  return { produce: fromName, chosen: false, fromName };
}

export interface PriceContext extends ComparedProduce {
  /** The produce's id, null for none. */
  produceId: string | null;
  /** The state's and district's slugs; null when the text names none. */
  state: string | null;
  district: string | null;
  grade: Grade | null;
  unit: Unit;
  /** Grams in one unit; null for a dozen or a crate whose weight is not (yet) said. */
  gramsPerUnit: number | null;
}

/**
 * The listing form's fields as typed (the sell form, a refused send, a saved listing's edit form,
 * the live query); a field left out reads as empty.
 */
export interface PriceContextFields {
  name: string;
  category: string;
  /** "Compared with": "" (read from the name), a catalogue produce id, or NO_PRODUCE. */
  produce: string;
  unit?: string;
  unitKg?: string;
  state?: string;
  district?: string;
  grade?: string;
}

/** The form's fields → what its price is compared with. Never fails: what makes no sense is left out. */
export function priceContext(form: PriceContextFields): PriceContext {
  const compared = comparedProduce({ name: form.name, category: form.category, choice: form.produce });
  const state = findState(form.state ?? "");
  const district = state ? findDistrict(state.slug, form.district ?? "") : undefined;
  const unit: Unit = (UNITS as readonly string[]).includes(form.unit ?? "") ? (form.unit as Unit) : "kg";
  return {
    ...compared,
    produceId: compared.produce?.id ?? null,
    state: state?.slug ?? null,
    district: district?.slug ?? null,
    grade: readGrade(form.grade ?? "") ?? null,
    unit,
    gramsPerUnit: gramsPerUnitTyped(unit, form.unitKg ?? "") ?? null,
  };
}
