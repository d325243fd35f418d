/**
 * The public read API's query strings and answers (decision 032), as zod schemas: the handlers
 * parse every query with these, and the OpenAPI document (openapi.ts) is generated from the
 * same schemas, so the code and its description cannot drift. Names are snake_case; money is
 * paise (integer) beside a rupee string and its unit; times are ISO 8601 with India's offset.
 */
import { z } from "zod";
import { CATEGORY_SLUGS } from "../../core/catalogue/categories";
import { MAX_SEARCH_LENGTH } from "../../core/shared/constants";
import { LANGUAGES } from "../../core/i18n/languages";
import { SORTS } from "../../core/search/search-query";

/** Bulk pages hold at most this many items; 20 unless asked. */
export const MAX_PAGE_LIMIT = 50;
export const DEFAULT_PAGE_LIMIT = 20;

// ——— Query strings ———

const lang = z
  .enum(LANGUAGES)
  .optional()
  .meta({
    description: `Language of names (produce, categories, places): one of ${LANGUAGES.map((l) => `\`${l}\``).join(", ")}. Without it, \`Accept-Language\` decides; English by default.`,
  });
const text = (description: string, max = MAX_SEARCH_LENGTH) => z.string().max(max).optional().meta({ description });
const limit = z
  .string()
  .regex(/^[1-9]\d{0,2}$/)
  .optional()
  .meta({ description: `How many items a page holds, 1 to ${MAX_PAGE_LIMIT} (default ${DEFAULT_PAGE_LIMIT}).`, example: "20" });
const cursor = z
  .string()
  .max(200)
  .regex(/^[\w-]+$/)
  .optional()
  .meta({ description: "Where the page starts: the `next_cursor` of the page before (opaque). Omit it for the first page." });
const isoDate = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .meta({ description, example: "2026-11-01" });
const coordinate = (description: string) =>
  z
    .string()
    .max(14)
    .regex(/^-?\d{1,3}(\.\d{1,8})?$/)
    .optional()
    .meta({ description });

export const langOnlyQuery = z.strictObject({ lang }).meta({ id: "LangQuery" });

/** /viewmore's parameters (core/search/search-query browseQuerySchema reads them the same way), with a cursor instead of a page number. */
export const listingsQuery = z.strictObject({
  q: text('Search words, as in the search box: a name, a category or a place ("onion nashik", "प्याज").'),
  by: z
    .enum(["name", "any"])
    .optional()
    .meta({ description: "`name`: names only (the header box); `any` (default): a category named by `q` matches too." }),
  category: text("A category slug or spelling (`vegetables`, `Vegetable`, `sabzi`); one that names no category matches nothing.", 80),
  state: text(
    "A state: slug or name in any of the site's languages (`maharashtra`, `महाराष्ट्र`, `மகாராஷ்டிரா`). An unknown one is no filter, as on the site.",
    80,
  ),
  district: text("A district (or a city spanning several) in `state`: slug or name (`nashik`).", 80),
  min: text("Lowest price per kg, in rupees (`10`, `12.50`).", 20),
  max: text("Highest price per kg, in rupees.", 20),
  grade: text("Quality grade (`A`, `B`, `C`, `faq`); anything else is no grade filter.", 20),
  sort: z.enum(SORTS).optional().meta({
    description:
      "Order: `newest` (default), `oldest`, `price-asc`, `price-desc`, or `near` (nearest first from `from`, or from `lat`/`lon`).",
  }),
  from: text("With `sort=near`: the district to measure from, `state/district` (`maharashtra/nashik`).", 160),
  lat: coordinate("With `sort=near`: latitude in decimal degrees (rounded to 0.1°, used only to pick the nearest district, never kept)."),
  lon: coordinate("With `sort=near`: longitude in decimal degrees."),
  limit,
  cursor,
  lang,
});

export const listingIdParams = z.object({
  id: z.string().max(64).meta({ description: "A listing's id.", example: "0b7c5a7e-8f0d-4b9a-9a57-6c1d2f3e4a5b" }),
});
export const sellerIdParams = z.object({ id: z.string().max(64).meta({ description: "A seller's id.", example: "u7Hk2mPq9sT4" }) });
export const stateParams = z.object({ state: z.string().max(80).meta({ description: "A state's slug.", example: "maharashtra" }) });

