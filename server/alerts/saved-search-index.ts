/**
 * How a saved search is filed in the index (saved_search_term, decisions 022 and 030), and how it
 * is read for matching: its filters as browse reads its query, one key row per key any matching
 * listing yields, each carrying the bounds every matching listing is within (place, category,
 * price, grade) so that SQL narrows the candidates before a single saved search is read.
 * Pure: the alerts service, migration 0021's backfill and the benchmark all file searches with it.
 */
import { LRUCache } from "lru-cache";
import { readGrade } from "../../core/catalogue/grades";
import { savedQuerySchema, type SavedQuery } from "../../core/alerts/saved-search";
import { browseFilterFor, filterBounds, filterKeys, listingMatchesFilter, looserBounds, type FilterableListing, type FilterBounds } from "../listings/browse-filter";
import type { ListingFilter } from "../listings/listing-search.repository";

/** One row of the index: a key and the bounds of the filters filed under it. */
export interface SavedSearchKey extends FilterBounds {
  term: string;
}

/** What matching needs of a saved search: its filters, as browse reads its query (and its typo-corrected twin). */
export function filtersOf(query: SavedQuery): ListingFilter[] {
  const options = (q: string) => ({ q, by: query.by, category: query.category, state: query.state, district: query.district, price: { minPaise: query.minPaise, maxPaise: query.maxPaise }, grade: readGrade(query.grade ?? "") ?? ("" as const) });
  const filters = [browseFilterFor(options(query.q))];
  if (query.corrected) filters.push(browseFilterFor(options(query.corrected)));
  return filters.filter((f): f is ListingFilter => f !== null);
}

/** The index rows of a saved search: each key once, with the looser bounds of the filters that yield it. */
export function savedSearchIndex(query: SavedQuery): SavedSearchKey[] {
  const byTerm = new Map<string, FilterBounds>();
  for (const filter of filtersOf(query)) {
    const bounds = filterBounds(filter);
    for (const term of filterKeys(filter)) {
      const before = byTerm.get(term);
      byTerm.set(term, before ? looserBounds(before, bounds) : bounds);
    }
  }
  return [...byTerm].map(([term, bounds]) => ({ term, ...bounds }));
}

export function readSavedQuery(json: string): SavedQuery {
  return savedQuerySchema.parse(JSON.parse(json)) as SavedQuery;
}

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

export function savedSearchMatches(query: SavedQuery, listing: FilterableListing): boolean {
  return filtersOf(query).some((filter) => listingMatchesFilter(listing, filter));
}

/** Whether a stored saved query (its JSON) finds this listing; throws when the JSON is not a saved query. */
export function storedSearchMatches(json: string, listing: FilterableListing): boolean {
  return filtersOfStored(json).some((filter) => listingMatchesFilter(listing, filter));
}
