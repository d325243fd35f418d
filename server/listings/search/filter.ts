/** The filter's SQL: a ListingFilter as the WHERE of a query on listing, shaped by the page's plan (plan.ts). */
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { PlaceMatch } from "../../../core/locations";
import type { Database } from "../../db/schema";
import type { ListingFilter } from "../../../core/search/listing-filter";
import { liveAt } from "../listing-sql";
import type { SearchContext } from "./engine";
import type { Plan } from "./plan";

export type ListingQuery = SelectQueryBuilder<Database, "listing", object>;

export type FilterColumn =
  "category" | "price_paise" | "name_search" | "status" | "expires_at" | "hidden_at" | "state" | "district" | "grade";

/**
 * `plan`: how the matches are found (see Plan). "walk" and "collect" keep SQLite from
 * choosing an index by the filter's other columns.
 */
export function applyFilter<Q extends ListingQuery>(
  search: SearchContext,
  query: Q,
  filter: ListingFilter,
  plan: Plan = "any",
  offIndex?: FilterColumn,
): Q {
  const walkSortIndex = plan === "walk";
  const testEachName = walkSortIndex || plan === "near" || plan === "place";
  // A grade stays visible to SQLite's planner when walking: the partial grade indexes hold
  // graded listings newest first (migration 0018) and by price (0024), cheaper than reading
  // each sort-index entry's row for its grade.
  const hidden = (name: FilterColumn) => walkSortIndex || (plan === "collect" && name !== "name_search") || name === offIndex;
  const column = (name: FilterColumn) => search.engine.listingColumn(name, name === "grade" ? plan === "collect" : hidden(name));
  let q = query;
  if (filter.liveAt !== undefined) q = q.where((eb) => liveAt(eb, filter.liveAt!, column)) as Q;
  if (filter.sellerId) q = q.where("listing.seller_id", "=", filter.sellerId) as Q;
  if (filter.state) q = q.where(column("state"), "=", filter.state) as Q;
  if (filter.district) q = q.where(column("district"), "=", filter.district) as Q;
  if (filter.districts) q = q.where(column("district"), "in", filter.districts.length ? [...filter.districts] : [""]) as Q;
  if (filter.places) {
    // A name carrying the whole search is found outside the place too (ListingFilter.placesUnlessNamed).
    const named = filter.placesUnlessNamed ?? [];
    q = q.where((eb) =>
      eb.or([
        inPlaces(eb, filter.places ?? [], column),
        ...named.map((term) => eb(column("name_search"), "like", likePattern(term, "%", "%"))),
      ]),
    ) as Q;
  }
  if (filter.category) q = q.where(column("category"), "=", filter.category) as Q;
  if (filter.minPaise !== undefined) q = q.where(column("price_paise"), ">=", filter.minPaise) as Q;
  if (filter.maxPaise !== undefined) q = q.where(column("price_paise"), "<=", filter.maxPaise) as Q;
  if (filter.grade) q = q.where(column("grade"), "=", filter.grade) as Q;
  if (filter.unplaced) q = q.where((eb) => eb.or([eb("listing.state", "is", null), eb("listing.district", "is", null)])) as Q;
  if (filter.nameIn) q = q.where(column("name_search"), "in", filter.nameIn.length ? filter.nameIn : [""]) as Q;
  if (filter.nameHoldsAny)
    q = q.where((eb) => eb.or(filter.nameHoldsAny!.map((term) => eb(column("name_search"), "like", likePattern(term, "%", "%"))))) as Q;
  for (const term of filter.nameHoldsNone ?? []) q = q.where(column("name_search"), "not like", likePattern(term, "%", "%")) as Q;
  const terms = filter.nameContainsAny ?? [];
  const orPlaces = filter.orPlaces ?? [];
  if (!terms.length && orPlaces.length) q = q.where((eb) => inPlaces(eb, orPlaces, column)) as Q;
  if (terms.length) {
    // Through listing_name: the names that contain a term come from its trigram index, then
    // listing(name_search) leads to the listings carrying them.
    const categories = filter.orCategories ?? [];
    q = q.where((eb) =>
      eb.or([
        // Walking an index, each entry is tested on its own: collecting every name that
        // contains the term first (tens of thousands for "rice") would cost more than the page.
        testEachName
          ? eb.or(terms.map((term) => eb(column("name_search"), "like", likePattern(term, "%", "%"))))
          : eb(column("name_search"), "in", namesContaining(search, terms)),
        ...(categories.length ? [eb(column("category"), "in", categories)] : []),
        ...(orPlaces.length ? [inPlaces(eb, orPlaces, column)] : []),
      ]),
    ) as Q;
  }
  return q;
}

/** The names (listing_name) holding any of the terms, read through the engine's trigram index. */
export function namesContaining(search: SearchContext, terms: string[]) {
  return search.engine.keepUnfolded(
    search.db
      .selectFrom("listing_name")
      .select("listing_name.name_search")
      .where((eb) => search.engine.containsAny(eb, terms)),
  );
}

/** In any of these places: a state, or some of its districts. */
export function inPlaces<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  places: readonly PlaceMatch[],
  column: (name: "state" | "district") => Expression<unknown>,
): Expression<SqlBool> {
  return eb.or(
    places.map((place) =>
      place.districts?.length
        ? eb.and([eb(column("state"), "=", place.state), eb(column("district"), "in", [...place.districts])])
        : eb(column("state"), "=", place.state),
    ),
  );
}

/** `%`, `_` and `\\` in what a person typed are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const likePattern = (text: string, before: string, after: string) => sql<string>`${before + escapeLike(text) + after} escape '\\'`;