export const priceInsightQuery = z.strictObject({
  produce: z.string().max(40).meta({ description: "A produce id from `/produce` (`onion`).", example: "onion" }),
  state: text("A state slug or name: the usual price there (else all India).", 80),
  district: text("A district in `state`: the usual price there (else the state's).", 80),
  grade: text("Quality grade: compared within it when there are enough listings of it.", 20),
  lang,
});

export const mandiRatesQuery = z.strictObject({
  produce: z.string().max(40).meta({ description: "A produce id from `/produce` (`onion`).", example: "onion" }),
  state: text("A state slug or name.", 80),
  district: text("A district in `state`, slug or name.", 80),
  market: text("A market, as the government writes it (`Lasalgaon`); any case.", 80),
  from: isoDate("Arrival dates from this day (YYYY-MM-DD)."),
  to: isoDate("Arrival dates up to this day (YYYY-MM-DD)."),
  limit,
  cursor,
  lang,
});

// ——— Answers ———

const url = z.string().meta({ format: "uri" });
const dateTime = z
  .string()
  .meta({ format: "date-time", description: "ISO 8601 with India's offset (+05:30).", example: "2026-11-22T12:00:00+05:30" });
const date = z.string().meta({ format: "date", example: "2026-11-22" });

export const moneySchema = z
  .object({
    price_paise: z.int().min(0).meta({ description: "Whole paise (₹1 = 100 paise)." }),
    price_rupees: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .meta({ description: "The same price in rupees, two decimals." }),
    unit: z.string().meta({ description: "What the price is for: `kg`, `quintal` (100 kg), or the seller's unit (`dozen`, `crate`…)." }),
  })
  .meta({ id: "Money", description: "A price, per unit.", example: { price_paise: 2200, price_rupees: "22.00", unit: "kg" } });

const categorySchema = z
  .object({ slug: z.enum(CATEGORY_SLUGS), name: z.string(), name_en: z.string(), name_hi: z.string() })
  .meta({ id: "Category" });

const placeSchema = z
  .object({
    state: z.string(),
    district: z.string().nullable(),
    name: z.string().meta({ description: '"Nashik, Maharashtra", in the answer\'s language.' }),
  })
  .meta({ id: "Place" });

const photoSchema = z
  .object({ sizes: z.array(z.object({ width: z.int(), url })).meta({ description: "WebP variants, narrowest first." }) })
  .meta({ id: "Photo" });

export const listingSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: categorySchema,
    price_per_kg: moneySchema,
    price_as_listed: moneySchema,
    grade: z.string().nullable(),
    produce_id: z.string().nullable().meta({
      description:
        "The produce it is compared with, an id from `/produce` (`onion`): give it to `/price-insight` or `/mandi-rates`. Null when the listing names no produce Mandi knows.",
      example: "onion",
    }),
    place: placeSchema.nullable(),
    created_at: dateTime,
    cover_photo: photoSchema,
    distance_km: z.number().optional().meta({ description: "With `sort=near`: kilometres between the district centres." }),
    url: url.meta({ description: "The listing's page on Mandi." }),
    api_url: url,
  })
  .meta({ id: "ListingSummary", description: "A listing as lists show it. Never carries the seller's phone number." });

export const listingsPageSchema = z
  .object({
    items: z.array(listingSummarySchema),
    total: z.int().meta({ description: "How many match, counted up to 1,000." }),
    more_than_total: z.boolean().meta({ description: "More than `total` match." }),
    close_matches: z.boolean().meta({ description: "Nothing matched `q` as typed; these are listings with a close spelling." }),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: "Give it as `cursor` for the next page; null on the last page. Also in the `Link` header." }),
  })
  .meta({ id: "ListingsPage" });

export const listingDetailSchema = listingSummarySchema
  .extend({
    description: z.string(),
    status: z.enum(["active", "sold", "expired"]),
    expires_at: dateTime,
    photos: z.array(photoSchema),
    quantity: z.number().nullable(),
    min_order: z.number().nullable(),
    variety: z.string().nullable(),
    organic: z.boolean(),
    available_from: date.nullable(),
    seller: z
      .object({
        id: z.string(),
        name: z.string(),
        phone: z.string().meta({ description: "E.164, as the listing's page shows it." }),
        api_url: url,
      })
      .nullable()
      .meta({ description: "Null when the seller's account is gone." }),
  })
  .meta({ id: "ListingDetail", description: "One listing, with its seller's phone number (only here and on `/sellers/{id}`)." });

