/** The listing form (Sell and Edit) and the listing page's "Show number" form, as schemas. */
import { z } from "zod";
import { resolveCategory, type CategorySlug } from "../catalogue/categories";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MAX_PRICE_PAISE } from "../shared/constants";
import { field, requiredText } from "../shared/form-fields";
import { CONTACT_VIA, SHOW_NUMBER_INTENT } from "../shared/phone";
import { locationFieldsSchema, type LocationFields } from "../locations/schema";
import { parseRupeesToPaise } from "../money/parse-rupees";
import { UPLOAD_ID_PATTERN } from "../uploads/photos";
import { UPLOAD_ERROR_MESSAGES } from "../uploads/upload-task";
import type { PhotoEntry } from "./listing-form";
import { produceFieldsSchemaAt, type ProduceFields } from "./produce-fields";
import { checkUnitPrice } from "../money/units";

const category = field.pipe(
  z.string().transform((text, ctx): CategorySlug => {
    const slug = resolveCategory(text);
    if (!slug) {
      ctx.addIssue({ code: "custom", message: "Please choose a category." });
      return z.NEVER;
    }
    return slug;
  }),
);

/** The listing form's own fields; units (core/listings/produce-fields) and place (core/locations) are parsed beside them. */
const listingBaseSchema = z.object({
  name: requiredText("the product name", MAX_NAME_LENGTH),
  category,
  /** Rupees per the chosen unit, as paise; its price per kg is checked once the unit is known. */
  price: field.pipe(
    z
      .string()
      .min(1, "Please enter the price.")
      .transform((text, ctx) => {
        const paise = parseRupeesToPaise(text);
        if (paise === undefined || paise <= 0) {
          ctx.addIssue({ code: "custom", message: "Please enter the price in rupees, like 45 or 45.50." });
          return z.NEVER;
        }
        // A tonne costs at most 1,000 times the dearest kg; checkUnitPrice has the exact word.
        if (paise > MAX_PRICE_PAISE * 1000) {
          ctx.addIssue({ code: "custom", message: "That price looks too high. Please check it." });
          return z.NEVER;
        }
        return paise;
      }),
  ),
  description: requiredText("a description", MAX_DESCRIPTION_LENGTH, { multiline: true }),
});

/** Everything the listing form says about the produce: `price` is per `unit`, in paise. */
export type ListingFields = z.output<typeof listingBaseSchema> & ProduceFields & LocationFields;

/**
 * The listing form (Sell and Edit), every field's problem reported at once under its own name.
 * `now` bounds "available from" (at most a year ahead).
 */
export function listingFieldsSchemaAt(now: number | (() => number)) {
  const clock = typeof now === "number" ? () => now : now;
  return z.unknown().transform((input, ctx): ListingFields => {
    const parts = [
      listingBaseSchema.safeParse(input),
      produceFieldsSchemaAt(clock()).safeParse(input),
      locationFieldsSchema.safeParse(input),
    ] as const;
    const issues = parts.flatMap((part) => (part.success ? [] : part.error.issues));
    for (const issue of issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    if (!parts[0].success || !parts[1].success || !parts[2].success) return z.NEVER;
    const fields = { ...parts[0].data, ...parts[1].data, ...parts[2].data };
    const price = checkUnitPrice(fields.price, fields.gramsPerUnit, fields.unit);
    if ("problem" in price) {
      ctx.addIssue({ code: "custom", message: price.problem, path: ["price"] });
      return z.NEVER;
    }
    return fields;
  });
}

/** The listing form, "available from" bounded by the clock at each parse (seeds, tests). */
export const listingFieldsSchema = listingFieldsSchemaAt(Date.now);

const IMAGE_KEY_PATTERN = /^listings\/[0-9a-f-]{36}$/;

const photoEntry = z.string().transform((value, ctx): PhotoEntry => {
  const [kind, rest] = [value.slice(0, 2), value.slice(2)];
  if (kind === "k:" && IMAGE_KEY_PATTERN.test(rest)) return { keep: rest };
  if (kind === "u:" && UPLOAD_ID_PATTERN.test(rest)) return { upload: rest };
  ctx.addIssue({ code: "custom", message: UPLOAD_ERROR_MESSAGES["invalid-url"] });
  return z.NEVER;
});

/**
 * The photos a listing form names, in order: `photo` entries (the picker and the edit form), or
 * `upload` ids (forms rendered before `photo` existed); minus the ones ticked for removal.
 * At most `max` names are read; more is refused by the service with its message.
 */
export const listingPhotosSchema = z
  .object({
    photo: z.array(photoEntry).max(20).default([]),
    upload: z.array(z.string().regex(UPLOAD_ID_PATTERN, UPLOAD_ERROR_MESSAGES["invalid-url"])).max(20).default([]),
    remove: z.array(z.string()).max(20).default([]),
  })
  .transform(({ photo, upload, remove }): PhotoEntry[] => {
    const removed = new Set(remove);
    return [...photo, ...upload.map((id) => ({ upload: id }))].filter((entry) => !("keep" in entry && removed.has(entry.keep)));
  });

/** "Show number" past the address's hourly threshold (decision 046): the one field its form sends. */
export const showNumberFormSchema = z.object({ intent: z.literal(SHOW_NUMBER_INTENT, "Please press “Show number” on the page.") });

/** How a buyer contacts a seller: the query of the safety note's page (decision 057), `?via=call` or `?via=whatsapp`, nothing else. */
export const contactQuerySchema = z.strictObject(
  { via: z.enum(CONTACT_VIA, "Please use the Call or WhatsApp button on the page.") },
  "Please use the Call or WhatsApp button on the page.",
);
