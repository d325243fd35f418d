/**
 * Saved searches as matching reads them, once per process (decision 030): the parsed filters of
 * each distinct stored query, kept in memory. The rules are core/alerts/saved-search-index.ts.
 */
import { LRUCache } from "lru-cache";
import { filtersOf, readSavedQuery } from "../../core/alerts/saved-search-index";
import { listingMatchesFilter, type FilterableListing, type ListingFilter } from "../../core/search/listing-filter";

/**
 * Parsed filters by the query's stored JSON. A saved query never changes once saved (only its
 * name, pace, channels and pause do), and equal JSON means equal filters, so matching reads each
 * distinct query once per process rather than once per listing (JSON, zod, place and category
 * words). Bounded: 50,000 distinct queries are a few tens of MB.
 */
const parsed = new LRUCache<string, ListingFilter[]>({ max: 50_000 });

export function filtersOfStored(json: string): ListingFilter[] {
  let filters = parsed.get(json);
  if (!filters) {
    filters = filtersOf(readSavedQuery(json));
    parsed.set(json, filters);
  }
  return filters;
}

/** Whether a stored saved query (its JSON) finds this listing; throws when the JSON is not a saved query. */
export function storedSearchMatches(json: string, listing: FilterableListing): boolean {
  return filtersOfStored(json).some((filter) => listingMatchesFilter(listing, filter));
}
