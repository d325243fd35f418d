/** The query strings of the pages that search: /viewmore, the header's suggestions, the home page. */
import { z } from "zod";
import { GRADES, readGrade } from "../catalogue/grades";
import { MAX_PRICE_PAISE } from "../shared/constants";
import { optionalQueryText, pageNumber } from "../shared/form-fields";
import { findCity, findDistrict, findState } from "../locations";
import { inIndia, roundCoordinate } from "../locations/distance";
import { parseRupeesToPaise } from "../money/parse-rupees";

export const SORTS = ["newest", "oldest", "price-asc", "price-desc", "near"] as const;
export type ListingSort = (typeof SORTS)[number];

/** A latitude or longitude as sent by "Near me": a plain decimal number, else nothing. */
const coordinateText = z.preprocess(
  (v) => (typeof v === "string" && /^-?\d{1,3}(\.\d{1,8})?$/.test(v.trim()) ? Number(v.trim()) : undefined),
  z.number().finite().optional(),
);

/** A price bound as typed in the filter (rupees per kg), kept as text so the form shows it again. */
const priceText = z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 20) : ""), z.string());

export interface PriceRange {
  /** Lowest price per kg in paise, when one was given and made sense. */
  minPaise?: number;
  maxPaise?: number;
  /** What was wrong with the bounds typed, for the page to say; the bad bounds are ignored. */
  problem?: string;
}

/** Reads the min/max price filter. Bad input never fails the search: it is ignored and explained. */
export function parsePriceRange(min: string, max: string): PriceRange {
  const read = (text: string, which: "lowest" | "highest"): { paise?: number; problem?: string } => {
    if (!text) return {};
    if (/^\s*-/.test(text)) return { problem: `The ${which} price cannot be below ₹0. Please enter 0 or more.` };
    const paise = parseRupeesToPaise(text);
    if (paise === undefined) return { problem: `Please enter the ${which} price in rupees, like 40 or 45.50.` };
    // No listing costs more (core/shared/constants), so a higher bound finds what this one does; a saved
    // search keeps it, and must read it back (core/alerts/saved-search).
    return { paise: Math.min(paise, MAX_PRICE_PAISE) };
  };
  const low = read(min, "lowest");
  const high = read(max, "highest");
  const problem = low.problem ?? high.problem;
  if (low.paise !== undefined && high.paise !== undefined && low.paise > high.paise) {
    return { problem: "The lowest price is more than the highest. Please swap them or change one." };
  }
  return {
    ...(low.paise !== undefined ? { minPaise: low.paise } : {}),
    ...(high.paise !== undefined ? { maxPaise: high.paise } : {}),
    ...(problem ? { problem } : {}),
  };
}

export const browseQuerySchema = z
  .object({
    q: optionalQueryText,
    /** The raw category text: a spelling that names no category gives the "no items" state. */
    category: optionalQueryText,
    page: pageNumber,
    sort: z.preprocess((v) => ((SORTS as readonly unknown[]).includes(v) ? v : "newest"), z.enum(SORTS)),
    /** Which search box asked: "name" (header box) or anything else (the name-or-category box). */
    by: z.preprocess((v) => (v === "name" ? "name" : "any"), z.enum(["name", "any"])),
    /** Price range in rupees per kg, as typed. */
    min: priceText,
    max: priceText,
    /**
     * Where (slugs of core/locations, or names in English or Hindi); the district may be a city
     * that spans several districts ("mumbai"). A place that does not exist is dropped, not an error.
     */
    state: optionalQueryText,
    district: optionalQueryText,
    /** Quality grade ("A", "faq", "Grade B"); anything else is no grade filter, not an error. */
    grade: z.preprocess((v) => (typeof v === "string" ? (readGrade(v) ?? "") : ""), z.union([z.enum(GRADES), z.literal("")])),
    /** "Nearest first" from a district, "state/district" (slugs or names); an unknown one is dropped (decision 024). */
    from: optionalQueryText,
    /** Or from the phone's position ("Near me"): decimal degrees, rounded to 0.1°; outside India dropped. */
    lat: coordinateText,
    lon: coordinateText,
  })
  .transform((query) => {
    const state = findState(query.state);
    const district = state ? (findCity(state.slug, query.district) ?? findDistrict(state.slug, query.district)) : undefined;
    const [fromStateText = "", fromDistrictText = ""] = query.from.split("/");
    const fromState = findState(fromStateText);
    const fromDistrict = fromState
      ? (findCity(fromState.slug, fromDistrictText) ?? findDistrict(fromState.slug, fromDistrictText))
      : undefined;
    const point =
      query.lat !== undefined && query.lon !== undefined ? { lat: roundCoordinate(query.lat), lon: roundCoordinate(query.lon) } : undefined;
    return {
      ...query,
      state: state?.slug ?? "",
      district: district?.slug ?? "",
      from: fromState && fromDistrict ? `${fromState.slug}/${fromDistrict.slug}` : "",
      lat: point && inIndia(point) ? point.lat : undefined,
      lon: point && inIndia(point) ? point.lon : undefined,
      price: parsePriceRange(query.min, query.max),
    };
  });
export type BrowseQuery = z.output<typeof browseQuerySchema>;

export const suggestQuerySchema = z.object({ q: optionalQueryText });

export const homeQuerySchema = z.object({
  category: optionalQueryText,
  /** `?created=<id>`: the listing the person has just listed, which the banner links to (issue 42). */
  created: z.preprocess((v) => (typeof v === "string" && /^[0-9a-f-]{36}$/i.test(v) ? v : undefined), z.string().optional()),
  /** `?account=deleted`: true when the person has just deleted their account. */
  account: z.preprocess((v) => v === "deleted", z.boolean()),
  /**
   * `?asked=q%3Donion…`: the search /viewmore was asked while nothing at all is listed (it sends
   * people home), so the empty home page can offer to save it (issue 42).
   */
  asked: optionalQueryText,
});
