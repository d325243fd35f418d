/**
 * Every form and query string is parsed with one of these, on the server, before anything
 * else happens. Messages are written for the person filling the form.
 */
import { z } from "zod";
import { resolveCategory, type CategorySlug } from "./categories";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_PRICE_PAISE,
  MAX_SEARCH_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "./constants";
import type { PhotoEntry } from "./listing-form";
import { LANGUAGES } from "./i18n/languages";
import { GRADES, readGrade } from "./grades";
import { findCity, findDistrict, findState } from "./locations";
import { locationFieldsSchema, type LocationFields } from "./locations/schema";
import { parseRupeesToPaise } from "./money";
import { inIndia, roundCoordinate } from "./distance";
import { normalisePhone, SHOW_NUMBER_INTENT } from "./phone";
import { UPLOAD_ID_PATTERN } from "./photos";
import { checkUnitPrice, produceFieldsSchemaAt, type ProduceFields } from "./produce";
import { safeRedirectPath } from "./redirects";
import { MAX_MODERATION_TEXT, MODERATION_MESSAGES, REPORT_REASONS } from "./moderation";
import { cleanText, hasLetterOrDigit, type CleanTextOptions } from "./text";
import { UPLOAD_ERROR_MESSAGES } from "./upload-task";

/**
 * A form field as clean text (core/text): absent or non-text values (a file where text was
 * expected) read as "". Every text field below starts here, so nothing malformed or invisible is
 * checked, let alone stored.
 */
const textField = (options: CleanTextOptions = {}) =>
  z.preprocess((value) => (typeof value === "string" ? cleanText(value, options) : ""), z.string());
const field = textField();

/** Passwords are taken exactly as typed: cleaning one would change it. */
const passwordField = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

/** Text a person must fill in, with at least one letter or digit (not only dots, marks or joiners). */
const requiredText = (what: string, max: number, options: CleanTextOptions = {}) =>
  textField(options).pipe(
    z
      .string()
      .min(1, `Please enter ${what}.`)
      .max(max, `Please keep ${what} under ${max} characters.`)
      .refine(hasLetterOrDigit, `Please use letters or numbers in ${what}.`),
  );

const email = field.pipe(
  z
    .string()
    .toLowerCase()
    .min(1, "Please enter your email.")
    .pipe(z.email("Please enter a valid email, like name@example.com.")),
);

/** A person's full name: the sign-up form and the account page share it. */
const personName = requiredText("your full name", MAX_PERSON_NAME_LENGTH);

/** An Indian mobile number, stored in one form (E.164): the sign-up form and the account page share it. */
const phone = field.pipe(
  z
    .string()
    .min(1, "Please enter your phone number.")
    .transform((text, ctx) => {
      const normalised = normalisePhone(text);
      if (!normalised) {
        ctx.addIssue({ code: "custom", message: "Please enter a 10-digit Indian mobile number, like 98765 43210." });
        return z.NEVER;
      }
      return normalised;
    }),
);

/** A password being chosen; `which` names it in the messages ("password", "new password"). */
const choosePassword = (which: string) =>
  passwordField.pipe(
    z
      .string()
      .min(1, `Please enter a ${which}.`)
      .min(MIN_PASSWORD_LENGTH, `Please use at least ${MIN_PASSWORD_LENGTH} characters for your ${which}.`)
      .max(MAX_PASSWORD_LENGTH, `Please keep your ${which} under ${MAX_PASSWORD_LENGTH} characters.`),
  );

/** A password someone already has, typed to prove it is them. */
const existingPassword = (emptyMessage: string) => passwordField.pipe(z.string().min(1, emptyMessage).max(MAX_PASSWORD_LENGTH));

/** The header's language switch: the language to use, and the page to go back to (on this site only). */
export const languageFormSchema = z.object({
  lang: z.enum(LANGUAGES, "Please choose English or Hindi."),
  redirectTo: z.preprocess((value) => safeRedirectPath(value), z.string()),
});

export const signupSchema = z.object({
  name: personName,
  email,
  phone,
  password: choosePassword("password"),
});
export type SignupInput = z.output<typeof signupSchema>;

