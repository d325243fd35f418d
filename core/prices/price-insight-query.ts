/**
 * The sell form's live price query (GET /api/price-insight): the form's own field names, so the
 * browser sends what the seller typed as it is. Nothing here is ever an error: a field that does
 * not make sense is dropped, and with no produce there is simply no insight and no mandi rate.
 */
import { z } from "zod";
import { MAX_NAME_LENGTH } from "../shared/constants";
import { priceContext, type PriceContext } from "../catalogue/price-context";

const text = (max: number) => z.preprocess((v) => (typeof v === "string" ? Array.from(v.trim()).slice(0, max).join("") : ""), z.string());

/**
 * What price insight compares: the form's price context (core/catalogue/price-context), and on
 * Edit the listing being edited, which is left out of its own band (issue 42).
 */
export type InsightAsked = Pick<PriceContext, "produceId" | "state" | "district" | "grade" | "unit" | "gramsPerUnit"> & {
  excludeListing?: string | null;
};

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
    /** The listing being edited (Edit only). */
    listing: text(40),
  })
  .transform(({ listing, ...fields }) => ({ ...priceContext(fields), excludeListing: listing || null }));
