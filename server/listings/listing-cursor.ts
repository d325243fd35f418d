/**
 * Where a page of the public API's listings ends (decision 032), and where "Nearest first"
 * measures from. A page starts strictly after the last listing's sort key, so new listings never
 * shift it; "Nearest first" is ordered district by district with no single key, so its cursor is
 * a position, and stops at MAX_COUNTED_MATCHES like the count. The API sends a cursor as opaque
 * text (server/public-api/cursors.ts); what it holds and when it fits a query is decided here.
 */
import { z } from "zod";
import { MAX_COUNTED_MATCHES } from "../../core/shared/constants";
import { nearestDistrict } from "../../core/locations/centres";
import type { ListingSort } from "../../core/search/search-query";
import type { ListingSortKey } from "./listing-search.repository";

/**
 * The id in a cursor is only ever a listing's UUID and reaches the database as a parameter:
 * anything else (a NUL, which PostgreSQL refuses as text) is a cursor this API did not give.
 */
export const listingCursorSchema = z.union([
  z.strictObject({
    s: z.enum(["newest", "oldest", "price-asc", "price-desc"]),
    c: z.int(),
    p: z.int(),
    i: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\w-]+$/),
  }),
  z.strictObject({ s: z.literal("near"), o: z.int().min(0).max(MAX_COUNTED_MATCHES) }),
]);
export type ListingCursor = z.output<typeof listingCursorSchema>;

/** What "Nearest first" needs of a query, as core/search/search-query's browseQuerySchema reads it. */
export interface NearQuery {
  sort?: ListingSort;
  from?: string;
  state?: string;
  district?: string;
  /** "Near me": a position, already rounded and inside India. */
  lat?: number;
  lon?: number;
}

/**
 * The order a query asks for and the district "Nearest first" measures from: the `from` district,
 * else the district the filter names, else none, and then the order is newest first; a position
 * ("Near me") picks its nearest district and makes the order "near" whatever was asked. `fromPosition` says the district came from a position.
 */
export function nearestFirstOrigin(query: NearQuery): { sort: ListingSort; from: string; fromPosition: boolean } {
  if (query.lat !== undefined && query.lon !== undefined) {
    const near = nearestDistrict({ lat: query.lat, lon: query.lon });
    return { sort: "near", from: `${near.state}/${near.district}`, fromPosition: true };
  }
  const from = query.sort === "near" ? query.from || (query.state && query.district ? `${query.state}/${query.district}` : "") : "";
  // Nearest first with nowhere to measure from is read newest first, so its cursor is a newest
  // one: a "near" cursor here paged the same first page again and again.
  const sort = from ? "near" : query.sort === "near" ? "newest" : (query.sort ?? "newest");
  return { sort, from, fromPosition: false };
}

/** Where a page starts: a cursor (decoded, not yet checked) must be one given for this order. */
export function readListingCursor(sort: ListingSort, decoded: unknown): { after?: ListingSortKey; offset: number } | undefined {
  const parsed = listingCursorSchema.safeParse(decoded);
  if (!parsed.success) return undefined;
  const cursor = parsed.data;
  if (cursor.s === "near") return sort === "near" ? { offset: cursor.o } : undefined;
  return cursor.s === sort ? { after: { createdAt: cursor.c, pricePaise: cursor.p, id: cursor.i }, offset: 0 } : undefined;
}

/** The cursor of the page after one ending at `last`; null when there is none. */
export function nextListingCursor(
  sort: ListingSort,
  page: { offset: number; limit: number; hasMore: boolean; last: { createdAt: number; pricePaise: number; id: string } | undefined },
): ListingCursor | null {
  const more = sort === "near" ? page.hasMore && page.offset + page.limit < MAX_COUNTED_MATCHES : page.hasMore;
  if (!more || !page.last) return null;
  return sort === "near"
    ? { s: "near", o: page.offset + page.limit }
    : { s: sort, c: page.last.createdAt, p: page.last.pricePaise, i: page.last.id };
}
