/** "Nearest first" (decision 024): a page of the matches ordered by their district's distance. */
import type { ListingSummary } from "../../../core/listings/listing";
import type { ListingFilter } from "../../../core/search/listing-filter";
import type { RankedDistrict, SearchContext } from "./engine";
import { listPage, planPage } from "./page";
import { isNameSearchAlone, type Plan } from "./plan";

/**
 * A page of "Nearest first" (decision 024): the matches ordered by their district's place in
 * `districts` (nearest first; a district not in it, or no place, comes last), newest first
 * within a district. Where each district's matches fall is found by the engine's nearestSpans
 * (SQLite: rings of districts; PostgreSQL: a recursive walk); then each district the page spans
 * gives its slice, newest first through listing_near_idx (migrations 0017, 0028). So the cost
 * follows the page's depth, never how many listings match. A name search on PostgreSQL is a
 * choice, as for newest first (choosePlan, from `total`): the same walk, testing each entry's
 * name in listing_near_idx, where the name is common enough for the page to come soon;
 * otherwise every match once through the name index (nearestNamePage).
 */
export async function listNearest(
  search: SearchContext,
  options: {
    filter?: ListingFilter;
    districts: readonly RankedDistrict[];
    limit: number;
    offset: number;
    /** How many listings match, as counted (up to the cap): a name search's plan depends on it. */
    total?: number;
  },
): Promise<ListingSummary[]> {
  const { engine } = search;
  const filter = options.filter ?? {};
  const end = options.offset + options.limit;
  // A search with many matches tests each entry's name in listing_near_idx ("near"); with few,
  // a name search alone collects them (PostgreSQL: in one statement), "name or category" is
  // left to the planner.
  let plan: Plan | undefined;
  if (filter.nameContainsAny?.length) {
    plan = (await planPage(search, filter, end, options.total ?? 0)) === "walk" ? "near" : undefined;
    if (!plan && engine.nearestNamePage && isNameSearchAlone(filter))
      return engine.nearestNamePage(search, filter, options.districts, options.limit, options.offset);
  }
  const { spans, seen } = await engine.nearestSpans(search, filter, options.districts, end, plan);
  // Past every ranked district: the listings with no place last (a filter's state keeps out the rest).
  if (seen < end) spans.push({ state: null, district: null, from: seen, count: Number.MAX_SAFE_INTEGER });
  const items: ListingSummary[] = [];
  for (const span of spans) {
    if (span.from + span.count <= options.offset || span.from >= end) continue;
    const offset = Math.max(options.offset - span.from, 0);
    const limit = Math.min(end, span.from + span.count) - (span.from + offset);
    const within: ListingFilter = span.state ? { ...filter, state: span.state, district: span.district! } : { ...filter, unplaced: true };
    // Left to the planner (a name search collects its matches through the name index): never a
    // walk of the newest-first index of every district, which would test every other district's
    // entries. A search planned "near" reads its district's slice the same way (listing_near_idx holds the name).
    items.push(
      ...(await listPage(search, { filter: within, sort: "newest", limit, offset, plan: span.state ? plan : undefined, nearSlice: true })),
    );
  }
  return items;
}
