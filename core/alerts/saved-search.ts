/**
 * A saved search (decision 022): the /viewmore query a person asked to be told about, kept as
 * the search's own fields so that matching a new listing reads it exactly as /viewmore does. Its
 * description in plain words, and the forms that change it.
 */
import { z } from "zod";
import { getCategory, resolveCategory } from "../catalogue/categories";
import { placeLabel } from "../locations";
import { formatPricePerKg } from "../money/money";
import { MAX_PRICE_PAISE, MAX_SEARCH_LENGTH } from "../shared/constants";
import { SORTS, type BrowseQuery, type ListingSort } from "../search/search-query";
import { districtName } from "../locations";
import { cleanText } from "../shared/text";
import type { Language } from "../i18n/languages";

/** Saved searches one person may keep unless the operator says otherwise (MAX_SAVED_SEARCHES). */
export const MAX_SAVED_SEARCHES = 20;
/** Longest name a person may give a saved search. */
export const MAX_SAVED_SEARCH_NAME_LENGTH = 60;
export const ALERT_PACES = ["instant", "daily"] as const;
export type AlertPace = (typeof ALERT_PACES)[number];
export const ALERT_CHANNELS = ["app", "email", "push"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** The fields of a /viewmore search that decide what it finds (not the page or the order). */
export interface SavedQuery {
  q: string;
  by: "name" | "any";
  category: string;
  /** Slugs of core/locations ("" for any). */
  state: string;
  district: string;
  minPaise?: number;
  maxPaise?: number;
  /** A quality grade (core/catalogue/grades), matched like /viewmore?grade. */
  grade?: string;
  /** The words read as the closest words of listing names, when some typed word was none (a typo). */
  corrected?: string;
  /** The order it was asked in, when not newest first: it decides what /viewmore shows first, not what matches. */
  sort?: Exclude<ListingSort, "newest">;
  /** With sort "near": the district it was asked from, "state/district" slugs (decision 024). */
  from?: string;
}

/**
 * The /viewmore fields a saved search is made from, as /viewmore's form and links carry them:
 * the button that saves a search posts these, and /my/alerts/new reads the same (issue 42: "nearest
 * to Nashik" was lost when `sort` and `from` were left out). "Near me"'s position never reaches a
 * form: /viewmore turns it into `from`.
 */
export const SAVED_SEARCH_FIELDS = ["q", "by", "category", "state", "district", "min", "max", "grade", "sort", "from"] as const;

/**
 * A price bound. One above the highest price a listing may have could be saved before the filter
 * refused it (core/search/search-query parsePriceRange), and made its person's My alerts a 500: it is read as
 * that highest price, which finds what it found before.
 */
const paise = z
  .number()
  .int()
  .min(0)
  .transform((value) => Math.min(value, MAX_PRICE_PAISE))
  .optional();
export const savedQuerySchema = z.object({
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH * 4)
    .default(""),
  by: z.enum(["name", "any"]).default("any"),
  category: z
    .string()
    .max(MAX_SEARCH_LENGTH * 4)
    .default(""),
  state: z.string().max(100).default(""),
  district: z.string().max(100).default(""),
  minPaise: paise,
  maxPaise: paise,
  grade: z.string().max(40).optional(),
  corrected: z
    .string()
    .max(MAX_SEARCH_LENGTH * 4)
    .optional(),
  // An order saved by a later release reads as newest first rather than making My alerts fail.
  sort: z
    .enum(SORTS)
    .optional()
    .catch(undefined)
    .transform((sort) => (sort === "newest" ? undefined : sort)),
  from: z.string().max(200).optional(),
});

/** The saved part of a parsed /viewmore query. */
export function savedQueryOf(
  query: Pick<BrowseQuery, "q" | "by" | "category" | "state" | "district" | "price"> &
    Partial<Pick<BrowseQuery, "sort" | "from">> & { grade?: string },
): SavedQuery {
  // "Nearest first" is kept with the district it measures from; without one it is read newest first (nearestFirstOrigin).
  const from = query.sort === "near" ? query.from || (query.state && query.district ? `${query.state}/${query.district}` : "") : "";
  const sort = query.sort === "near" ? (from ? "near" : undefined) : query.sort === "newest" ? undefined : query.sort;
  return {
    q: query.q,
    by: query.by,
    category: query.category,
    state: query.state,
    district: query.district,
    ...(query.price.minPaise !== undefined ? { minPaise: query.price.minPaise } : {}),
    ...(query.price.maxPaise !== undefined ? { maxPaise: query.price.maxPaise } : {}),
    ...(query.grade ? { grade: query.grade } : {}),
    ...(sort ? { sort } : {}),
    ...(sort === "near" ? { from } : {}),
  };
}

