/**
 * The sell form's place names for a page (core/locations): on a Hindi page every state's and
 * district's Hindi name by slug, sent with the page's data so that the browser's bundle never
 * carries the Hindi table; null on an English page, whose form uses the names it already has.
 */
import { requestLanguage } from "../../core/i18n/languages";
import { placeNamesIn } from "../../core/locations";
import { type PlaceNames } from "../../core/locations/states";

let hindi: PlaceNames | undefined;

export function placeNamesFor(request: Request): PlaceNames | null {
  if (requestLanguage(request) !== "hi") return null;
  hindi ??= placeNamesIn("hi");
  return hindi;
}
