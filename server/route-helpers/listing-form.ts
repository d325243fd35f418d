/**
 * Reads the listing form (Sell and Edit alike) into typed fields and the photos in the seller's
 * order, or into the messages to show beside each field with what was typed kept.
 */
import { EMPTY_LISTING_VALUES, formValuesFrom, type ListingFormValues } from "../../core/listings/listing-form";
import { MESSAGES } from "../../core/i18n/messages";
import { listingFieldsSchemaAt, listingPhotosSchema, type ListingFields } from "../../core/listings/listing-forms";
import { parseWith } from "../../core/shared/form-fields";
import type { PhotoSource } from "../listings/listings.service";
import type { RouteServices } from "../http/load-context";
import { refuseForm } from "./app-errors";
import { readPhotoForm } from "./multipart";
import { priceNotesFor } from "./price-insight";

export type ListingFormResult =
  | { ok: true; fields: ListingFields; photos: PhotoSource[]; values: ListingFormValues }
  | { ok: false; status: 400 | 413; errors: Record<string, string>; values: ListingFormValues };

export async function readListingForm(
  request: Request,
  options: { maxFileBytes: number; maxPhotos: number; now: number },
): Promise<ListingFormResult> {
  const { fields, fieldValues, files, fileError } = await readPhotoForm(request, {
    maxFileBytes: options.maxFileBytes,
    fileField: "image",
    maxFiles: options.maxPhotos,
  });
  const values = formValuesFrom(fields, EMPTY_LISTING_VALUES);
  const parsed = parseWith(listingFieldsSchemaAt(options.now), fields);
  // With JavaScript the photos arrive beforehand (tus) and the form names them; without, they come with it.
  const named = parseWith(listingPhotosSchema, {
    photo: fieldValues.photo ?? [],
    upload: fieldValues.upload ?? [],
    remove: fieldValues.remove ?? [],
  });
  // Every problem is reported at once, the photos' too.
  const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
  const entries = named.ok ? named.data : [];
  if (fileError) errors.image = fileError;
  else if (!named.ok) errors.image = Object.values(named.errors)[0] ?? MESSAGES.choosePhoto;
  else if (!files.length && !entries.length) errors.image = MESSAGES.choosePhoto;
  if (!parsed.ok || errors.image) return { ok: false, status: fileError ? 413 : 400, errors, values };
  const photos: PhotoSource[] = [...entries, ...files.map((file) => ({ file: { bytes: file.bytes, fileName: file.name } }))];
  return { ok: true, fields: parsed.data, photos, values };
}

/**
 * A refused Sell or Edit: the form comes back with its messages, what was typed, and the price
 * notes for it (the page may have no script to ask for them).
 */
export async function refuseListingForm(
  services: RouteServices,
  request: Request,
  refused: Extract<ListingFormResult, { ok: false }>,
  editing?: string,
) {
  return refuseForm(refused.status, refused.errors, refused.values, await priceNotesFor(services, request, refused.values, editing));
}
