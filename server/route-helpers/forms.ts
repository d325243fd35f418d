import { data } from "react-router";
import type { z } from "zod";
import { AppError } from "../../core/shared/app-error";
import { parseWith } from "../../core/shared/form-fields";
import { formErrorResponse, inPageLanguage, refuseForm } from "./app-errors";

/** Pages that take forms take them by POST; another method is refused before anything is read. */
export function postOnly(request: Request): void {
  if (request.method !== "POST")
    throw data(inPageLanguage("This page takes forms by POST only. Please send the form from the page."), {
      status: 405,
      headers: { Allow: "POST" },
    });
}

/**
 * A plain (url-encoded or multipart) form's text fields. A body that is not a form (JSON, plain
 * text, a broken encoding) is the sender's mistake: a 400, not a crash.
 */
export async function readForm(request: Request): Promise<Record<string, FormDataEntryValue>> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    throw new AppError("BAD_INPUT", "Please send the form again from the page.");
  }
  try {
    return Object.fromEntries(await request.formData());
  } catch (error) {
    throw new AppError("BAD_INPUT", "We could not read that form. Please try again.", { cause: error });
  }
}

/**
 * Reads the request's form and parses it with a core/ schema. `valuesOf` picks what the page
 * shows again after a refusal (never a password), from a field's text ("" when absent or a file).
 * The result is the typed data with those values (for a service's refusal later), or the answer
 * to return as it is: a 400 with each field's first message, or readForm's 400 with `valuesOf`
 * of an empty form when the body is not a form.
 */
export async function parseForm<S extends z.ZodType, V>(request: Request, schema: S, valuesOf: (text: (name: string) => string) => V) {
  let form: Record<string, FormDataEntryValue>;
  try {
    form = await readForm(request);
  } catch (error) {
    return {
      ok: false as const,
      response: formErrorResponse(
        error,
        valuesOf(() => ""),
      ),
    };
  }
  const values = valuesOf((name) => {
    const value = form[name];
    return typeof value === "string" ? value : "";
  });
  const parsed = parseWith(schema, form);
  if (!parsed.ok) return { ok: false as const, response: refuseForm(400, parsed.errors, values) };
  return { ok: true as const, data: parsed.data, values };
}
