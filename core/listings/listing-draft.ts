/**
 * The sell form's draft (decision 016): what a seller typed, kept on their phone until the listing
 * is sent, so a dropped network or a closed tab loses nothing. Text fields only: photos are not
 * kept (they go up resumably once chosen, and a draft cannot hold them faithfully).
 */
import { EMPTY_LISTING_VALUES, formValuesFrom, type ListingFormValues } from "./listing-form";

/** A draft older than this is not brought back. */
export const SELL_DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const DRAFT_VERSION = 1;
const DRAFT_FIELDS = new Set(Object.keys(EMPTY_LISTING_VALUES));

export interface ListingDraft {
  savedAt: number;
  /** The form's own fields as sent (a ticked box is present, an unticked one absent). */
  fields: Record<string, string>;
}

/** The form's text fields, from its FormData (files and upload ids are left out). */
export function draftOf(entries: Iterable<[string, unknown]>, now: number): ListingDraft {
  const fields: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (DRAFT_FIELDS.has(name) && typeof value === "string") fields[name] = value.slice(0, 4000);
  }
  return { savedAt: now, fields };
}

export function serializeDraft(draft: ListingDraft): string {
  return JSON.stringify({ v: DRAFT_VERSION, savedAt: draft.savedAt, fields: draft.fields });
}

/** A stored draft, or null if there is none, it is not ours, or it is too old. */
export function parseDraft(text: string | null, now: number): ListingDraft | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { v, savedAt, fields } = parsed as Record<string, unknown>;
  if (
    v !== DRAFT_VERSION ||
    typeof savedAt !== "number" ||
    now - savedAt > SELL_DRAFT_MAX_AGE_MS ||
    typeof fields !== "object" ||
    fields === null
  )
    return null;
  return draftOf(Object.entries(fields), savedAt);
}

/** The values the form shows for a draft. */
export function draftValues(draft: ListingDraft): ListingFormValues {
  return formValuesFrom(draft.fields);
}

/** Whether the seller changed anything from how the form started (their usual place, sold by kg). */
export function draftDiffersFrom(draft: ListingDraft, start: ListingFormValues): boolean {
  const values = draftValues(draft);
  return (Object.keys(values) as Array<keyof ListingFormValues>).some((name) => values[name] !== start[name]);
}
