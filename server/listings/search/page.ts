/** A page of listings in one of the sort orders, found as its plan says (plan.ts). */
import { sql, type SelectQueryBuilder } from "kysely";
import type { ListingSummary } from "../../../core/listings/listing";
import type { ListingSort } from "../../../core/search/search-query";
import type { Database } from "../../db/schema";
import type { ListingSortKey } from "../listing-search.repository";
import type { ListingFilter } from "../../../core/search/listing-filter";
import { CARD_COLUMNS, toSummary } from "../listing-sql";
import { countWhere } from "./count";
import type { SearchContext } from "./engine";
import { applyFilter, type ListingQuery } from "./filter";
import { categoryIndexServes, choosePlan, isNameSearchAlone, placeWalkFits, type Plan, type PlanFacts } from "./plan";

export async function listPage(
  search: SearchContext,
  options: {
    filter?: ListingFilter;
    sort: ListingSort;
    limit: number;
    offset: number;
    /** How many listings match, when known: many matches are found by walking the sort index. */
    total?: number;
    /** Only listings after this one in the sort order (the public API's cursor; `offset` is then 0). */
    after?: ListingSortKey;
    /** Already chosen (a slice of "Nearest first" walked like its spans); otherwise by choosePlan. */
    plan?: Plan;
    /**
     * A slice of "Nearest first": its district's listings newest first. Never read whole ("place"),
     * and on SQLite its price range is kept from the planner, which would otherwise read the
     * district's listings in the range through listing_place_price_idx (0034) and sort them all,
     * rather than walk listing_near_idx newest first to the slice's end.
     */
    nearSlice?: boolean;
  },
): Promise<ListingSummary[]> {
  const { db, engine } = search;
  const filter = options.filter ?? {};
  let plan =
    options.plan ??
    (engine.categoryIndexes && categoryIndexServes(filter)
      ? "any"
      : await planPage(search, filter, options.offset + options.limit, options.total ?? 0));
  if (plan === "collect" && !options.nearSlice && (await placeServes(search, filter))) plan = "place";
  // Deep pages: the offset is skipped over index entries (ids only), then only the page's
  // rows are read.
  let matches = applyFilter(search, db.selectFrom("listing"), filter, plan, options.nearSlice ? "price_paise" : undefined);
  if (options.after) matches = afterKey(matches, options.sort, options.after);
  // A grade by price: `price_paise >= 0` (true of every listing) is what lets the planner use
  // migration 0024's index, partial on `price_paise is not null`. Without it no query can, so a
  // planner without statistics cannot take it for a newest-first page (decision 029).
  if (options.filter?.grade && options.sort.startsWith("price") && plan !== "collect")
    matches = matches.where("listing.price_paise", ">=", 0);
  // "place" is sorted after too: an ORDER BY an index could serve would lead SQLite's planner to walk that index instead.
  const pageIds = applySort(matches.select("listing.id"), options.sort, plan === "collect" || plan === "place")
    .limit(options.limit)
    .offset(options.offset);
  const rows = await applySort(
    db
      .selectFrom("listing")
      .select([...CARD_COLUMNS])
      .where("listing.id", "in", pageIds),
    options.sort,
  ).execute();
  return rows.map(toSummary);
}

/** The plan for a page ending at `wanted` of `total` matches (choosePlan), measuring what it asks for. */
export async function planPage(search: SearchContext, filter: ListingFilter, wanted: number, total: number): Promise<Plan> {
  const facts: PlanFacts = { filter, wanted, total, sampleSize: search.densitySample };
  for (;;) {
    const step = choosePlan(facts);
    if ("plan" in step) return step.plan;
    if (step.measure === "listing rows") facts.listingRows = await search.engine.estimateListingRows(search.db);
    else facts.sampled = await sampleNewest(search, step.filters);
  }
}