export const loginSchema = z.object({
  email,
  password: existingPassword("Please enter your password."),
  redirectTo: z.preprocess((value) => safeRedirectPath(value), z.string()),
});
export type LoginInput = z.output<typeof loginSchema>;

/**
 * The forms on /my/account, told apart by `intent`. Each carries only its own fields; the
 * password forms never send a password back to the page.
 */
export const ACCOUNT_INTENTS = ["name", "phone", "place", "password", "delete", "api-key", "api-key-revoke", "verify-email"] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const accountFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("name"), name: personName }),
    z.object({ intent: z.literal("phone"), phone }),
    z
      .object({
        intent: z.literal("password"),
        currentPassword: existingPassword("Please enter your current password."),
        newPassword: choosePassword("new password"),
      })
      .refine((form) => form.newPassword !== form.currentPassword, {
        path: ["newPassword"],
        message: "Your new password is the same as your current one. Please choose a different one.",
      }),
    z.object({ intent: z.literal("delete"), password: existingPassword("Please enter your password to confirm.") }),
    // Keys for the public API (decision 032): make one, or revoke one by its id.
    z.object({ intent: z.literal("api-key") }),
    z.object({ intent: z.literal("api-key-revoke"), key: field.pipe(z.string().regex(/^[0-9a-f-]{36}$/, "Please send the form again from the page.")) }),
    // Send the link that confirms the person's address again (decision 045).
    z.object({ intent: z.literal("verify-email") }),
    // The place's fields and messages are the listing form's (core/locations), each on its own name.
    z.looseObject({ intent: z.literal("place") }).transform((form, ctx) => {
      const place = locationFieldsSchema.safeParse(form);
      if (place.success) return { intent: form.intent, place: place.data };
      for (const issue of place.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    }),
  ],
  { error: "Please send the form again from the page." },
);
export type AccountForm = z.output<typeof accountFormSchema>;

/** The intent a form names, when it names one of ours (to put a message beside the right form). */
export const accountIntentSchema = z.object({ intent: z.enum(ACCOUNT_INTENTS) });

/** `/my/account?saved=name`: which change was just saved (anything else: none). */
export const accountPageQuerySchema = z.object({
  saved: z.preprocess(
    (v) => (v === "name" || v === "phone" || v === "place" || v === "password" || v === "api-key-revoked" || v === "verify-sent" ? v : undefined),
    z.enum(["name", "phone", "place", "password", "api-key-revoked", "verify-sent"]).optional(),
  ),
});

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

/** The listing form's own fields; units (core/produce) and place (core/locations) are parsed beside them. */
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
    const parts = [listingBaseSchema.safeParse(input), produceFieldsSchemaAt(clock()).safeParse(input), locationFieldsSchema.safeParse(input)] as const;
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

export const SORTS = ["newest", "oldest", "price-asc", "price-desc", "near"] as const;
export type ListingSort = (typeof SORTS)[number];

/**
 * Tolerant query-string parsing: a bad value falls back to the default, never a 500. Cut by code
 * points, so a cut never splits an emoji into a lone surrogate.
 */
const optionalQueryText = z.preprocess(
  (v) => (typeof v === "string" ? Array.from(cleanText(v)).slice(0, MAX_SEARCH_LENGTH).join("").trim() : ""),
  z.string(),
);

const pageNumber = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,6}$/.test(v) && Number(v) >= 1 ? Number(v) : 1),
  z.number().int().min(1),
);

/** A latitude or longitude as sent by "Near me": a plain decimal number, else nothing. */
const coordinateText = z.preprocess(
  (v) => (typeof v === "string" && /^-?\d{1,3}(\.\d{1,8})?$/.test(v.trim()) ? Number(v.trim()) : undefined),
  z.number().finite().optional(),
);

/** A price bound as typed in the filter (rupees per kg), kept as text so the form shows it again. */
const priceText = z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 20) : ""), z.string());

