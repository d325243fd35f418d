/**
 * How a saved search is filed in the index (saved_search_term, decisions 022 and 030), and how it
 * is read for matching: its filters as browse reads its query, one key row per key any matching
 * listing yields, each carrying the bounds every matching listing is within (place, category,
 * price, grade) so that SQL narrows the candidates before a single saved search is read.
 * Pure: the alerts service, migration 0021's backfill and the benchmark all file searches with it;
 * the SQL that reads the index is findCandidates (server/alerts/saved-searches.repository.ts).
 */
import { normaliseSearchText } from "../search/search-text";
import { readGrade } from "../catalogue/grades";
import type { PlaceMatch } from "../locations";
import {
  browseFilterFor,
  listingMatchesFilter,
  type FilterableListing,
  type FilterOptions,
  type ListingFilter,
} from "../search/listing-filter";
import { savedQuerySchema, type SavedQuery } from "./saved-search";

/** Keys the saved-search index uses (saved_search_term): a name piece, a category, a state, or everything. */
export const EVERYTHING_KEY = "*";
const nameKey = (piece: string) => `n:${piece}`;
const categoryKey = (slug: string) => `c:${slug}`;
const stateKey = (slug: string) => `s:${slug}`;
/** A name term is indexed by a piece this long (shorter terms by themselves). */
const PIECE_LENGTH = 3;

/**
 * The piece of a term a name must contain to contain the term: three characters from the start
 * of its longest word (the rarest piece, roughly), or the whole term when it is shorter.
 */
function pieceOf(term: string): string {
  const points = [...term];
  if (points.length <= PIECE_LENGTH) return term;
  const words = term.split(" ");
  const longest = words.reduce((a, b) => ([...b].length > [...a].length ? b : a), "");
  const start = [...longest].length >= PIECE_LENGTH ? [...term.slice(0, term.indexOf(longest))].length : 0;
  return points.slice(start, start + PIECE_LENGTH).join("");
}

/**
 * The keys a filter is filed under: any listing it matches yields at least one of them
 * (listingKeys). A name search is filed under a piece of each term (and its "or" categories and
 * places); otherwise under its category, else its state(s), else everything.
 */
export function filterKeys(filter: ListingFilter): string[] {
  const keys = new Set<string>();
  const terms = filter.nameContainsAny ?? [];
  const statesOf = (places: readonly PlaceMatch[]) => places.map((p) => stateKey(p.state));
  if (filter.nameIn) for (const name of filter.nameIn) keys.add(nameKey(pieceOf(name)));
  else if (terms.length) {
    for (const term of terms) keys.add(nameKey(pieceOf(term)));
    for (const category of filter.orCategories ?? []) keys.add(categoryKey(category));
    for (const key of statesOf(filter.orPlaces ?? [])) keys.add(key);
  } else if (filter.category) keys.add(categoryKey(filter.category));
  else if (filter.state) keys.add(stateKey(filter.state));
  else if (filter.places?.length) for (const key of statesOf(filter.places)) keys.add(key);
  else if (filter.orPlaces?.length) for (const key of statesOf(filter.orPlaces)) keys.add(key);
  else keys.add(EVERYTHING_KEY);
  return [...keys];
}

/** Every key a listing yields: each piece of its name up to three characters long, its category, its state, and everything. */
export function listingKeys(listing: Pick<FilterableListing, "nameSearch" | "category" | "state">): string[] {
  const keys = new Set<string>([EVERYTHING_KEY, categoryKey(listing.category)]);
  if (listing.state) keys.add(stateKey(listing.state));
  const points = [...normaliseSearchText(listing.nameSearch)];
  for (let length = 1; length <= PIECE_LENGTH; length++) {
    for (let i = 0; i + length <= points.length; i++) keys.add(nameKey(points.slice(i, i + length).join("")));
  }
  return [...keys];
}

/**
 * What every listing a filter finds has, whatever its name: the index stores these beside each of
 * a saved search's keys, so SQL narrows the candidates before any is read (decision 030). Each is
 * null (or "" for the state) when the filter leaves it open. A listing that matches the filter is
 * always within its bounds (listingWithinBounds; server/listings/listing-filter.test.ts holds them to it), so
 * narrowing by them never loses a match: the candidates are still tested with listingMatchesFilter.
 */