/** How many of the newest `densitySample` listings each filter matches, read by walking them; null when there are fewer. */
async function sampleNewest(search: SearchContext, filters: ListingFilter[]): Promise<number[] | null> {
  const newest = await search.db
    .selectFrom("listing")
    .select("listing.created_at")
    .orderBy("listing.created_at", "desc")
    .orderBy("listing.id", "desc")
    .limit(1)
    .offset(search.densitySample - 1)
    .executeTakeFirst();
  if (!newest) return null;
  const matched: number[] = [];
  for (const filter of filters)
    matched.push(
      await countWhere(search, filter, search.densitySample, (q) => q.where("listing.created_at", ">=", newest.created_at), "walk"),
    );
  return matched;
}

/**
 * A name search in a place, whose matches would be collected through the name index (few of
 * them), on an engine with the "place" plan (SQLite): when the place holds fewer than
 * `placeWalkCap` listings in the price range, reading those through listing_place_price_idx and
 * testing each name there costs at most that many index entries, where collecting probes every
 * name holding the term and reads every listing of them, anywhere ('onion': 2,287 names, 10,841
 * listings at a million). The same rule as countInPlace's, which counted the same entries for
 * the page's total.
 */
async function placeServes(search: SearchContext, filter: ListingFilter): Promise<boolean> {
  const { db, engine, placeWalkCap } = search;
  if (!engine.placePlan || !isNameSearchAlone(filter) || !filter.state || filter.grade) return false;
  const { nameContainsAny: _terms, ...rest } = filter;
  const row = await db
    .selectFrom(
      applyFilter(search, db.selectFrom("listing") as ListingQuery, rest)
        .select(sql<number>`1`.as("one"))
        .limit(placeWalkCap)
        .as("walked"),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("seen"))
    .executeTakeFirstOrThrow();
  return placeWalkFits(Number(row.seen), placeWalkCap);
}

/**
 * `collected`: the matches were collected through the name index, and no sort index may be
 * walked instead (PostgreSQL's planner would, testing every entry): the order is by expressions
 * no index holds, so the engine sorts the collected matches.
 */
function applySort<O, Q extends SelectQueryBuilder<Database, "listing", O>>(query: Q, sort: ListingSort, collected = false): Q {
  const by = (column: "created_at" | "id" | "price_paise") =>
    collected
      ? column === "id"
        ? sql`${sql.ref(`listing.${column}`)} || ''`
        : sql`${sql.ref(`listing.${column}`)} + 0`
      : sql.ref(`listing.${column}`);
  switch (sort) {
    // "Nearest first" is ordered by listNearest, district by district, newest first within each.
    case "near":
    case "newest":
      return query.orderBy(by("created_at"), "desc").orderBy(by("id"), "desc") as Q;
    case "oldest":
      return query.orderBy(by("created_at"), "asc").orderBy(by("id"), "asc") as Q;
    // Equal prices keep listing order, so one index (price_paise, created_at, id) serves both ways.
    case "price-asc":
      return query.orderBy(by("price_paise"), "asc").orderBy(by("created_at"), "asc").orderBy(by("id"), "asc") as Q;
    case "price-desc":
      return query.orderBy(by("price_paise"), "desc").orderBy(by("created_at"), "desc").orderBy(by("id"), "desc") as Q;
  }
}

/** The listings strictly after `key` in applySort's order (row-value comparison, both engines). */
function afterKey<Q extends ListingQuery>(query: Q, sort: ListingSort, key: ListingSortKey): Q {
  return query.where((eb) => {
    switch (sort) {
      case "oldest":
        return eb(eb.refTuple("listing.created_at", "listing.id"), ">", eb.tuple(key.createdAt, key.id));
      case "price-asc":
        return eb(
          eb.refTuple("listing.price_paise", "listing.created_at", "listing.id"),
          ">",
          eb.tuple(key.pricePaise, key.createdAt, key.id),
        );
      case "price-desc":
        return eb(
          eb.refTuple("listing.price_paise", "listing.created_at", "listing.id"),
          "<",
          eb.tuple(key.pricePaise, key.createdAt, key.id),
        );
      default:
        return eb(eb.refTuple("listing.created_at", "listing.id"), "<", eb.tuple(key.createdAt, key.id));
    }
  }) as Q;
}
