/** The SQL of listing search and browsing: what buyers see (listings.repository.ts has the writes). */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { CategorySlug } from "../../core/catalogue/categories";
import { MAX_COUNTED_MATCHES } from "../../core/shared/constants";
import type { ListingSummary } from "../../core/listings/listing";
import type { PlaceMatch } from "../../core/locations";
import type { ListingSort } from "../../core/search/search-query";
import type { NameCandidate } from "../../core/search/suggestions";
import type { DialectName } from "../db/database";
import type { Database } from "../db/schema";
import { liveAt, SUMMARY_COLUMNS, toSummary, type SummaryRow } from "./listing-sql";
import type { ListingFilter } from "../../core/search/listing-filter";


/** "Nearest first" (decision 024): districts are read in rings of this many, doubling, nearest first. */
const FIRST_RING = 8;
/** …up to this many, so the ring where a page ends is read district by district at small cost. */
const LARGEST_RING = 64;

type ListingQuery = SelectQueryBuilder<Database, "listing", object>;

const NAME_COLUMNS = [
  "listing_name.name_search",
  "listing_name.name",
  "listing_name.category",
  "listing_name.listing_count",
  "listing_name.listing_id",
] as const;

/**
 * Below this many matches, a page is found by collecting the matches and sorting them. From it
 * on (counts stop there, so it means "at least this many"), walking the sort index and testing
 * each entry is usually cheaper; for a name search that few listings match, a deep page may
 * still be cheaper to collect (choosePlan).
 */
const WALK_SORT_INDEX_FROM = MAX_COUNTED_MATCHES;
/** Newest-first index entries read to learn what share of them a name search matches. */
const DENSITY_SAMPLE = 4_000;
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

/** A two-letter search inside words looks among this many of the most listed names. */
const SHORT_INFIX_NAMES = 5_000;

/**
 * A page's first `wanted` matches: walking the sort index reads about wanted ÷ share entries;
 * collecting every match through the name index and sorting them reads about `matches`.
 */
export function walkIsCheaper(page: { wanted: number; share: number; matches: number }): boolean {
  return (page.wanted / page.share) * WALK_COST_PER_COLLECTED <= page.matches;
}

/**
 * How a page's matches are found. "any": as the engine's planner sees fit (few matches).
 * "walk": along the sort order's index, testing each entry, until the page is reached.
 * "collect": every listing of the names holding the term, through the name index, then sorted.
 * "near": a district at a time ("Nearest first"), through listing_near_idx, testing each entry's
 *   name there as "walk" does; the other columns stay visible to SQLite's planner, which needs the
 *   place's to pick that index.
 * "place": SQLite, a name search in a small place (in its price range): the place's listings
 *   through listing_place_price_idx (migration 0034), each entry's name tested there, then sorted
 *   (placeServes).
 */
type Plan = "any" | "walk" | "collect" | "near" | "place";

type FilterColumn = "category" | "price_paise" | "name_search" | "status" | "expires_at" | "hidden_at" | "state" | "district" | "grade";

/** A search by name alone: no "or a category", no "or a place" (each of those is its own index). */
function isNameSearchAlone(filter: ListingFilter): filter is ListingFilter & { nameContainsAny: string[] } {
  return Boolean(filter.nameContainsAny?.length && !filter.orCategories?.length && !filter.orPlaces?.length);
}

