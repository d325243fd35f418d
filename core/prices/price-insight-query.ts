/**
 * The sell form's live price insight query (GET /api/price-insight): the form's own field names,
 * so the browser sends what the seller typed as it is. Nothing here is ever an error: a field
 * that does not make sense is dropped, and with no produce there is simply no insight.
 */
import { z } from "zod";
import { resolveCategory } from "../catalogue/categories";
import { MAX_NAME_LENGTH } from "../shared/constants";
import { readGrade, type Grade } from "../catalogue/grades";
import { findDistrict, findState } from "../locations";
import { matchProduce, NO_PRODUCE, produceById } from "../catalogue/produce";
import { isCountedUnit, MAX_UNIT_KG, UNITS, type Unit } from "../money/units";
import { fixedGramsPerUnit } from "../money/unit-weights";

const text = (max: number) => z.preprocess((v) => (typeof v === "string" ? Array.from(v.trim()).slice(0, max).join("") : ""), z.string());

export interface InsightAsked {
  produceId: string | null;
  state: string | null;
  district: string | null;
  grade: Grade | null;
  unit: Unit;
  /** Grams in one unit; null for a dozen or a crate whose weight is not (yet) said. */
  gramsPerUnit: number | null;
}

/** The listing form's values (or the live query) → what to ask price insight. */
export function insightAskedFrom(form: { name: string; category: string; produce: string; unit: string; unitKg: string; state: string; district: string; grade: string }): InsightAsked {
  let produceId: string | null = null;
  if (form.produce === NO_PRODUCE) produceId = null;
  else if (produceById(form.produce)) produceId = form.produce;
  else if (form.name) produceId = matchProduce(form.name, resolveCategory(form.category) ?? null)?.id ?? null;
  const state = findState(form.state);
  const district = state ? findDistrict(state.slug, form.district) : undefined;
  const unit: Unit = (UNITS as readonly string[]).includes(form.unit) ? (form.unit as Unit) : "kg";
  let gramsPerUnit = fixedGramsPerUnit(unit) ?? null;
  if (isCountedUnit(unit)) {
    const kg = Number(form.unitKg.replace(/,/g, ""));
    gramsPerUnit = Number.isFinite(kg) && kg > 0 && kg <= MAX_UNIT_KG ? Math.max(1, Math.round(kg * 1000)) : null;
  }
  return { produceId, state: state?.slug ?? null, district: district?.slug ?? null, grade: readGrade(form.grade) ?? null, unit, gramsPerUnit };
}

export const priceInsightQuerySchema = z
  .object({
    name: text(MAX_NAME_LENGTH),
    category: text(40),
    produce: text(40),
    unit: text(10),
    unitKg: text(12),
    state: text(60),
    district: text(60),
    grade: text(10),
  })
  .transform(insightAskedFrom);
