import {
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { AppError } from "../../core/shared/app-error";
import { photoTooLargeMessage } from "../../core/i18n/messages";

/** Room for the text fields and multipart framing on top of the photos themselves. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_PARTS = 60;

export interface PhotoForm {
  /** Text fields, first value of each. */
  fields: Record<string, string>;
  /** Every value of each text field, in the order sent (for repeated fields). */
  fieldValues: Record<string, string[]>;
  /** The photos chosen, in order; empty when none was. */
  files: Array<{ bytes: Uint8Array; name: string }>;
  /** Set when a photo was over the limit (the text fields are still read, to give them back). */
  fileError: string | null;
}

/**
 * Reads a multipart form with its photos (up to `maxFiles`) as a stream: text fields are kept,
 * each photo is buffered only up to the limit, and whatever is left of a refused body is read
 * and dropped so the browser gets the answer. Broken bodies become a 400 AppError.
 */
export async function readPhotoForm(
  request: Request,
  options: { maxFileBytes: number; fileField: string; maxFiles: number },
): Promise<PhotoForm> {
  if (!request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    throw new AppError("BAD_INPUT", "Please send the form with its photo again.");
  }
  const form: PhotoForm = { fields: {}, fieldValues: {}, files: [], fileError: null };
  try {
    const parts = parseMultipartRequest(request, {
      maxFileSize: options.maxFileBytes,
      maxTotalSize: options.maxFileBytes * options.maxFiles + FORM_OVERHEAD_BYTES,
      maxParts: MAX_PARTS + options.maxFiles,
    });
    for await (const part of parts) {
      if (!part.name) continue;
      if (part.isFile) {
        // All are kept (maxTotalSize bounds them); one too many is refused by the service, with a message.
        if (part.name === options.fileField && part.size > 0) form.files.push({ bytes: part.bytes, name: part.filename ?? "" });
      } else {
        if (!Object.hasOwn(form.fields, part.name)) form.fields[part.name] = part.text;
        (form.fieldValues[part.name] ??= []).push(part.text);
      }
    }
  } catch (error) {
    await discardBody(request);
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      form.files = [];
      form.fileError = photoTooLargeMessage(options.maxFileBytes);
    } else if (error instanceof MultipartParseError || isInvalidText(error)) {
      throw new AppError("BAD_INPUT", "We could not read that form. Please try again.", { cause: error });
    } else {
      throw error;
    }
  }
  return form;
}

/** A text field that is not UTF-8: no browser sends one, so the sender gets a 400 rather than a crash. */
const isInvalidText = (error: unknown) =>
  error instanceof TypeError && (error as { code?: unknown }).code === "ERR_ENCODING_INVALID_ENCODED_DATA";

/**
 * Reads and drops what is left of a body we refuse. A browser does not read the answer until it
 * has sent the whole request, so answering without reading would leave the seller waiting
 * forever. (With JavaScript the sell form checks the size before sending anything.)
 */
export async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.body.locked) return;
  try {
    const reader = request.body.getReader();
    while (!(await reader.read()).done) {
      // drop the chunk
    }
  } catch {
    // the connection went away: nothing left to read
  }
}