/** In any of these places: a state, or some of its districts. */
function inPlaces<DB, TB extends keyof DB>(
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

/** Where in a name a suggestion term must occur, best first (core/search/suggestions ranks the same way). */
export type NameMatch = "prefix" | "word" | "infix";

/**
 * `densitySample`: DENSITY_SAMPLE unless a test's small marketplace must be sampled too;
 * `placeWalkCap`: PLACE_WALK_CAP unless a test's small places must overflow it.
 */
export function createListingSearchRepository(db: Kysely<Database>, dialect: DialectName, options: { densitySample?: number; placeWalkCap?: number } = {}) {
  const names = nameConditions(dialect);
  const densitySample = options.densitySample ?? DENSITY_SAMPLE;
  const placeWalkCap = options.placeWalkCap ?? PLACE_WALK_CAP;

  /**
   * `plan`: how the matches are found (see Plan). "walk" and "collect" keep SQLite from
   * choosing an index by the filter's other columns.
   */
  function applyFilter<Q extends ListingQuery>(query: Q, filter: ListingFilter, plan: Plan = "any", offIndex?: FilterColumn): Q {
    const walkSortIndex = plan === "walk";
    const testEachName = walkSortIndex || plan === "near" || plan === "place";
    // A grade stays visible to SQLite's planner when walking: the partial grade indexes hold
    // graded listings newest first (migration 0018) and by price (0024), cheaper than reading
    // each sort-index entry's row for its grade.
    const hidden = (name: FilterColumn) => walkSortIndex || (plan === "collect" && name !== "name_search") || name === offIndex;
    const column = (name: FilterColumn) => names.listingColumn(name, name === "grade" ? plan === "collect" : hidden(name));
    let q = query;
    if (filter.liveAt !== undefined) q = q.where((eb) => liveAt(eb, filter.liveAt!, column)) as Q;
    if (filter.sellerId) q = q.where("listing.seller_id", "=", filter.sellerId) as Q;
    if (filter.state) q = q.where(column("state"), "=", filter.state) as Q;
    if (filter.district) q = q.where(column("district"), "=", filter.district) as Q;
    if (filter.districts) q = q.where(column("district"), "in", filter.districts.length ? [...filter.districts] : [""]) as Q;
    if (filter.places) q = q.where((eb) => inPlaces(eb, filter.places ?? [], column)) as Q;
    if (filter.category) q = q.where(column("category"), "=", filter.category) as Q;
    if (filter.minPaise !== undefined) q = q.where(column("price_paise"), ">=", filter.minPaise) as Q;
    if (filter.maxPaise !== undefined) q = q.where(column("price_paise"), "<=", filter.maxPaise) as Q;
    if (filter.grade) q = q.where(column("grade"), "=", filter.grade) as Q;
    if (filter.unplaced) q = q.where((eb) => eb.or([eb("listing.state", "is", null), eb("listing.district", "is", null)])) as Q;
    if (filter.nameIn) q = q.where(column("name_search"), "in", filter.nameIn.length ? filter.nameIn : [""]) as Q;
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
            : eb(column("name_search"), "in", namesContaining(terms)),
          ...(categories.length ? [eb(column("category"), "in", categories)] : []),
          ...(orPlaces.length ? [inPlaces(eb, orPlaces, column)] : []),
        ]),
      ) as Q;
    }
    return q;
  }

  function namesContaining(terms: string[]) {
    const query = db
      .selectFrom("listing_name")
      .select("listing_name.name_search")
      .where((eb) => names.containsAny(eb, terms));
    // OFFSET 0 keeps PostgreSQL from folding this into the outer query, where it scanned every
    // name in parallel (10 ms) rather than reading the trigram index (0.3 ms), as it does here.
    return dialect === "postgres" ? query.offset(0) : query;
  }

  /**
   * How many listings match, counting no further than `upTo`. `inPlace`: false for "Nearest
   * first"'s rings and districts (SQLite), never counted through the place (countInPlace).
   */
  async function countWhere(filter: ListingFilter, upTo: number, extra?: (q: ListingQuery) => ListingQuery, plan: Plan = "any", inPlace = true): Promise<number> {
    if (upTo <= 0) return 0;
    if (plan === "any" && isNameSearchAlone(filter) && (inPlace || dialect === "postgres")) {
      const inPlace = filter.state && !filter.grade ? await countInPlace(filter, upTo, extra) : null;
      if (inPlace !== null) return inPlace;
      // SQLite's planner keeps to one probe per name through its FTS5 name index (below).
      if (dialect === "postgres") return countByNames(filter.nameContainsAny, { ...filter, nameContainsAny: undefined }, upTo, extra);
    }
    let matches = applyFilter(db.selectFrom("listing"), filter, plan);
    if (extra) matches = extra(matches);
    const row = await db
      .selectFrom(matches.select(sql<number>`1`.as("one")).limit(upTo).as("matches"))
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
  async function countInPlace(filter: ListingFilter & { nameContainsAny: string[] }, upTo: number, extra?: (q: ListingQuery) => ListingQuery): Promise<number | null> {
    const { nameContainsAny: terms, ...rest } = filter;
    let inPlace = applyFilter(db.selectFrom("listing") as ListingQuery, rest);
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
    const [seen, hits] = [Number(row.seen), Number(row.hits)];
    return seen < placeWalkCap || hits >= upTo ? Math.min(hits, upTo) : null;
  }

  /**
   * A name search counted name by name, each name's listings through the name index, on
   * PostgreSQL: given "names holding the term", its planner may instead scan the listing table
   * for the first `upTo` matches, misjudging how many there are ("badam": 71,000 rows read, 67 ms,
   * to count 1,001). The lateral join leaves it no other order.
   */
  async function countByNames(terms: string[], rest: ListingFilter, upTo: number, extra?: (q: ListingQuery) => ListingQuery): Promise<number> {
    const row = await db
      .selectFrom(
        db
          .selectFrom("listing_name")
          .innerJoinLateral(
            (eb) => {
              let carried = applyFilter(eb.selectFrom("listing") as unknown as ListingQuery, rest).whereRef("listing.name_search", "=", sql.ref("listing_name.name_search"));
              if (extra) carried = extra(carried);
              return carried.select(sql<number>`1`.as("one")).limit(upTo).as("carried");
            },
            (join) => join.onTrue(),
          )
          .where((eb) => names.containsAny(eb, terms))
          .select(sql<number>`1`.as("one"))
          .limit(upTo)
          .as("matches"),
      )
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * How a page of `total` or more matches is found. A name search (with or without a category or
   * a place) may collect through the name index, which holds every filtered column; "name or
   * category" always walks (a category is never a small share).
   */
  async function choosePlan(filter: ListingFilter, wanted: number, total: number): Promise<Plan> {
    const nameSearch = isNameSearchAlone(filter);
    // Fewer matches than the cap: a name search's are collected (PostgreSQL's planner, left to
    // itself, may walk the newest-first index testing every entry, as in countByNames).
    if (total < WALK_SORT_INDEX_FROM) return nameSearch ? "collect" : "any";
    if (!nameSearch) return "walk";
    const listings = Math.max(await names.estimateListingRows(db), total);
    // At least `total` match, and collecting reads at least those: if a walk at the sparsest such
    // share still costs less, there is nothing to measure (a shallow page).
    if (walkIsCheaper({ wanted, share: total / listings, matches: total })) return "walk";
    const newest = await db
      .selectFrom("listing")
      .select("listing.created_at")
      .orderBy("listing.created_at", "desc")
      .orderBy("listing.id", "desc")
      .limit(1)
      .offset(densitySample - 1)
      .executeTakeFirst();
    // Fewer listings than a sample: collecting them all costs little.
    if (!newest) return "collect";
    // Shares of the newest entries, read by walking them: what the whole filter matches (what a
    // walk must find), and what the name alone matches (what collecting reads).
    const shareOf = async (sampled: ListingFilter) =>
      Math.max(await countWhere(sampled, densitySample, (q) => q.where("listing.created_at", ">=", newest.created_at), "walk"), 1) / densitySample;
    const walkShare = await shareOf(filter);
    const onlyName = { liveAt: filter.liveAt, nameContainsAny: filter.nameContainsAny };
    const nameShare = filter.category || filter.state || filter.places || filter.grade || filter.minPaise !== undefined || filter.maxPaise !== undefined ? await shareOf(onlyName) : walkShare;
    return walkIsCheaper({ wanted, share: walkShare, matches: nameShare * listings }) ? "walk" : "collect";
  }

  /** Those of these names a live listing carries (one index probe each), as candidates. */
  async function findLiveNames(nameSearches: string[], liveAt: number): Promise<NameCandidate[]> {
    if (!nameSearches.length) return [];
    const rows = await db
      .selectFrom("listing_name")
      .select([...NAME_COLUMNS])
      .where("listing_name.name_search", "in", nameSearches)
      .where((eb) => hasLiveListing(eb, liveAt))
      .execute();
    return rows.map(toNameCandidate);
  }

  /**
   * A category alone (with a price range at most), on SQLite: its own indexes hold its pages in
   * every order but "Nearest first" (listing_category_created_at_idx, listing_category_price_idx),
   * the live columns inside them, so the planner, seeing the category, reads the page's entries
   * and no more. Walking the sort order's index instead, as many matches otherwise are, tests
   * every listing of the other categories on the way: vegetables by price, highest first, 56 ms
   * against 0.04 ms at a million listings (issue 25). PostgreSQL's planner weighs this itself.
   */
  function categoryIndexServes(filter: ListingFilter): boolean {
    if (dialect !== "sqlite" || !filter.category) return false;
    const { liveAt: _liveAt, category: _category, minPaise: _min, maxPaise: _max, ...rest } = filter;
    return Object.values(rest).every((value) => value === undefined || (Array.isArray(value) && value.length === 0));
  }

  /**
   * A name search in a place on SQLite, whose matches would be collected through the name index
   * (few of them): when the place holds fewer than `placeWalkCap` listings in the price range,
   * reading those through listing_place_price_idx and testing each name there (plan "place")
   * costs at most that many index entries, where collecting probes every name holding the term
   * and reads every listing of them, anywhere ('onion': 2,287 names, 10,841 listings at a million).
   * The same rule as countInPlace's, which counted the same entries for the page's total.
   */
  async function placeServes(filter: ListingFilter): Promise<boolean> {
    if (dialect !== "sqlite" || !isNameSearchAlone(filter) || !filter.state || filter.grade) return false;
    const { nameContainsAny: _terms, ...rest } = filter;
    const row = await db
      .selectFrom(applyFilter(db.selectFrom("listing") as ListingQuery, rest).select(sql<number>`1`.as("one")).limit(placeWalkCap).as("walked"))
      .select((eb) => eb.fn.countAll<number | string>().as("seen"))
      .executeTakeFirstOrThrow();
    return Number(row.seen) < placeWalkCap;
  }

  async function listPage(options: {
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
  }): Promise<ListingSummary[]> {
    let plan = options.plan ?? (categoryIndexServes(options.filter ?? {}) ? "any" : await choosePlan(options.filter ?? {}, options.offset + options.limit, options.total ?? 0));
    if (plan === "collect" && !options.nearSlice && (await placeServes(options.filter ?? {}))) plan = "place";
    // Deep pages: the offset is skipped over index entries (ids only), then only the page's
    // rows are read.
    let matches = applyFilter(db.selectFrom("listing"), options.filter ?? {}, plan, options.nearSlice ? "price_paise" : undefined);
    if (options.after) matches = afterKey(matches, options.sort, options.after);
    // A grade by price: `price_paise >= 0` (true of every listing) is what lets the planner use
    // migration 0024's index, partial on `price_paise is not null`. Without it no query can, so a
    // planner without statistics cannot take it for a newest-first page (decision 029).
    if (options.filter?.grade && options.sort.startsWith("price") && plan !== "collect") matches = matches.where("listing.price_paise", ">=", 0);
    // "place" is sorted after too: an ORDER BY an index could serve would lead SQLite's planner to walk that index instead.
    const pageIds = applySort(matches.select("listing.id"), options.sort, plan === "collect" || plan === "place")
      .limit(options.limit)
      .offset(options.offset);
    const rows = await applySort(db.selectFrom("listing").select([...SUMMARY_COLUMNS]).where("listing.id", "in", pageIds), options.sort).execute();
    return rows.map(toSummary);
  }

  type Span = { state: string | null; district: string | null; from: number; count: number };
  type RankedDistrict = { state: string; district: string };

  /**
   * Where each district's matches fall in "Nearest first" up to the page's end (SQLite): districts
   * in rings (8, 16, 32, then 64 at a time, nearest first), each counted no further than the
   * page's end through the place index; where the page ends, district by district. In-process
   * queries cost no round trip, so many short counts are cheap here.
   */
  async function ringSpans(filter: ListingFilter, ranked: readonly RankedDistrict[], end: number, plan: Plan = "any"): Promise<{ spans: Span[]; seen: number }> {
    const spans: Span[] = [];
    let seen = 0;
    for (let start = 0, size = FIRST_RING; start < ranked.length && seen < end; start += size, size = Math.min(size * 2, LARGEST_RING)) {
      const ring = ranked.slice(start, start + size);
      const byState = new Map<string, string[]>();
      for (const { state, district } of ring) byState.set(state, [...(byState.get(state) ?? []), district]);
      const places: PlaceMatch[] = [...byState].map(([state, districts]) => ({ state, districts }));
      const inRing = (q: ListingQuery) => q.where((eb) => inPlaces(eb, places, (name) => sql.ref(`listing.${name}`)));
      const need = end - seen;
      // Counted only as far as the page needs, so a crowded district costs no more than the page.
      const inThisRing = await countWhere(filter, need, inRing, plan, false);
      if (!inThisRing) continue;
      if (inThisRing < need) {
        // All of the ring's matches come before the page's end: fewer than a page's depth, counted exactly.
        const rows = await inRing(applyFilter(db.selectFrom("listing"), filter, plan))
          .select(["listing.state", "listing.district", (eb) => eb.fn.countAll<number | string>().as("n")])
          .groupBy(["listing.state", "listing.district"])
          .execute();
        const counts = new Map(rows.map((row) => [`${row.state}/${row.district}`, Number(row.n)]));
        for (const { state, district } of ring) {
          const count = counts.get(`${state}/${district}`) ?? 0;
          if (count) spans.push({ state, district, from: seen, count });
          seen += count;
        }
        continue;
      }
      // The page ends in this ring: district by district, nearest first, each counted as far as needed.
      for (const { state, district } of ring) {
        const count = await countWhere({ ...filter, state, district }, end - seen, undefined, plan, false);
        if (count) spans.push({ state, district, from: seen, count });
        seen += count;
        if (seen >= end) break;
      }
    }
    return { spans, seen };
  }

  /**
   * A page of "Nearest first" for a name search alone, on PostgreSQL, in one statement: every
   * match once, through the names holding the term and the name index (which holds state,
   * district and "live"), ordered by its district's rank. Counting a name search ring by ring
   * read every match again for each ring, and a district's count through listing_near_idx cannot
   * stop early in a district holding none. So its cost follows the number of matches (10,841 for
   * "onion" on the bench), not the page: what is left to do (decision 024).
   */
  async function postgresNamePage(filter: ListingFilter, ranked: readonly RankedDistrict[], limit: number, offset: number): Promise<ListingSummary[]> {
    const { nameContainsAny: terms = [], ...rest } = filter;
    // Only what the name index holds (index-only), behind OFFSET 0 so the planner keeps one
    // index probe per name: flattened, it hashed the names and scanned every listing (260 ms).
    const matches = db
      .selectFrom(namesContaining(terms).as("named"))
      .innerJoinLateral(
        (eb) =>
          applyFilter(eb.selectFrom("listing") as unknown as ListingQuery, rest)
            .whereRef("listing.name_search", "=", sql.ref("named.name_search"))
            .select(["listing.id", "listing.created_at", "listing.state", "listing.district"])
            .offset(0)
            .as("carried"),
        (join) => join.onTrue(),
      )
      .selectAll("carried");
    // A district not ranked is left out, as from the walk; listings with no place come last. Only
    // the page's rows are then read.
    const { rows } = await sql<SummaryRow>`
      with ranked(ord, state, district) as (
        select ord::int, state, district from unnest(${ranked.map((d) => d.state)}::text[], ${ranked.map((d) => d.district)}::text[]) with ordinality as r(state, district, ord)
      ),
      page as (
        select matches.id, ranked.ord, matches.created_at from (${matches}) as matches
        left join ranked on ranked.state = matches.state and ranked.district = matches.district
        where ranked.ord is not null or matches.state is null or matches.district is null
        order by ranked.ord nulls last, matches.created_at desc, matches.id desc
        limit ${limit} offset ${offset}
      )
      select ${sql.join(SUMMARY_COLUMNS.map((column) => sql.ref(column)))} from page join listing on listing.id = page.id
      order by page.ord nulls last, page.created_at desc, page.id desc`.execute(db);
    return rows.map(toSummary);
  }

  /**
   * The same spans on PostgreSQL, in one statement: a recursive walk of the districts, nearest first, each counted (through listing_near_idx or listing_location_idx) no
   * further than what the page still needs, until the page's end: at most `end` index entries
   * plus one probe per empty district, in one round trip. The rings' OR of per-state district
   * lists read every ring's listings through a bitmap of the whole ring, and the last ring's
   * district-by-district counts cost up to 64 round trips.
   */
  async function postgresSpans(filter: ListingFilter, ranked: readonly RankedDistrict[], end: number, plan: Plan = "any"): Promise<{ spans: Span[]; seen: number }> {
    const spans: Span[] = [];
    let seen = 0;
    // The district at the walk's next step, read from the arrays by position: a join to a table
    // of the districts would read all of them at each step.
    const next = (column: "states" | "districts") => sql<string>`(ranked.${sql.raw(column)})[walk.ord + 1]`;
    const inDistrict = applyFilter(db.selectFrom("listing"), filter, plan)
      .where("listing.state", "=", next("states"))
      .where("listing.district", "=", next("districts"))
      .select(sql<number>`1`.as("one"))
      .limit(sql<number>`${end} - walk.seen`);
    const { rows } = await sql<{ ord: number; seen: number; n: number }>`
      with recursive ranked(states, districts) as (
        select ${ranked.map((d) => d.state)}::text[], ${ranked.map((d) => d.district)}::text[]
      ),
      walk(ord, seen, n) as (
        select 0, 0, 0
        union all
        select walk.ord + 1, walk.seen + counted.n, counted.n
        from walk
        cross join ranked
        cross join lateral (select count(*)::int as n from (${inDistrict}) as matches) as counted
        where walk.seen < ${end} and walk.ord < ${ranked.length}
      )
      select walk.ord, walk.seen, walk.n from walk where walk.n > 0 order by walk.ord`.execute(db);
    for (const row of rows) {
      const { state, district } = ranked[Number(row.ord) - 1]!;
      spans.push({ state, district, from: Number(row.seen) - Number(row.n), count: Number(row.n) });
      seen = Number(row.seen);
    }
    return { spans, seen };
  }

  return {
    /** A seller as their public page shows them (`banned`: their page is gone, decision 014). */
    async findSeller(id: string): Promise<{ id: string; name: string; phone: string; createdAt: number; banned: boolean } | null> {
      const row = await db.selectFrom("user").select(["id", "name", "phone", "createdAt", "banned"]).where("id", "=", id).executeTakeFirst();
      return row ? { id: row.id, name: row.name, phone: row.phone, createdAt: new Date(row.createdAt).getTime(), banned: Boolean(row.banned) } : null;
    },

    list: listPage,

    /**
     * A page of "Nearest first" (decision 024): the matches ordered by their district's place in
     * `districts` (nearest first; a district not in it, or no place, comes last), newest first
     * within a district. Where each district's matches fall is found by ringSpans (SQLite) or
     * postgresSpans; then each district the page spans gives its slice, newest first through
     * listing_near_idx (migrations 0017, 0028). So the cost follows the page's depth, never how
     * many listings match. A name search on PostgreSQL is a choice, as for newest first
     * (choosePlan, from `total`): the same walk, testing each entry's name in listing_near_idx,
     * where the name is common enough for the page to come soon; otherwise every match once
     * through the name index (postgresNamePage).
     */
    async listNearest(options: {
      filter?: ListingFilter;
      districts: readonly { state: string; district: string }[];
      limit: number;
      offset: number;
      /** How many listings match, as counted (up to the cap): a name search's plan depends on it. */
      total?: number;
    }): Promise<ListingSummary[]> {
      const filter = options.filter ?? {};
      const end = options.offset + options.limit;
      // A search with many matches tests each entry's name in listing_near_idx ("near"); with few,
      // a name search alone collects them (PostgreSQL: in one statement), "name or category" is
      // left to the planner.
      let plan: Plan | undefined;
      if (filter.nameContainsAny?.length) {
        plan = (await choosePlan(filter, end, options.total ?? 0)) === "walk" ? "near" : undefined;
        if (!plan && dialect === "postgres" && isNameSearchAlone(filter)) return postgresNamePage(filter, options.districts, options.limit, options.offset);
      }
      const { spans, seen } = dialect === "postgres" ? await postgresSpans(filter, options.districts, end, plan) : await ringSpans(filter, options.districts, end, plan);
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
        items.push(...(await listPage({ filter: within, sort: "newest", limit, offset, plan: span.state ? plan : undefined, nearSlice: true })));
      }
      return items;
    },

    /**
     * How many listings match, counting no further than `upTo` (a broad search stops early, so
     * its cost does not grow with the marketplace).
     */
    async count(filter: ListingFilter, options: { upTo: number }): Promise<number> {
      const { upTo } = options;
      const categories = filter.orCategories ?? [];
      if (!filter.nameContainsAny?.length || !categories.length) return countWhere(filter, upTo);
      // "Name matches or category matches" as two counts that each read one index:
      // |in the categories| + |name matches, outside the categories|; the second only if needed.
      const { nameContainsAny: _terms, orCategories: _categories, ...rest } = filter;
      const inCategories = await countWhere(rest, upTo, (q) => q.where("listing.category", "in", categories));
      const namedElsewhere = await countWhere({ ...rest, nameContainsAny: filter.nameContainsAny }, upTo - inCategories, (q) =>
        q.where("listing.category", "not in", categories),
      );
      return inCategories + namedElsewhere;
    },

    /**
     * Distinct names where the term occurs in the given place, most listed first, at most
     * `limit`. A prefix walks an index range; the other places use the trigram index.
     */
    async findNames(options: { term: string; match: NameMatch; limit: number; liveAt: number }): Promise<NameCandidate[]> {
      // Ranked first, then checked for a live listing a batch at a time: a common prefix matches
      // thousands of names, and checking each of them before ranking cost more than the rest.
      const found: NameCandidate[] = [];
      for (let offset = 0, batch = options.limit * 2; ; offset += batch, batch *= 4) {
        const ranked = await db
          .selectFrom("listing_name")
          .select([...NAME_COLUMNS])
          .where((eb) => names[options.match](eb, options.term))
          .orderBy("listing_name.listing_count", "desc")
          .orderBy("listing_name.name_search", "asc")
          .limit(batch)
          .offset(offset)
          .execute();
        const live = new Set((await findLiveNames(ranked.map((row) => row.name_search), options.liveAt)).map((c) => c.nameSearch));
        for (const row of ranked) if (live.has(row.name_search)) found.push(toNameCandidate(row));
        if (found.length >= options.limit || ranked.length < batch) return found.slice(0, options.limit);
      }
    },

    findLiveNames,

    /**
     * For each of a few names (the suggestions shown), how many live listings carry it, counted
     * up to `upTo`, and the newest of them. Counted at each request, not kept: "live" changes
     * with time (expiry) as well as with writes. Each name reads listing_name_search_idx (name,
     * created_at, …, the live columns) newest first, where its live listings are, and stops at
     * `upTo`: fifteen names cost fifteen short index ranges in one statement. Names with no live
     * listing are absent.
     */
    async countLiveListings(nameSearches: string[], at: number, upTo: number): Promise<Map<string, { count: number; listingId: string }>> {
      if (!nameSearches.length) return new Map();
      const liveOfName = (eb: ExpressionBuilder<Database, "listing_name">) =>
        eb
          .selectFrom("listing")
          .whereRef("listing.name_search", "=", "listing_name.name_search")
          .where((live) => liveAt(live, at))
          .orderBy("listing.created_at", "desc");
      const rows = await db
        .selectFrom("listing_name")
        .select((eb) => [
          "listing_name.name_search",
          eb
            .selectFrom(liveOfName(eb).select(sql<number>`1`.as("one")).limit(upTo).as("live"))
            .select((count) => count.fn.countAll<number | string>().as("n"))
            .as("n"),
          liveOfName(eb).select("listing.id").limit(1).as("listing_id"),
        ])
        .where("listing_name.name_search", "in", nameSearches)
        .execute();
      return new Map(rows.filter((row) => Number(row.n) > 0 && row.listing_id).map((row) => [row.name_search, { count: Number(row.n), listingId: row.listing_id! }]));
    },

    /**
     * Every distinct name and how many listings carry it, most listed first, a page at a time
     * (through listing_name_count_idx), for the word list typos are corrected against.
     */
    async *listNamesByCount(pageSize: number): AsyncGenerator<Array<{ nameSearch: string; listingCount: number }>> {
      let after: { count: number; name: string } | undefined;
      for (;;) {
        const from = after;
        const rows = await db
          .selectFrom("listing_name")
          .select(["listing_name.name_search", "listing_name.listing_count"])
          .$if(from !== undefined, (qb) =>
            qb.where((eb) => eb(eb.refTuple("listing_name.listing_count", "listing_name.name_search"), "<", eb.tuple(from!.count, from!.name))),
          )
          .orderBy("listing_name.listing_count", "desc")
          .orderBy("listing_name.name_search", "desc")
          .limit(pageSize)
          .execute();
        if (rows.length) yield rows.map((row) => ({ nameSearch: row.name_search, listingCount: Number(row.listing_count) }));
        if (rows.length < pageSize) return;
        const last = rows[rows.length - 1]!;
        after = { count: Number(last.listing_count), name: last.name_search };
      }
    },
  };
}