export const sellerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    member_since: dateTime,
    place: placeSchema.nullable(),
    listings: z.array(listingSummarySchema).meta({ description: "Their newest live listings, at most 8." }),
    live_listings: z.int(),
    more_than_live_listings: z.boolean(),
    url,
  })
  .meta({ id: "Seller", description: "A seller's public page." });

const produceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    name_en: z.string(),
    name_hi: z.string(),
    category: z.enum(CATEGORY_SLUGS).nullable(),
    prices_url: url,
  })
  .meta({ id: "Produce" });

export const produceListSchema = z.object({ items: z.array(produceSchema) }).meta({ id: "ProduceList" });
export const categoryListSchema = z.object({ items: z.array(categorySchema) }).meta({ id: "CategoryList" });

const districtSchema = z.object({ slug: z.string(), name: z.string(), name_en: z.string(), name_hi: z.string() }).meta({ id: "District" });
const stateSummarySchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    name_en: z.string(),
    name_hi: z.string(),
    kind: z.enum(["state", "union-territory"]),
    api_url: url,
  })
  .meta({ id: "StateSummary" });
export const stateListSchema = z.object({ items: z.array(stateSummarySchema) }).meta({ id: "StateList" });
export const stateSchema = stateSummarySchema.extend({ districts: z.array(districtSchema) }).meta({ id: "State" });

export const priceInsightSchema = z
  .object({
    produce: z.object({ id: z.string(), name: z.string() }),
    enough: z
      .boolean()
      .meta({ description: "False below 5 listings from 3 sellers in the last 30 days, even all India: then there is no usual price." }),
    scope: z
      .enum(["district", "state", "india"])
      .nullable()
      .meta({ description: "Where the figures come from: the district asked, else its state, else all India." }),
    place: placeSchema.nullable(),
    grade: z.string().nullable(),
    days: z.int().meta({ description: "The window, in days." }),
    median: moneySchema.nullable(),
    low: moneySchema.nullable().meta({ description: "25th percentile of the sellers' prices." }),
    high: moneySchema.nullable().meta({ description: "75th percentile." }),
    listings: z.int(),
    sellers: z.int(),
    prices_url: url,
  })
  .meta({ id: "PriceInsight", description: "The usual price of a produce near a place, from Mandi's own listings (per kg)." });

const mandiRateSchema = z
  .object({
    id: z.string(),
    arrival_date: date,
    market: z.string(),
    district: z.string().meta({ description: "As the government wrote it." }),
    state: z.string(),
    state_slug: z.string().nullable(),
    district_slug: z.string().nullable(),
    commodity: z.string(),
    variety: z.string(),
    grade: z.string(),
    min: moneySchema,
    max: moneySchema,
    modal: moneySchema,
    demo: z.boolean().meta({
      description:
        "True for the demo market's made-up figures (`npm run seed`), which are not the government's. Importing real rates removes them.",
    }),
  })
  .meta({ id: "MandiRate", description: "One imported government mandi rate (AGMARKNET / data.gov.in), per quintal, as it came." });

export const mandiRatesPageSchema = z
  .object({
    produce: z.object({ id: z.string(), name: z.string() }),
    items: z.array(mandiRateSchema),
    next_cursor: z.string().nullable(),
    source: z.object({ name: z.string(), url }),
  })
  .meta({ id: "MandiRatesPage" });

export const mspTableSchema = z
  .object({
    seasons: z.array(
      z.object({
        name: z.string(),
        from: date,
        to: date,
        source: z.object({ title: z.string(), date: z.string() }),
        prices: z.array(z.object({ produce_id: z.string(), produce: z.string(), variety: z.string().nullable(), price: moneySchema })),
      }),
    ),
  })
  .meta({ id: "MspTable", description: "Minimum support prices, per quintal, by season, newest season first." });

export const problemSchema = z
  .object({
    type: z.string().meta({ description: "A URI naming the kind of problem; stable within v1." }),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z
      .array(z.object({ parameter: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "For a bad query string: what is wrong with each parameter." }),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details." });
