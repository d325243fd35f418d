/**
 * What a /viewmore search means as a filter (browseFilterFor), and the same filter read against
 * one listing in memory (listingMatchesFilter), for saved-search alerts (decision 022): a new
 * listing is tested with the rules search uses, not a copy of them. The property test
 * (browse-filter.test.ts) holds listingMatchesFilter to the SQL of listing-search.repository.ts.
 */
import { categoriesMatching, resolveCategory } from "../../core/catalogue/categories";
import { districtsOf, namesOfPlace, placeWordsIn, type PlaceMatch } from "../../core/locations";
import { normaliseSearchText, searchTermsFor } from "../../core/search/search-terms";
import type { Grade } from "../../core/catalogue/grades";
import type { ListingFilter } from "./listing-search.repository";

/** The parts of browse options that decide what matches (BrowseOptions in listing-search.service.ts). */
export interface FilterOptions {
  q?: string;
  /** Which search box asked: "name" (header box) matches names only; "any" also a category named by `q`. */
  by?: "name" | "any";
  /** The raw category text: a spelling that names no category matches nothing. */
  category?: string;
  /** Slugs of core/locations; the district may be a city's slug ("mumbai": its districts). */
  state?: string;
  district?: string;
  /** Price range per kg, in paise. */
  price?: { minPaise?: number; maxPaise?: number };
  /** Quality grade (core/catalogue/grades); "" or absent: any, graded or not. */
  grade?: Grade | "";
}

/** Turns browse options into a filter (live at `liveAt`, when given); null when they can match nothing. */
export function browseFilterFor(options: FilterOptions, liveAt?: number): ListingFilter | null {
  const filter: ListingFilter = liveAt === undefined ? {} : { liveAt };
  if (options.state) filter.state = options.state;
  if (options.district) {
    const districts = options.state ? districtsOf(options.state, options.district) : [];
    if (districts.length > 1) filter.districts = districts;
    else filter.district = options.district;
  }
  if (options.category) {
    const category = resolveCategory(options.category);
    if (!category) return null;
    filter.category = category;
  }
  if (options.price?.minPaise !== undefined) filter.minPaise = options.price.minPaise;
  if (options.price?.maxPaise !== undefined) filter.maxPaise = options.price.maxPaise;
  if (options.grade) filter.grade = options.grade;
  let q = options.q ?? "";
  // A place named in the search, in English or Hindi ("Nashik", "नासिक"), read as its slugs
  // before the query. The whole search naming a place finds the listings there and the names
  // holding the place's name in either script, so both spellings find the same; a place beside
  // other words ("onion nashik") narrows them to it.
  const named = placeWordsIn(q);
  const placeTerms: string[] = [];
  if (named && !named.rest) {
    filter.orPlaces = named.places;
    placeTerms.push(...named.places.flatMap(namesOfPlace).flatMap(searchTermsFor));
  } else if (named) {
    filter.places = named.places;
    q = named.rest;
  }
  const terms = [...new Set([...searchTermsFor(q), ...placeTerms])];
  if (terms.length) {
    filter.nameContainsAny = terms;
    if ((options.by ?? "any") === "any") filter.orCategories = categoriesMatching(q);
  }
  return filter;
}

/** What of a listing a filter reads (its liveness is the caller's: alerts test only live listings). */
export interface FilterableListing {
  sellerId: string;
  /** As stored: normaliseSearchText of the name. */
  nameSearch: string;
  category: string;
  pricePaise: number;
  state: string | null;
  district: string | null;
  grade: string | null;
}

function inPlaces(listing: FilterableListing, places: readonly PlaceMatch[]): boolean {
  return places.some((place) => listing.state === place.state && (!place.districts?.length || (listing.district !== null && place.districts.includes(listing.district))));
}

/** Whether a live listing is among what `filter` finds: applyFilter's conditions, read in memory. */
export function listingMatchesFilter(listing: FilterableListing, filter: ListingFilter): boolean {
  if (filter.sellerId && listing.sellerId !== filter.sellerId) return false;
  if (filter.state && listing.state !== filter.state) return false;
  if (filter.district && listing.district !== filter.district) return false;
  if (filter.districts && (listing.district === null || !filter.districts.includes(listing.district))) return false;
  if (filter.places && !inPlaces(listing, filter.places)) return false;
  if (filter.category && listing.category !== filter.category) return false;
  if (filter.minPaise !== undefined && !(listing.pricePaise >= filter.minPaise)) return false;
  if (filter.maxPaise !== undefined && !(listing.pricePaise <= filter.maxPaise)) return false;
  if (filter.grade && listing.grade !== filter.grade) return false;
  if (filter.nameIn && !filter.nameIn.includes(listing.nameSearch)) return false;
  const terms = filter.nameContainsAny ?? [];
  const orPlaces = filter.orPlaces ?? [];
  if (!terms.length && orPlaces.length && !inPlaces(listing, orPlaces)) return false;
  if (terms.length) {
    const named = terms.some((term) => listing.nameSearch.includes(term));
    const inCategory = (filter.orCategories ?? []).includes(listing.category as never);
    if (!named && !inCategory && !(orPlaces.length && inPlaces(listing, orPlaces))) return false;
  }
  return true;
}

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
 * always within its bounds (listingWithinBounds; browse-filter.test.ts holds them to it), so
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
  const placeDistrict = placeState !== null && places.every((p) => p.districts?.length === 1) ? onlyOne(places.map((p) => p.districts![0]!)) : null;
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

/** The index's narrowing read in memory: what findCandidates's SQL asks of a key row (saved-searches.repository.ts). */
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
