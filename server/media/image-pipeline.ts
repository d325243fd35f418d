/**
 * Turns an uploaded photo into the WebP variants we serve. The type is read from the bytes, not
 * the name; a pixel limit stops decompression bombs; everything is re-encoded, so nothing a
 * person uploads is served as-is, and metadata (EXIF, GPS) is dropped.
 */
import { AppError } from "../../core/shared/app-error";
import { IMAGE_WIDTHS, type ImageWidth } from "../../core/shared/constants";
import { MESSAGES } from "../../core/i18n/messages";
import { imagePipelineDuration } from "../metrics/metrics";
import { loadSharp } from "./load-sharp";

/** 40 megapixels: above any phone camera, far below what would exhaust memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif", "avif"]);

export interface ImageVariant {
  width: ImageWidth;
  body: Buffer;
}

const NOT_A_PHOTO = "This file is not a photo we can use. Please choose a JPEG, PNG or WebP picture.";

export async function makeImageVariants(bytes: Uint8Array): Promise<ImageVariant[]> {
  const stopTimer = imagePipelineDuration.startTimer();
  try {
    const variants = await variantsOf(bytes);
    stopTimer({ outcome: "ok" });
    return variants;
  } catch (error) {
    stopTimer({ outcome: "refused" });
    throw error;
  }
}

async function variantsOf(bytes: Uint8Array): Promise<ImageVariant[]> {
  if (bytes.byteLength === 0) throw new AppError("BAD_INPUT", MESSAGES.choosePhoto, { field: "image" });
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels(error) : new AppError("UNSUPPORTED_MEDIA", NOT_A_PHOTO, { field: "image", cause: error });
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError("UNSUPPORTED_MEDIA", NOT_A_PHOTO, { field: "image" });
  }
  try {
    // Decode and shrink the full photo once, to the largest width (`rotate()` applies the
    // camera's orientation first); the smaller widths come from those pixels, not the original.
    // scripts/bench/images.ts measures this against resizing every width from the original.
    const largest = Math.max(...IMAGE_WIDTHS);
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    return await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        body: await pixels.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
      })),
    );
  } catch (error) {
    throw isPixelLimit(error)
      ? tooManyPixels(error)
      : new AppError("UNSUPPORTED_MEDIA", "This photo seems damaged. Please choose another.", { field: "image", cause: error });
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

function tooManyPixels(cause: unknown): AppError {
  return new AppError("TOO_LARGE", "This photo has too many pixels. Please choose a smaller one.", { field: "image", cause });
}
