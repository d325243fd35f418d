/**
 * The sell form's place names for a page (core/locations): on a page in any language but English,
 * every state's and district's name in it by slug, sent with the page's data so that the browser's
 * bundle never carries the names' tables; null on an English page, whose form uses the names it
 * already has.
 */
import { requestLanguage, type Language } from "../../core/i18n/languages";
import { produceNamesIn } from "../../core/catalogue/produce-names";
import { placeNamesIn } from "../../core/locations";
import { type PlaceNames } from "../../core/locations/states";

const made = new Map<Language, PlaceNames>();

export function placeNamesFor(request: Request): PlaceNames | null {
  const language = requestLanguage(request);
  if (language === "en") return null;
  let names = made.get(language);
  if (!names) made.set(language, (names = placeNamesIn(language)));
  return names;
}

/** The sell form's produce names in the page's language, where the browser has none (neither English nor Hindi). */
export function produceNamesFor(request: Request): Readonly<Record<string, string>> | null {
  return produceNamesIn(requestLanguage(request));
}
