/** How many listings match a filter, counting no further than a bound (decision 017). */
import { sql } from "kysely";
import type { ListingFilter } from "../../../core/search/listing-filter";
import { applyFilter, likePattern, type ListingQuery } from "./filter";
import type { SearchContext } from "./engine";
import { countInPlaceFrom, isNameSearchAlone, type Plan } from "./plan";

/**
 * How many listings match, counting no further than `upTo` (a broad search stops early, so
 * its cost does not grow with the marketplace).
 */
export async function countMatches(search: SearchContext, filter: ListingFilter, upTo: number): Promise<number> {
  const categories = filter.orCategories ?? [];
  if (!filter.nameContainsAny?.length || !categories.length) return countWhere(search, filter, upTo);
  // "Name matches or category matches" as two counts that each read one index:
  // |in the categories| + |name matches, outside the categories|; the second only if needed.
  const { nameContainsAny: _terms, orCategories: _categories, ...rest } = filter;
  const inCategories = await countWhere(search, rest, upTo, (q) => q.where("listing.category", "in", categories));
  const namedElsewhere = await countWhere(search, { ...rest, nameContainsAny: filter.nameContainsAny }, upTo - inCategories, (q) =>
    q.where("listing.category", "not in", categories),
  );
  return inCategories + namedElsewhere;
}

/**
 * How many listings match, counting no further than `upTo`. `inPlace`: false for "Nearest
 * first"'s rings and districts (SQLite), never counted through the place (countInPlace).
 */
export async function countWhere(
  search: SearchContext,
  filter: ListingFilter,
  upTo: number,
  extra?: (q: ListingQuery) => ListingQuery,
  plan: Plan = "any",
  inPlace = true,
): Promise<number> {
  const { db, engine } = search;
  if (upTo <= 0) return 0;
  if (plan === "any" && isNameSearchAlone(filter) && inPlace) {
    const counted = filter.state && !filter.grade ? await countInPlace(search, filter, upTo, extra) : null;
    if (counted !== null) return counted;
    // SQLite's planner keeps to one probe per name through its FTS5 name index (the count below).
    if (engine.countNameSearch)
      return engine.countNameSearch(search, filter.nameContainsAny, { ...filter, nameContainsAny: undefined }, upTo, extra);
  }
  let matches = applyFilter(search, db.selectFrom("listing"), filter, plan);
  if (extra) matches = extra(matches);
  const row = await db
    .selectFrom(
      matches
        .select(sql<number>`1`.as("one"))
        .limit(upTo)
        .as("matches"),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A name search in a place: the place's listings (in the price range, when one is given) read
 * through listing_place_price_idx (migration 0032 on PostgreSQL, 0034 on SQLite), each one's
 * name tested in the index. A place often holds fewer listings than the term has names to probe one by one
 * (countByNames: "rice" in Nashik under ₹25 at a million listings, 16,000 probes and 100 ms,
 * against 5,000 entries and 1.4 ms here). At most `placeWalkCap` entries are read, so a large
 * place costs little more than its cap; null when it holds more and fewer than `upTo` of those
 * matched (the count is then not known, and the caller probes name by name).
 */
async function countInPlace(
  search: SearchContext,
  filter: ListingFilter & { nameContainsAny: string[] },
  upTo: number,
  extra?: (q: ListingQuery) => ListingQuery,
): Promise<number | null> {
  const { db, placeWalkCap } = search;
  const { nameContainsAny: terms, ...rest } = filter;
  let inPlace = applyFilter(search, db.selectFrom("listing") as ListingQuery, rest);
  if (extra) inPlace = extra(inPlace);
  const row = await db
    .selectFrom(inPlace.select("listing.name_search").limit(placeWalkCap).as("walked"))
    .select((eb) => [
      eb.fn.countAll<number | string>().as("seen"),
      eb.fn
        .countAll<number | string>()
        .filterWhere((inner) => inner.or(terms.map((term) => inner("walked.name_search", "like", likePattern(term, "%", "%")))))
        .as("hits"),
    ])
    .executeTakeFirstOrThrow();
  return countInPlaceFrom({ seen: Number(row.seen), hits: Number(row.hits), upTo, cap: placeWalkCap });
}
