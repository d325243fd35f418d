/**
 * Reading a public API request's query string and language (decision 032): strictly, so a
 * parameter given twice or one the operation does not know is a 400 rather than a guess.
 */
import type { Request } from "express";
import type { z } from "zod";
import { isLanguage, languageFromAcceptLanguage, type Language } from "../../core/i18n/languages";
import type { Problem } from "./problems";

/** The query string as sent, every value kept: a parameter given twice is refused, not guessed at. */
function rawQuery(req: Request): Map<string, string[]> {
  const params = new URL(req.originalUrl, "http://api.invalid").searchParams;
  const out = new Map<string, string[]>();
  for (const [key, value] of params) out.set(key, [...(out.get(key) ?? []), value]);
  return out;
}

/** The query parsed with `schema`, or the 400's detail and what is wrong with each parameter. */
export function parseQuery<S extends z.ZodType>(
  req: Request,
  schema: S,
): { ok: true; query: z.output<S> } | { ok: false; detail: string; errors: NonNullable<Problem["errors"]> } {
  const raw = rawQuery(req);
  const twice = [...raw].filter(([, values]) => values.length > 1).map(([key]) => key);
  if (twice.length)
    return {
      ok: false,
      detail: "Give each parameter once.",
      errors: twice.map((parameter) => ({ parameter, message: "Given more than once." })),
    };
  const result = schema.safeParse(Object.fromEntries([...raw].map(([key, [value]]) => [key, value])));
  if (result.success) return { ok: true, query: result.data };
  const errors = result.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((parameter) => ({ parameter, message: "Not a parameter of this operation." }))
      : [{ parameter: String(issue.path[0] ?? ""), message: issue.message }],
  );
  return { ok: false, detail: "Some query parameters are not valid; see `errors`.", errors };
}

/** `?lang=` when given, else Accept-Language, else English. Never the `lang` cookie: the API reads no cookie. */
export function languageOf(req: Request, asked: string | undefined): Language {
  return isLanguage(asked) ? asked : (languageFromAcceptLanguage(req.headers["accept-language"]) ?? "en");
}
