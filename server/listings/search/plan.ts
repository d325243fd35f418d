/**
 * How a page of listings is found (decisions 007, 017): the cost-based choice, with no database.
 * The SQL side (page.ts) gathers what a choice asks for (an estimate of the table's size, a
 * sample of the newest listings) and hands it back as plain numbers.
 */
import { MAX_COUNTED_MATCHES } from "../../../core/shared/constants";
import type { ListingFilter } from "../../../core/search/listing-filter";

/**
 * How a page's matches are found. "any": as the engine's planner sees fit (few matches).
 * "walk": along the sort order's index, testing each entry, until the page is reached.
 * "collect": every listing of the names holding the term, through the name index, then sorted.
 * "near": a district at a time ("Nearest first"), through listing_near_idx, testing each entry's
 *   name there as "walk" does; the other columns stay visible to SQLite's planner, which needs the
 *   place's to pick that index.
 * "place": SQLite, a name search in a small place (in its price range): the place's listings
 *   through listing_place_price_idx (migration 0034), each entry's name tested there, then sorted
 *   (placeWalkFits).
 */
export type Plan = "any" | "walk" | "collect" | "near" | "place";

/**
 * Below this many matches, a page is found by collecting the matches and sorting them. From it
 * on (counts stop there, so it means "at least this many"), walking the sort index and testing
 * each entry is usually cheaper; for a name search that few listings match, a deep page may
 * still be cheaper to collect (choosePlan).
 */
const WALK_SORT_INDEX_FROM = MAX_COUNTED_MATCHES;
/** Newest-first index entries read to learn what share of them a name search matches. */
export const DENSITY_SAMPLE = 4_000;
/**
 * What walking one index entry costs beside collecting one match (reading it through the name
 * index, then sorting it): measured on SQLite at 1,000,000 listings, 0.4 µs against about 1 µs.
 */
const WALK_COST_PER_COLLECTED = 0.4;

/**
 * A name search in a place is counted by reading the place's listings when it holds fewer than
 * this many (in its price range): about 6 ms of index entries on PostgreSQL (countInPlace).
 */
export const PLACE_WALK_CAP = 20_000;

/**
 * A page's first `wanted` matches: walking the sort index reads about wanted ÷ share entries;
 * collecting every match through the name index and sorting them reads about `matches`.
 */
export function walkIsCheaper(page: { wanted: number; share: number; matches: number }): boolean {
  return (page.wanted / page.share) * WALK_COST_PER_COLLECTED <= page.matches;
}

/** A search by name alone: no "or a category", no "or a place" (each of those is its own index). */
export function isNameSearchAlone(filter: ListingFilter): filter is ListingFilter & { nameContainsAny: string[] } {
  return Boolean(filter.nameContainsAny?.length && !filter.orCategories?.length && !filter.orPlaces?.length);
}

/** What choosePlan knows of a page; `listingRows` and `sampled` once it has asked for them. */
export interface PlanFacts {
  filter: ListingFilter;
  /** The page's end (offset + limit). */
  wanted: number;
  /** How many listings match, as counted (up to the cap); 0 when not known. */
  total: number;
  /** How many newest-first entries a sample reads (DENSITY_SAMPLE but in tests). */
  sampleSize: number;
  /** About how many rows the listing table holds (the engine's estimate, not a count). */
  listingRows?: number;
  /**
   * How many of the newest `sampleSize` listings each of the asked filters matches, in the order
   * asked; null when the marketplace holds fewer listings than a sample.
   */
  sampled?: readonly number[] | null;
}

/** A plan, or what must be measured before one can be chosen. */
export type PlanStep = { plan: Plan } | { measure: "listing rows" } | { measure: "sample"; filters: ListingFilter[] };

/**
 * How a page of `total` or more matches is found. A name search (with or without a category or
 * a place) may collect through the name index, which holds every filtered column; "name or
 * category" always walks (a category is never a small share).
 */
export function choosePlan(facts: PlanFacts): PlanStep {
  const { filter, wanted, total } = facts;
  const nameSearch = isNameSearchAlone(filter);
  // Fewer matches than the cap: a name search's are collected (PostgreSQL's planner, left to
  // itself, may walk the newest-first index testing every entry, as in countByNames).
  if (total < WALK_SORT_INDEX_FROM) return { plan: nameSearch ? "collect" : "any" };
  if (!nameSearch) return { plan: "walk" };
  if (facts.listingRows === undefined) return { measure: "listing rows" };
  const listings = Math.max(facts.listingRows, total);
  // At least `total` match, and collecting reads at least those: if a walk at the sparsest such
  // share still costs less, there is nothing to measure (a shallow page).
  if (walkIsCheaper({ wanted, share: total / listings, matches: total })) return { plan: "walk" };
  // Shares of the newest entries, read by walking them: what the whole filter matches (what a
  // walk must find), and what the name alone matches (what collecting reads), when they differ.
  const narrowed =
    filter.category || filter.state || filter.places || filter.grade || filter.minPaise !== undefined || filter.maxPaise !== undefined;
  const onlyName: ListingFilter = { liveAt: filter.liveAt, nameContainsAny: filter.nameContainsAny };
  if (facts.sampled === undefined) return { measure: "sample", filters: narrowed ? [filter, onlyName] : [filter] };
  // Fewer listings than a sample: collecting them all costs little.
  if (facts.sampled === null) return { plan: "collect" };
  const share = (matched: number) => Math.max(matched, 1) / facts.sampleSize;
  const walkShare = share(facts.sampled[0] ?? 0);
  const nameShare = facts.sampled.length > 1 ? share(facts.sampled[1]!) : walkShare;
  return { plan: walkIsCheaper({ wanted, share: walkShare, matches: nameShare * listings }) ? "walk" : "collect" };
}

/**
 * A category alone (with a price range at most), on SQLite: its own indexes hold its pages in
 * every order but "Nearest first" (listing_category_created_at_idx, listing_category_price_idx),
 * the live columns inside them, so the planner, seeing the category, reads the page's entries
 * and no more. Walking the sort order's index instead, as many matches otherwise are, tests
 * every listing of the other categories on the way: vegetables by price, highest first, 56 ms
 * against 0.04 ms at a million listings (issue 25). PostgreSQL's planner weighs this itself.
 */
export function categoryIndexServes(filter: ListingFilter): boolean {
  if (!filter.category) return false;
  const { liveAt: _liveAt, category: _category, minPaise: _min, maxPaise: _max, ...rest } = filter;
  return Object.values(rest).every((value) => value === undefined || (Array.isArray(value) && value.length === 0));
}

/**
 * A name search in a place, on SQLite, whose matches would be collected (plan "place"): read
 * through the place when it holds fewer than `cap` listings (in the price range), `seen` being
 * how many of them were read, at most `cap`. The same rule as countInPlaceFrom's.
 */
export function placeWalkFits(seen: number, cap: number): boolean {
  return seen < cap;
}

/**
 * A name search in a place counted by reading the place's listings, at most `cap` of them
 * (`seen`), `hits` of which carry the name: the count, up to `upTo`, or null when the place
 * holds more than the cap and fewer than `upTo` of those read matched (not known: the caller
 * counts another way).
 */
export function countInPlaceFrom(walk: { seen: number; hits: number; upTo: number; cap: number }): number | null {
  return placeWalkFits(walk.seen, walk.cap) || walk.hits >= walk.upTo ? Math.min(walk.hits, walk.upTo) : null;
}
