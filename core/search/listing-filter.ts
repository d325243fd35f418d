/**
 * What a /viewmore search means as a filter (browseFilterFor), and the same filter read against
 * one listing in memory (listingMatchesFilter), for saved-search alerts (decision 022): a new
 * listing is tested with the rules search uses, not a copy of them. The SQL half is applyFilter
 * in server/listings/listing-search.repository.ts; the property test
 * (server/listings/listing-filter.test.ts) holds listingMatchesFilter to it on both engines.
 */
import { categoriesMatching, resolveCategory, type CategorySlug } from "../catalogue/categories";
import { districtsOf, namesOfPlace, placeWordsIn, type PlaceMatch } from "../locations";
import { searchTermsFor } from "./search-terms";
import type { Grade } from "../catalogue/grades";

/** Which listings a search finds: read as SQL by server/listings/listing-search.repository.ts, in memory by listingMatchesFilter. */
export interface ListingFilter {
  /** Only listings buyers may see at this instant (epoch ms): see liveAt in server/listings/listing-sql.ts. */
  liveAt?: number;
  sellerId?: string;
  /** Slugs from core/locations. */
  state?: string;
  district?: string;
  /** With `state`: the district must be one of these (a city's districts). */
  districts?: readonly string[];
  /** The listing must be in one of these places (a search's place words, resolved to slugs). */
  places?: readonly PlaceMatch[];
  /**
   * With `places`: a listing elsewhere whose name holds one of these normalised texts is found
   * too: the place words were part of what it is called ("Ratnagiri Alphonso", "shimla mirch").
   */
  placesUnlessNamed?: string[];
  /** Normalised texts (see core/search/search-terms): the name must contain one of them. */
  nameContainsAny?: string[];
  /** Normalised texts: the name must hold one of them too (the named tier of namedFirst). */
  nameHoldsAny?: string[];
  /** Normalised texts: the name must hold none of them (the rest of namedFirst). */
  nameHoldsNone?: string[];
  /** With nameContainsAny: also match listings in these categories. */
  orCategories?: CategorySlug[];
  /** With nameContainsAny (or alone): also match listings in these places (a search naming a place). */
  orPlaces?: readonly PlaceMatch[];
  /** Exact normalised names, e.g. the close spellings a typo search settled on. */
  nameIn?: string[];
  category?: CategorySlug;
  minPaise?: number;
  maxPaise?: number;
  /** Quality grade (core/catalogue/grades). */
  grade?: Grade;
  /** Only listings with no place (made before places were asked for): the end of "Nearest first". */
  unplaced?: boolean;
}

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
    // "onion nashik" means onions in Nashik; but "Ratnagiri Alphonso" and "shimla mirch" are what
    // a listing is called, wherever it is sold. So the place narrows only the listings whose name
    // does not carry the whole search: those are found anywhere (issue 42, item 13).
    filter.places = named.places;
    filter.placesUnlessNamed = searchTermsFor(q);
    placeTerms.push(...filter.placesUnlessNamed);
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
  return places.some(
    (place) =>
      listing.state === place.state &&
      (!place.districts?.length || (listing.district !== null && place.districts.includes(listing.district))),
  );
}

/** Whether a live listing is among what `filter` finds: applyFilter's conditions, read in memory. */
export function listingMatchesFilter(listing: FilterableListing, filter: ListingFilter): boolean {
  if (filter.sellerId && listing.sellerId !== filter.sellerId) return false;
  if (filter.state && listing.state !== filter.state) return false;
  if (filter.district && listing.district !== filter.district) return false;
  if (filter.districts && (listing.district === null || !filter.districts.includes(listing.district))) return false;
  if (
    filter.places &&
    !inPlaces(listing, filter.places) &&
    !(filter.placesUnlessNamed ?? []).some((term) => listing.nameSearch.includes(term))
  )
    return false;
  if (filter.category && listing.category !== filter.category) return false;
  if (filter.minPaise !== undefined && !(listing.pricePaise >= filter.minPaise)) return false;
  if (filter.maxPaise !== undefined && !(listing.pricePaise <= filter.maxPaise)) return false;
  if (filter.grade && listing.grade !== filter.grade) return false;
  if (filter.nameIn && !filter.nameIn.includes(listing.nameSearch)) return false;
  if (filter.nameHoldsAny && !filter.nameHoldsAny.some((term) => listing.nameSearch.includes(term))) return false;
  if (filter.nameHoldsNone?.some((term) => listing.nameSearch.includes(term))) return false;
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

/**
 * A search whose words name a place and may also be in listings' names ("Ratnagiri Alphonso"
 * sold from Nashik, or just "Ratnagiri") finds both, and those whose name carries the words come
 * first (issue 42, item 13): the same matches split in two tiers, each in the page's sort order.
 * Undefined when the search names no place.
 */
export function namedFirst(filter: ListingFilter): { named: ListingFilter; rest: ListingFilter } | undefined {
  const terms = filter.places ? filter.placesUnlessNamed : filter.orPlaces?.length ? filter.nameContainsAny : undefined;
  if (!terms?.length) return undefined;
  return { named: { ...filter, nameHoldsAny: terms }, rest: { ...filter, nameHoldsNone: terms } };
}