export interface FilterBounds {
  /** A state slug, or "" for any (not null: the index's second column, read with `IN (state, '')`). */
  state: string;
  district: string | null;
  category: string | null;
  minPaise: number | null;
  maxPaise: number | null;
  grade: string | null;
}

export const OPEN_BOUNDS: FilterBounds = { state: "", district: null, category: null, minPaise: null, maxPaise: null, grade: null };

/** The one value all of these share, or null when they differ or there are none. */
function onlyOne<T>(values: readonly T[]): T | null {
  return values.length > 0 && values.every((v) => v === values[0]) ? values[0]! : null;
}

export function filterBounds(filter: ListingFilter): FilterBounds {
  // A place typed in the search beside other words ("onion nashik") narrows like the place fields.
  const places = filter.places ?? [];
  const placeState = onlyOne(places.map((p) => p.state));
  const placeDistrict =
    placeState !== null && places.every((p) => p.districts?.length === 1) ? onlyOne(places.map((p) => p.districts![0]!)) : null;
  return {
    state: filter.state ?? placeState ?? "",
    district: filter.district ?? (filter.districts?.length === 1 ? filter.districts[0]! : null) ?? placeDistrict,
    category: filter.category ?? null,
    minPaise: filter.minPaise ?? null,
    maxPaise: filter.maxPaise ?? null,
    grade: filter.grade ?? null,
  };
}

/** The looser of two bounds: what a listing found by either filter has (a saved search and its typo-corrected twin). */
export function looserBounds(a: FilterBounds, b: FilterBounds): FilterBounds {
  const same = <T>(x: T, y: T, open: T) => (x === y ? x : open);
  return {
    state: same(a.state, b.state, ""),
    district: same(a.district, b.district, null),
    category: same(a.category, b.category, null),
    minPaise: a.minPaise === null || b.minPaise === null ? null : Math.min(a.minPaise, b.minPaise),
    maxPaise: a.maxPaise === null || b.maxPaise === null ? null : Math.max(a.maxPaise, b.maxPaise),
    grade: same(a.grade, b.grade, null),
  };
}

/** The index's narrowing read in memory: what findCandidates's SQL asks of a key row (server/alerts/saved-searches.repository.ts). */
export function listingWithinBounds(listing: FilterableListing, bounds: FilterBounds): boolean {
  return (
    (bounds.state === "" || bounds.state === listing.state) &&
    (bounds.district === null || bounds.district === listing.district) &&
    (bounds.category === null || bounds.category === listing.category) &&
    (bounds.minPaise === null || bounds.minPaise <= listing.pricePaise) &&
    (bounds.maxPaise === null || bounds.maxPaise >= listing.pricePaise) &&
    (bounds.grade === null || bounds.grade === listing.grade)
  );
}

/** One row of the index: a key and the bounds of the filters filed under it. */
export interface SavedSearchKey extends FilterBounds {
  term: string;
}

/**
 * A saved search as the browse options it was made from (`q` instead of its own, for its typo-corrected
 * twin): what alerts match with, and what My alerts counts with the search's own count (issue 42).
 * The order is not among them: "nearest first" orders what is found, it finds no fewer.
 */
export function browseOptionsOf(query: SavedQuery, q = query.q): FilterOptions {
  return {
    q,
    by: query.by,
    category: query.category,
    state: query.state,
    district: query.district,
    price: { minPaise: query.minPaise, maxPaise: query.maxPaise },
    grade: readGrade(query.grade ?? "") ?? ("" as const),
  };
}

/** What matching needs of a saved search: its filters, as browse reads its query (and its typo-corrected twin). */
export function filtersOf(query: SavedQuery): ListingFilter[] {
  const filters = [browseFilterFor(browseOptionsOf(query))];
  if (query.corrected) filters.push(browseFilterFor(browseOptionsOf(query, query.corrected)));
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

export function savedSearchMatches(query: SavedQuery, listing: FilterableListing): boolean {
  return filtersOf(query).some((filter) => listingMatchesFilter(listing, filter));
}