export interface PriceRange {
  /** Lowest price per kg in paise, when one was given and made sense. */
  minPaise?: number;
  maxPaise?: number;
  /** What was wrong with the bounds typed, for the page to say; the bad bounds are ignored. */
  problem?: string;
}

/** Reads the min/max price filter. Bad input never fails the search: it is ignored and explained. */
export function parsePriceRange(min: string, max: string): PriceRange {
  const read = (text: string, which: "lowest" | "highest"): { paise?: number; problem?: string } => {
    if (!text) return {};
    if (/^\s*-/.test(text)) return { problem: `The ${which} price cannot be below ₹0. Please enter 0 or more.` };
    const paise = parseRupeesToPaise(text);
    if (paise === undefined) return { problem: `Please enter the ${which} price in rupees, like 40 or 45.50.` };
    // No listing costs more (core/constants), so a higher bound finds what this one does; a saved
    // search keeps it, and must read it back (core/saved-search).
    return { paise: Math.min(paise, MAX_PRICE_PAISE) };
  };
  const low = read(min, "lowest");
  const high = read(max, "highest");
  const problem = low.problem ?? high.problem;
  if (low.paise !== undefined && high.paise !== undefined && low.paise > high.paise) {
    return { problem: "The lowest price is more than the highest. Please swap them or change one." };
  }
  return {
    ...(low.paise !== undefined ? { minPaise: low.paise } : {}),
    ...(high.paise !== undefined ? { maxPaise: high.paise } : {}),
    ...(problem ? { problem } : {}),
  };
}

export const browseQuerySchema = z
  .object({
    q: optionalQueryText,
    /** The raw category text: a spelling that names no category gives the "no items" state. */
    category: optionalQueryText,
    page: pageNumber,
    sort: z.preprocess((v) => ((SORTS as readonly unknown[]).includes(v) ? v : "newest"), z.enum(SORTS)),
    /** Which search box asked: "name" (header box) or anything else (the name-or-category box). */
    by: z.preprocess((v) => (v === "name" ? "name" : "any"), z.enum(["name", "any"])),
    /** Price range in rupees per kg, as typed. */
    min: priceText,
    max: priceText,
    /**
     * Where (slugs of core/locations, or names in English or Hindi); the district may be a city
     * that spans several districts ("mumbai"). A place that does not exist is dropped, not an error.
     */
    state: optionalQueryText,
    district: optionalQueryText,
    /** Quality grade ("A", "faq", "Grade B"); anything else is no grade filter, not an error. */
    grade: z.preprocess((v) => (typeof v === "string" ? (readGrade(v) ?? "") : ""), z.union([z.enum(GRADES), z.literal("")])),
    /** "Nearest first" from a district, "state/district" (slugs or names); an unknown one is dropped (decision 024). */
    from: optionalQueryText,
    /** Or from the phone's position ("Near me"): decimal degrees, rounded to 0.1°; outside India dropped. */
    lat: coordinateText,
    lon: coordinateText,
  })
  .transform((query) => {
    const state = findState(query.state);
    const district = state ? (findCity(state.slug, query.district) ?? findDistrict(state.slug, query.district)) : undefined;
    const [fromStateText = "", fromDistrictText = ""] = query.from.split("/");
    const fromState = findState(fromStateText);
    const fromDistrict = fromState ? (findCity(fromState.slug, fromDistrictText) ?? findDistrict(fromState.slug, fromDistrictText)) : undefined;
    const point = query.lat !== undefined && query.lon !== undefined ? { lat: roundCoordinate(query.lat), lon: roundCoordinate(query.lon) } : undefined;
    return {
      ...query,
      state: state?.slug ?? "",
      district: district?.slug ?? "",
      from: fromState && fromDistrict ? `${fromState.slug}/${fromDistrict.slug}` : "",
      lat: point && inIndia(point) ? point.lat : undefined,
      lon: point && inIndia(point) ? point.lon : undefined,
      price: parsePriceRange(query.min, query.max),
    };
  });
export type BrowseQuery = z.output<typeof browseQuerySchema>;

export const suggestQuerySchema = z.object({ q: optionalQueryText });