export type ListingSearchRepository = ReturnType<typeof createListingSearchRepository>;

/**
 * A name is offered only while a listing carrying it is live: listing_name counts every listing,
 * but sold, expired and hidden ones must leave suggestions at once (decisions 013, 014). One index
 * probe per name (listing_name_search_idx holds status, expiry and hidden_at).
 */
function hasLiveListing(eb: ExpressionBuilder<Database, "listing_name">, at: number) {
  return eb.exists(
    eb
      .selectFrom("listing")
      .select("listing.id")
      .whereRef("listing.name_search", "=", "listing_name.name_search")
      .where((live) => liveAt(live, at)),
  );
}

/** `%`, `_` and `\\` in what a person typed are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `"text"` as an FTS5 string: a phrase the trigram tokenizer matches as a substring. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The smallest string above every string that starts with `prefix` (for an index range). */
function prefixUpperBound(prefix: string): string {
  const points = [...prefix];
  const last = points.pop()!.codePointAt(0)!;
  return points.join("") + String.fromCodePoint(last + 1);
}

const likePattern = (text: string, before: string, after: string) => sql<string>`${before + escapeLike(text) + after} escape '\\'`;

/**
 * The one place search differs by engine: how listing_name is searched.
 *   SQLite: FTS5 trigram index (listing_name_fts) for texts of three characters or more; an index
 *     range on the primary key for prefixes; LIKE for two-letter infixes (the names table only).
 *   PostgreSQL: LIKE, which the pg_trgm GIN index and the text_pattern_ops index serve.
 */
