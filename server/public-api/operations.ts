/**
 * The public read API's operations (issue 25, decision 032), one entry each: where it answers,
 * what it takes and answers (the zod schemas of public-api.schemas.ts), its words in the
 * document, its example, its rate-limit policy and its handler. The router's routes and the
 * OpenAPI document are both made from this table, so adding an operation is adding an entry.
 * What is deprecated is deprecations.ts's table, by operationId.
 */
import { z } from "zod";
import { CATEGORIES } from "../../core/catalogue/categories";
import { readGrade } from "../../core/catalogue/grades";
import { produceById } from "../../core/catalogue/produce";
import { PRODUCE, type Produce } from "../../core/catalogue/produce-list";
import { findDistrict, findState } from "../../core/locations";
import { STATES } from "../../core/locations/states";
import { MANDI_RATE_SOURCE, MANDI_RATE_SOURCE_URL } from "../../core/prices/mandi-rate";
import { MSP_SEASONS } from "../../core/prices/msp";
import { browseQuerySchema } from "../../core/search/search-query";
import { decodeCursor, encodeCursor, pageLimit } from "./cursors";
import { EXAMPLES } from "./openapi-examples";
import { answer, defineOperation, invalidParameter, notFound, type ApiOperation, type OperationResult } from "./operation";
import {
  categoryListSchema,
  langOnlyQuery,
  listingDetailSchema,
  listingIdParams,
  listingsPageSchema,
  listingsQuery,
  mandiRatesPageSchema,
  mandiRatesQuery,
  mspTableSchema,
  priceInsightQuery,
  priceInsightSchema,
  produceListSchema,
  sellerIdParams,
  sellerSchema,
  stateListSchema,
  stateParams,
  stateSchema,
} from "./public-api.schemas";
import {
  categoryView,
  listingDetailView,
  listingSummaryView,
  mandiRateView,
  mspTableView,
  priceInsightView,
  produceRef,
  produceView,
  sellerView,
  stateSummaryView,
  stateView,
} from "./public-api.views";

/** A produce, state and district from a query, strictly: an unknown one is a 400 here (a filter on the site would drop it). */
function readPlaceAndProduce(query: {
  produce: string;
  state?: string;
  district?: string;
}): OperationResult<never> | { produce: Produce; state?: string; district?: string } {
  const produce = produceById(query.produce);
  if (!produce) return invalidParameter("produce", "No produce has this id; see /api/v1/produce.");
  const state = query.state ? findState(query.state) : undefined;
  if (query.state && !state) return invalidParameter("state", "No state has this name; see /api/v1/states.");
  if (query.district && !state) return invalidParameter("district", "A district needs its state.");
  const district = state && query.district ? findDistrict(state.slug, query.district) : undefined;
  if (query.district && !district)
    return invalidParameter("district", "No district of this state has this name; see /api/v1/states/{state}.");
  return { produce, state: state?.slug, district: district?.slug };
}

/** "2026-02-30" is not a day, though Date.parse rolls it over to March. */
const isCalendarDate = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
};

/**
 * Where a page of mandi rates ended: the last rate's arrival day and id (a base64url hash). The id
 * reaches the database as a parameter: anything else (a NUL, which PostgreSQL refuses as text) is
 * a cursor this API did not give.
 */
const rateCursorSchema = z.strictObject({
  d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  i: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w-]+$/),
});

