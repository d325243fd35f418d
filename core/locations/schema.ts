/**
 * The location fields of a form, as a schema. Apart from index.ts so that pages which only show
 * places (the listing form's selects) do not carry the schema library.
 */
import { z } from "zod";
import { cleanText, hasLetterOrDigit } from "../shared/text";
import { findDistrict, findState, MAX_PLACE_LENGTH, normalisePin, pinStateProblem } from "./index";

/**
 * The location fields of a form: `state` and `district` (slugs, or names as findState and
 * findDistrict read them), optional `place` (village or town) and `pin`. Every field's problem is
 * reported at once, on the field's own path. Output: slugs, and null for an empty place or PIN.
 */
export const locationFieldsSchema = buildLocationFieldsSchema();

function buildLocationFieldsSchema() {
  /** A form field as clean text (core/shared/text); absent or non-text values read as "". */
  const textField = z.preprocess((value) => (typeof value === "string" ? cleanText(value) : ""), z.string());

  return z.object({ state: textField, district: textField, place: textField, pin: textField }).transform((fields, ctx) => {
    // Any issue added here fails the parse, whatever the transform returns.
    const problem = (field: "state" | "district" | "place" | "pin", message: string) =>
      ctx.addIssue({ code: "custom", message, path: [field] });

    const state = fields.state ? findState(fields.state) : undefined;
    if (!state) problem("state", "Please choose your state.");

    const district = state && fields.district ? findDistrict(state.slug, fields.district) : undefined;
    if (!fields.district) problem("district", "Please choose your district.");
    else if (state && !district) problem("district", `Please choose a district in ${state.name}.`);

    if (fields.place.length > MAX_PLACE_LENGTH) {
      problem("place", `Please keep the village or town under ${MAX_PLACE_LENGTH} characters.`);
    } else if (fields.place && !hasLetterOrDigit(fields.place)) {
      problem("place", "Please use letters or numbers in the village or town.");
    }

    const pin = fields.pin ? normalisePin(fields.pin) : undefined;
    if (fields.pin && !pin) problem("pin", "Please enter a 6-digit PIN code, like 422001.");
    const pinProblem = pin && state ? pinStateProblem(pin, state.slug) : undefined;
    if (pinProblem) problem("pin", pinProblem);

    if (!state || !district) return z.NEVER;
    return { state: state.slug, district: district.slug, place: fields.place || null, pin: pin ?? null };
  });
}

export type LocationFields = z.output<typeof locationFieldsSchema>;