function nameConditions(dialect: DialectName) {
  type Eb = ExpressionBuilder<Database, "listing_name">;
  // Through listing_name_count_idx (migration 0009).
  const mostListedNames = () =>
    sql<string>`(select most.name_search from listing_name as most order by most.listing_count desc, most.name_search desc limit ${sql.lit(SHORT_INFIX_NAMES)})`;
  const ftsMatch = (query: string) =>
    sql<SqlBool>`listing_name.rowid in (select rowid from listing_name_fts where listing_name_fts match ${query})`;
  const like = (eb: Eb, text: string, before: string, after: string) => eb("listing_name.name_search", "like", likePattern(text, before, after));
  const trigramLength = (text: string) => [...text].length >= 3;

  return {
    /**
     * A listing column for a filter. SQLite picks its index from the filter terms; a unary `+`
     * stops that, so it walks the ORDER BY index instead (PostgreSQL's planner weighs this itself).
     */
    listingColumn(name: FilterColumn, walkSortIndex: boolean) {
      const ref = `listing.${name}` as const;
      return dialect === "sqlite" && walkSortIndex ? sql<unknown>`+${sql.ref(ref)}` : sql.ref<unknown>(ref);
    },
    prefix(eb: Eb, term: string): Expression<SqlBool> {
      if (dialect === "postgres") return like(eb, term, "", "%");
      return eb.and([eb("listing_name.name_search", ">=", term), eb("listing_name.name_search", "<", prefixUpperBound(term))]);
    },
    word(eb: Eb, term: string): Expression<SqlBool> {
      // " term" is at least three characters, so the trigram index serves it from two letters.
      if (dialect === "postgres") return like(eb, term, "% ", "%");
      return ftsMatch(ftsPhrase(` ${term}`));
    },
    infix(eb: Eb, term: string): Expression<SqlBool> {
      // Too short for a trigram index on either engine: only the most listed names are read.
      if (!trigramLength(term)) return eb.and([eb("listing_name.name_search", "in", mostListedNames()), like(eb, term, "%", "%")]);
      if (dialect === "postgres") return like(eb, term, "%", "%");
      return ftsMatch(ftsPhrase(term));
    },
    /** About how many rows the listing table holds, without counting them: a cost estimate only. */
    async estimateListingRows(db: Kysely<Database>): Promise<number> {
      const { rows } =
        dialect === "postgres"
          ? await sql<{ n: number | string | null }>`select reltuples as n from pg_class where oid = 'listing'::regclass`.execute(db)
          : await sql<{ n: number | string | null }>`select max(rowid) as n from listing`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
    containsAny(eb: Eb, terms: string[]): Expression<SqlBool> {
      if (dialect === "postgres") return eb.or(terms.map((term) => like(eb, term, "%", "%")));
      const long = terms.filter(trigramLength);
      return eb.or([
        ...(long.length ? [ftsMatch(long.map(ftsPhrase).join(" OR "))] : []),
        ...terms.filter((term) => !trigramLength(term)).map((term) => like(eb, term, "%", "%")),
      ]);
    },
  };
}

/**
 * `collected`: the matches were collected through the name index, and no sort index may be
 * walked instead (PostgreSQL's planner would, testing every entry): the order is by expressions
 * no index holds, so the engine sorts the collected matches.
 */
function applySort<O, Q extends SelectQueryBuilder<Database, "listing", O>>(query: Q, sort: ListingSort, collected = false): Q {
  const by = (column: "created_at" | "id" | "price_paise") =>
    collected ? (column === "id" ? sql`${sql.ref(`listing.${column}`)} || ''` : sql`${sql.ref(`listing.${column}`)} + 0`) : sql.ref(`listing.${column}`);
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

/** Where a page of a sort order ends: the last listing's sort columns (the public API's cursor, decision 032). */
export interface ListingSortKey {
  createdAt: number;
  pricePaise: number;
  id: string;
}

/** The listings strictly after `key` in applySort's order (row-value comparison, both engines). */
function afterKey<Q extends ListingQuery>(query: Q, sort: ListingSort, key: ListingSortKey): Q {
  return query.where((eb) => {
    switch (sort) {
      case "oldest":
        return eb(eb.refTuple("listing.created_at", "listing.id"), ">", eb.tuple(key.createdAt, key.id));
      case "price-asc":
        return eb(eb.refTuple("listing.price_paise", "listing.created_at", "listing.id"), ">", eb.tuple(key.pricePaise, key.createdAt, key.id));
      case "price-desc":
        return eb(eb.refTuple("listing.price_paise", "listing.created_at", "listing.id"), "<", eb.tuple(key.pricePaise, key.createdAt, key.id));
      default:
        return eb(eb.refTuple("listing.created_at", "listing.id"), "<", eb.tuple(key.createdAt, key.id));
    }
  }) as Q;
}

function toNameCandidate(row: Database["listing_name"]): NameCandidate {
  return {
    nameSearch: row.name_search,
    name: row.name,
    category: row.category as CategorySlug,
    listingCount: Number(row.listing_count),
    listingId: row.listing_id,
  };
}