/** The /viewmore address that shows what a saved search finds. */
export function viewmorePathOf(query: SavedQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.by === "name") params.set("by", "name");
  if (query.category) params.set("category", query.category);
  if (query.state) params.set("state", query.state);
  if (query.district) params.set("district", query.district);
  if (query.minPaise !== undefined) params.set("min", String(query.minPaise / 100));
  if (query.maxPaise !== undefined) params.set("max", String(query.maxPaise / 100));
  if (query.grade) params.set("grade", query.grade);
  if (query.sort) params.set("sort", query.sort);
  if (query.sort === "near" && query.from) params.set("from", query.from);
  const search = params.toString();
  return search ? `/viewmore?${search}` : "/viewmore";
}

/** The words a description is made of, in the page's language (core/i18n's alerts.describe). */
export interface DescribeWords {
  everything: string;
  /** "{{price}} and up" */
  from: (price: string) => string;
  /** "up to {{price}}" */
  upTo: (price: string) => string;
  categoryLabel: (slug: string) => string;
  /** "nearest to {{place}} first" */
  nearestTo: (place: string) => string;
  /** The order's own words ("Price: low to high"), for the orders other than nearest and newest. */
  sortLabel: (sort: "oldest" | "price-asc" | "price-desc") => string;
}

/** "Onion · Nashik, Maharashtra · up to ₹25 / kg": what a saved search looks for, in plain words. */
export function describeSavedQuery(query: SavedQuery, lang: Language, words: DescribeWords): string {
  const parts: string[] = [];
  if (query.q) parts.push(query.q.charAt(0).toLocaleUpperCase("en-IN") + query.q.slice(1));
  const category = query.category ? resolveCategory(query.category) : undefined;
  if (category) parts.push(words.categoryLabel(category) || getCategory(category).label);
  else if (query.category) parts.push(query.category);
  const place = query.state ? placeLabel({ state: query.state, district: query.district }, lang) : "";
  if (place) parts.push(place);
  if (query.minPaise !== undefined && query.maxPaise !== undefined)
    parts.push(`${formatPricePerKg(query.minPaise)} – ${formatPricePerKg(query.maxPaise)}`);
  else if (query.maxPaise !== undefined) parts.push(words.upTo(formatPricePerKg(query.maxPaise)));
  else if (query.minPaise !== undefined) parts.push(words.from(formatPricePerKg(query.minPaise)));
  if (query.sort === "near" && query.from) {
    const [state = "", district = ""] = query.from.split("/");
    const name = districtName(state, district, lang);
    if (name) parts.push(words.nearestTo(name));
  } else if (query.sort && query.sort !== "near") parts.push(words.sortLabel(query.sort));
  return parts.length ? parts.join(" · ") : words.everything;
}

const savedSearchId = z
  .string("We could not find that saved search among yours.")
  .regex(/^[0-9a-f-]{36}$/i, "We could not find that saved search among yours.");

/** The forms of My alerts, by `intent`. */
export const alertActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("rename"),
      id: savedSearchId,
      // Clean text (core/shared/text) like every field a person types: a NUL was stored as sent, or refused by PostgreSQL with a 500.
      name: z.preprocess(
        (value) => (typeof value === "string" ? cleanText(value) : value),
        z.string().max(MAX_SAVED_SEARCH_NAME_LENGTH, "Please keep the name under 60 characters."),
      ),
    }),
    // The page was looked at: what it showed as new, up to `until` (the newest listing it showed), is no
    // longer new. A POST, never the page's GET (docs/security.md). `stay`: the page's own script
    // asking, which stays on the page; a press of the button without JavaScript goes back to it.
    z.object({
      intent: z.literal("seen"),
      until: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      stay: z.literal("1").optional(),
    }),
    z.object({ intent: z.literal("pause"), id: savedSearchId }),
    z.object({ intent: z.literal("resume"), id: savedSearchId }),
    z.object({ intent: z.literal("delete"), id: savedSearchId }),
    z.object({
      intent: z.literal("settings"),
      id: savedSearchId,
      pace: z.enum(ALERT_PACES, "Please choose how often to hear."),
      hour: z.coerce
        .number("Please choose an hour of the day.")
        .int("Please choose an hour of the day.")
        .min(0, "Please choose an hour of the day.")
        .max(23, "Please choose an hour of the day."),
      app: z.literal("on").optional(),
      email: z.literal("on").optional(),
      push: z.literal("on").optional(),
    }),
  ],
  "Please choose what to do with the saved search.",
);
export type AlertAction = z.infer<typeof alertActionSchema>;

/** My alerts' button that sends the link confirming the person's address (decision 045). */
export const verifyEmailActionSchema = z.object({ intent: z.literal("verify-email") });

/** Channels as stored ("app,email") and back. */
export function parseChannels(text: string): AlertChannel[] {
  return text.split(",").filter((c): c is AlertChannel => (ALERT_CHANNELS as readonly string[]).includes(c));
}