export const OPERATIONS: readonly ApiOperation[] = [
  defineOperation({
    operationId: "listListings",
    method: "get",
    path: "/listings",
    tag: "Listings",
    summary: "Search and filter listings",
    description:
      "The parameters and rules of the site's `/viewmore` page, paged by cursor. For example onions in Nashik under ₹25 / kg: `?q=onion&state=maharashtra&district=nashik&max=25&sort=price-asc`.",
    query: listingsQuery,
    response: listingsPageSchema,
    example: EXAMPLES.listListings,
    rateLimit: "bulk",
    async handler({ query, view, services }) {
      const { cursor, limit, lang: _lang, ...browse } = query;
      // The site's own reading of the same parameters (cleaning, places, prices), so both find the same.
      const read = browseQuerySchema.parse(browse);
      if (read.price.problem) return invalidParameter(read.price.minPaise === undefined && browse.min ? "min" : "max", read.price.problem);
      const page = await services.search.browseListingsByCursor(read, {
        limit: pageLimit(limit),
        cursor: cursor ? decodeCursor(cursor) : undefined,
      });
      if (!page.ok) return invalidParameter("cursor", "This cursor is not one this list gave (or was given for another order).");
      const next = page.next ? encodeCursor(page.next) : null;
      const body = {
        items: page.items.map((item) => listingSummaryView(item, view)),
        total: page.total,
        more_than_total: page.moreThanTotal,
        close_matches: page.closeMatches,
        next_cursor: next,
      };
      // "Near me": the next link names the district the position picked, never the position.
      const replace: Record<string, string> = page.nearestDistrict ? { sort: "near", from: page.nearestDistrict } : {};
      return answer(body, next ? { cursor: next, replace, drop: ["lat", "lon"] } : undefined);
    },
  }),
  defineOperation({
    operationId: "getListing",
    method: "get",
    path: "/listings/{id}",
    tag: "Listings",
    summary: "One listing, with its photos and its seller's phone number",
    description: "Sold and expired listings still answer (with their status); a listing its seller removed answers 410.",
    query: langOnlyQuery,
    params: listingIdParams,
    response: listingDetailSchema,
    example: EXAMPLES.getListing,
    problems: { "not-found": "No listing has this id.", gone: "The seller removed this listing." },
    rateLimit: "contact",
    async handler({ params, view, services }) {
      return answer(listingDetailView(await services.listings.getListing(params.id), view));
    },
  }),
  defineOperation({
    operationId: "getSeller",
    method: "get",
    path: "/sellers/{id}",
    tag: "Listings",
    summary: "A seller's public page, with their phone number",
    description: "Only people who have listed something have a public page.",
    query: langOnlyQuery,
    params: sellerIdParams,
    response: sellerSchema,
    example: EXAMPLES.getSeller,
    problems: { "not-found": "No seller has this id." },
    rateLimit: "contact",
    async handler({ params, view, services }) {
      return answer(sellerView(await services.search.getSellerPage({ id: params.id, page: 1 }), view));
    },
  }),
  defineOperation({
    operationId: "listCategories",
    method: "get",
    path: "/categories",
    tag: "Reference",
    summary: "Listing categories",
    description: "The six categories listings are filed under.",
    query: langOnlyQuery,
    response: categoryListSchema,
    example: EXAMPLES.listCategories,
    rateLimit: "bulk",
    handler: ({ view }) => answer({ items: CATEGORIES.map((category) => categoryView(category.slug, view.lang)) }),
  }),
  defineOperation({
    operationId: "listProduce",
    method: "get",
    path: "/produce",
    tag: "Reference",
    summary: "The produce catalogue",
    description: "Every produce prices are compared by; its `id` is what `/price-insight` and `/mandi-rates` take.",
    query: langOnlyQuery,
    response: produceListSchema,
    example: EXAMPLES.listProduce,
    rateLimit: "bulk",
    handler: ({ view }) => answer({ items: PRODUCE.map((produce) => produceView(produce, view)) }),
  }),
  defineOperation({
    operationId: "listStates",
    method: "get",
    path: "/states",
    tag: "Reference",
    summary: "States and union territories",
    description: "Slugs and names; a state's districts are at its `api_url`.",
    query: langOnlyQuery,
    response: stateListSchema,
    example: EXAMPLES.listStates,
    rateLimit: "bulk",
    handler: ({ view }) => answer({ items: STATES.map((state) => stateSummaryView(state, view)) }),
  }),
  defineOperation({
    operationId: "getState",
    method: "get",
    path: "/states/{state}",
    tag: "Reference",
    summary: "A state and its districts",
    description: "Its districts, in alphabetical order.",
    query: langOnlyQuery,
    params: stateParams,
    response: stateSchema,
    example: EXAMPLES.getState,
    problems: { "not-found": "No state has this slug." },
    rateLimit: "bulk",
    handler({ params, view }) {
      const state = STATES.find((s) => s.slug === params.state);
      return state ? answer(stateView(state, view)) : notFound("There is no state with that slug; see /api/v1/states.");
    },
  }),
  defineOperation({
    operationId: "getPriceInsight",
    method: "get",
    path: "/price-insight",
    tag: "Prices",
    summary: "The usual price of a produce near a place",
    description:
      "From Mandi's own listings of the last 30 days: the district's figures when it has enough, else the state's, else all India's.",
    query: priceInsightQuery,
    response: priceInsightSchema,
    example: EXAMPLES.getPriceInsight,
    rateLimit: "bulk",
    async handler({ query, view, services }) {
      const found = readPlaceAndProduce(query);
      if ("ok" in found) return found;
      const grade = query.grade ? readGrade(query.grade) : undefined;
      if (query.grade && !grade) return invalidParameter("grade", "Not a grade: use A, B, C or FAQ.");
      const insight = await services.priceInsight.insight({
        produceId: found.produce.id,
        state: found.state ?? null,
        district: found.district ?? null,
        grade: grade ?? null,
      });
      return answer(priceInsightView(found.produce, insight, view));
    },
  }),
  defineOperation({
    operationId: "listMandiRates",
    method: "get",
    path: "/mandi-rates",
    tag: "Prices",
    summary: "Government mandi rates of a produce",
    description: "Imported daily from AGMARKNET (data.gov.in), per quintal, newest arrival first, paged by cursor.",
    query: mandiRatesQuery,
    response: mandiRatesPageSchema,
    example: EXAMPLES.listMandiRates,
    rateLimit: "bulk",
    async handler({ query, view, services }) {
      const found = readPlaceAndProduce(query);
      if ("ok" in found) return found;
      for (const key of ["from", "to"] as const) {
        const day = query[key];
        if (day && !isCalendarDate(day)) return invalidParameter(key, "Not a date: use YYYY-MM-DD.");
      }
      if (query.from && query.to && query.from > query.to) return invalidParameter("from", "`from` is after `to`.");
      const cursor = query.cursor ? rateCursorSchema.safeParse(decodeCursor(query.cursor)) : undefined;
      if (cursor && !cursor.success) return invalidParameter("cursor", "This cursor is not one this list gave.");
      const limit = pageLimit(query.limit);
      const rows = await services.mandiRates.listRates({
        produceId: found.produce.id,
        state: found.state,
        district: found.district,
        market: query.market || undefined,
        fromDate: query.from,
        toDate: query.to,
        after: cursor?.data ? { arrivalDate: cursor.data.d, id: cursor.data.i } : undefined,
        limit: limit + 1,
      });
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const next = rows.length > limit && last ? encodeCursor({ d: last.arrivalDate, i: last.id }) : null;
      const body = {
        produce: produceRef(found.produce, view.lang),
        items: items.map(mandiRateView),
        next_cursor: next,
        source: { name: MANDI_RATE_SOURCE, url: MANDI_RATE_SOURCE_URL },
      };
      return answer(body, next ? { cursor: next } : undefined);
    },
  }),
  defineOperation({
    operationId: "getMspTable",
    method: "get",
    path: "/msp",
    tag: "Prices",
    summary: "Minimum support prices",
    description: "The Union Cabinet's MSPs, per quintal, by marketing season.",
    query: langOnlyQuery,
    response: mspTableSchema,
    example: EXAMPLES.getMspTable,
    rateLimit: "bulk",
    handler: ({ view }) => answer(mspTableView(MSP_SEASONS, view.lang)),
  }),
];
