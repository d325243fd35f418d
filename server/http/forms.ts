import { AppError } from "../../core/app-error";

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
