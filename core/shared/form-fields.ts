/**
 * The pieces every form and query-string schema is built from. Each capability's own forms sit
 * beside its rules (core/accounts/account-forms.ts, core/listings/listing-forms.ts,
 * core/search/search-query.ts, core/moderation/moderation-forms.ts, core/i18n/language-form.ts);
 * every form and query string is parsed with one of them, on the server, before anything else
 * happens. Messages are written for the person filling the form.
 */
import { z } from "zod";
import { MAX_SEARCH_LENGTH } from "./constants";
import { cleanText, hasLetterOrDigit, type CleanTextOptions } from "./text";

/**
 * A form field as clean text (core/shared/text): absent or non-text values (a file where text was
 * expected) read as "". Every text field below starts here, so nothing malformed or invisible is
 * checked, let alone stored.
 */
export const textField = (options: CleanTextOptions = {}) =>
  z.preprocess((value) => (typeof value === "string" ? cleanText(value, options) : ""), z.string());
export const field = textField();

/** Passwords are taken exactly as typed: cleaning one would change it. */
export const passwordField = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

/** Text a person must fill in, with at least one letter or digit (not only dots, marks or joiners). */
export const requiredText = (what: string, max: number, options: CleanTextOptions = {}) =>
  textField(options).pipe(
    z
      .string()
      .min(1, `Please enter ${what}.`)
      .max(max, `Please keep ${what} under ${max} characters.`)
      .refine(hasLetterOrDigit, `Please use letters or numbers in ${what}.`),
  );

/**
 * Tolerant query-string parsing: a bad value falls back to the default, never a 500. Cut by code
 * points, so a cut never splits an emoji into a lone surrogate.
 */
export const optionalQueryText = z.preprocess(
  (v) => (typeof v === "string" ? Array.from(cleanText(v)).slice(0, MAX_SEARCH_LENGTH).join("").trim() : ""),
  z.string(),
);

export const pageNumber = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,6}$/.test(v) && Number(v) >= 1 ? Number(v) : 1),
  z.number().int().min(1),
);

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

export type ParseResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

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