/** Plain-object view of URLSearchParams for schema parsing (first value wins). */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!Object.hasOwn(out, key)) out[key] = value;
  return out;
}

/**
 * Messages by field name. Keyed by string, not by the output's keys: an issue can sit on `form`
 * (the form as a whole) or on a field another branch of a union names.
 */
export type FieldErrors = Record<string, string>;

export type ParseResult<T> =
  | { ok: true; data: T }
  | { ok: false; errors: FieldErrors };

/** Parse, returning the first message per field for showing beside it. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

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

export const homeQuerySchema = z.object({
  category: optionalQueryText,
  created: z.preprocess((v) => v === "1", z.boolean()),
  /** `?account=deleted`: true when the person has just deleted their account. */
  account: z.preprocess((v) => v === "deleted", z.boolean()),
});

/**
 * Trust and safety forms (decision 014). Texts are clean text (core/text) like every other field;
 * a reason a seller will read is required, a moderator's own note is not.
 */
const moderationText = (options: { required?: string } = {}) =>
  textField({ multiline: true }).pipe(
    z
      .string()
      .max(MAX_MODERATION_TEXT, `Please keep this under ${MAX_MODERATION_TEXT} characters.`)
      .refine((text) => !options.required || hasLetterOrDigit(text), options.required ?? "")
      .transform((text) => (hasLetterOrDigit(text) ? text : null)),
  );

/** "Report this listing": a reason, and words of one's own (needed for "Something else"). */
export const reportFormSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, MODERATION_MESSAGES.chooseReason),
    details: moderationText(),
  })
  .refine((form) => form.reason !== "other" || form.details !== null, { path: ["details"], message: MODERATION_MESSAGES.describeOther });
export type ReportForm = z.output<typeof reportFormSchema>;

/** "Show number" past the address's hourly threshold (decision 046): the one field its form sends. */
export const showNumberFormSchema = z.object({ intent: z.literal(SHOW_NUMBER_INTENT, "Please press “Show number” on the page.") });

/** A moderator's action on one listing (/admin/listings/:id). */
export const listingModerationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("hide"), reason: moderationText({ required: MODERATION_MESSAGES.giveReason }).pipe(z.string()) }),
    z.object({ intent: z.literal("restore"), note: moderationText() }),
    z.object({ intent: z.literal("dismiss"), note: moderationText() }),
  ],
  { error: "Please send the form again from the page." },
);

/** A staff action on a person (/admin/people): ban and unban (moderators), roles (admins). */
/** The back office's Retry button on a failed job (decision 028): the job's id as listFailed gave it. */
export const retryJobSchema = z.object({
  intent: z.literal("retry", "Please send the form again from the page."),
  id: z.string().regex(/^[\w-]{1,100}(\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/, "Please send the form again from the page."),
});

/** A person's id as better-auth makes it: letters, digits, "_" and "-" (a NUL reached PostgreSQL, a 500). */
export const PERSON_ID = /^[\w-]{1,64}$/;
const personId = z.string().regex(PERSON_ID, "Please send the form again from the page.");

export const personModerationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("ban"), personId, reason: moderationText({ required: MODERATION_MESSAGES.giveBanReason }).pipe(z.string()) }),
    z.object({ intent: z.literal("unban"), personId, note: moderationText() }),
    z.object({ intent: z.literal("role"), personId, role: z.enum(["person", "moderator"], "Please choose a role.") }),
  ],
  { error: "Please send the form again from the page." },
);

/** `/admin?view=&reason=&page=`: anything unknown falls back to the open reports, every reason. */
export const moderationQueueQuerySchema = z.object({
  view: z.preprocess((v) => (v === "review" || v === "hidden" ? v : "open"), z.enum(["open", "review", "hidden"])),
  reason: z.preprocess((v) => ((REPORT_REASONS as readonly unknown[]).includes(v) ? v : undefined), z.enum(REPORT_REASONS).optional()),
  page: pageNumber,
});

/** `/admin/people?email=` or `?id=`: the person to look up, if any. */
export const peopleQuerySchema = z.object({ email: optionalQueryText, id: optionalQueryText });
