import { FormDataParseError, MaxFileSizeExceededError, parseFormData } from "@remix-run/form-data-parser";
import { AppError } from "../../core/app-error";

/** Room for the text fields and multipart framing on top of the photo itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart form with one photo, refusing oversized bodies before reading them and
 * stopping mid-stream when a file passes the limit. Bad bodies become 4xx AppErrors.
 */
export async function readPhotoForm(
  request: Request,
  options: { maxFileBytes: number; fileField: string },
): Promise<{ fields: Record<string, string>; file: File | null }> {
  const tooLarge = new AppError(
    "TOO_LARGE",
    `This photo is larger than ${Math.round(options.maxFileBytes / (1024 * 1024))} MB. Please choose a smaller photo.`,
    { field: options.fileField },
  );
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > options.maxFileBytes + FORM_OVERHEAD_BYTES) throw tooLarge;
  if (!request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    throw new AppError("BAD_INPUT", "Please send the form with its photo again.");
  }
  let form: FormData;
  try {
    form = await parseFormData(request, { maxFileSize: options.maxFileBytes, maxFiles: 1 }, (upload) =>
      upload.fieldName === options.fileField ? upload : null,
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) throw tooLarge;
    if (error instanceof FormDataParseError || (error instanceof Error && error.name.endsWith("Error") && /multipart|boundary|files/i.test(error.message))) {
      throw new AppError("BAD_INPUT", "We could not read that form. Please try again.", { cause: error });
    }
    throw error;
  }
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [key, value] of form) {
    if (typeof value === "string") fields[key] ??= value;
    else if (key === options.fileField && value.size > 0) file = value;
  }
  return { fields, file };
}
