/**
 * Listing search on PostgreSQL. Names: LIKE, which the pg_trgm GIN index and the
 * text_pattern_ops index serve. Its planner weighs index choices itself, but misjudges how many
 * listings a name search matches: those are counted, and paged "Nearest first", name by name
 * through the name index. "Nearest first" walks its districts in one recursive statement, as
 * each statement costs a round trip.
 */
import { sql } from "kysely";
import type { ListingSummary } from "../../../core/listings/listing";
import type { ListingFilter } from "../../../core/search/listing-filter";
import { SELLER_PHONE_VERIFIED, SUMMARY_COLUMNS, toSummary, type SummaryRow } from "../listing-sql";
import type { RankedDistrict, SearchContext, SearchEngine, Span } from "./engine";
import { applyFilter, namesContaining, type ListingQuery } from "./filter";
import { nameLike } from "./names";
import type { Plan } from "./plan";

export const postgresEngine: SearchEngine = {
  dialect: "postgres",
  listingColumn: (name) => sql.ref<unknown>(`listing.${name}`),
  prefix: (eb, term) => nameLike(eb, term, "", "%"),
  word: (eb, term) => nameLike(eb, term, "% ", "%"),
  infix: (eb, term) => nameLike(eb, term, "%", "%"),
  containsAny: (eb, terms) => eb.or(terms.map((term) => nameLike(eb, term, "%", "%"))),
  // OFFSET 0 keeps PostgreSQL from folding this into the outer query, where it scanned every
  // name in parallel (10 ms) rather than reading the trigram index (0.3 ms), as it does here.
  keepUnfolded: (query) => query.offset(0),
  async estimateListingRows(db) {
    const { rows } = await sql<{ n: number | string | null }>`select reltuples as n from pg_class where oid = 'listing'::regclass`.execute(
      db,
    );
    return Number(rows[0]?.n ?? 0);
  },
  categoryIndexes: false,
  placePlan: false,
  countNameSearch: countByNames,
  nearestSpans: walkSpans,
  nearestNamePage: namePage,
};

/**
 * A name search counted name by name, each name's listings through the name index: given
 * "names holding the term", PostgreSQL's planner may instead scan the listing table for the
 * first `upTo` matches, misjudging how many there are ("badam": 71,000 rows read, 67 ms, to
 * count 1,001). The lateral join leaves it no other order.
 */
async function countByNames(
  search: SearchContext,
  terms: string[],
  rest: ListingFilter,
  upTo: number,
  extra?: (q: ListingQuery) => ListingQuery,
): Promise<number> {
  const { db, engine } = search;
  const row = await db
    .selectFrom(
      db
        .selectFrom("listing_name")
        .innerJoinLateral(
          (eb) => {
            let carried = applyFilter(search, eb.selectFrom("listing") as unknown as ListingQuery, rest).whereRef(
              "listing.name_search",
              "=",
              sql.ref("listing_name.name_search"),
            );
            if (extra) carried = extra(carried);
            return carried
              .select(sql<number>`1`.as("one"))
              .limit(upTo)
              .as("carried");
          },
          (join) => join.onTrue(),
        )
        .where((eb) => engine.containsAny(eb, terms))
        .select(sql<number>`1`.as("one"))
        .limit(upTo)
        .as("matches"),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of "Nearest first" for a name search alone in one statement: every match once, through
 * the names holding the term and the name index (which holds state, district and "live"),
 * ordered by its district's rank. Counting a name search ring by ring read every match again
 * for each ring, and a district's count through listing_near_idx cannot stop early in a district
 * holding none. So its cost follows the number of matches (10,841 for "onion" on the bench), not
 * the page: what is left to do (decision 024).
 */
async function namePage(
  search: SearchContext,
  filter: ListingFilter,
  ranked: readonly RankedDistrict[],
  limit: number,
  offset: number,
): Promise<ListingSummary[]> {
  const { db } = search;
  const { nameContainsAny: terms = [], ...rest } = filter;
  // Only what the name index holds (index-only), behind OFFSET 0 so the planner keeps one
  // index probe per name: flattened, it hashed the names and scanned every listing (260 ms).
  const matches = db
    .selectFrom(namesContaining(search, terms).as("named"))
    .innerJoinLateral(
      (eb) =>
        applyFilter(search, eb.selectFrom("listing") as unknown as ListingQuery, rest)
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
      select ${sql.join(SUMMARY_COLUMNS.map((column) => sql.ref(column)))}, ${SELLER_PHONE_VERIFIED} as phone_verified
      from page join listing on listing.id = page.id
      order by page.ord nulls last, page.created_at desc, page.id desc`.execute(db);
  return rows.map(toSummary);
}

/**
 * Where each district's matches fall in "Nearest first", in one statement: a recursive walk of
 * the districts, nearest first, each counted (through listing_near_idx or listing_location_idx)
 * no further than what the page still needs, until the page's end: at most `end` index entries
 * plus one probe per empty district, in one round trip. The rings' OR of per-state district
 * lists (as on SQLite) read every ring's listings through a bitmap of the whole ring, and the
 * last ring's district-by-district counts cost up to 64 round trips.
 */
async function walkSpans(
  search: SearchContext,
  filter: ListingFilter,
  ranked: readonly RankedDistrict[],
  end: number,
  plan: Plan = "any",
): Promise<{ spans: Span[]; seen: number }> {
  const { db } = search;
  const spans: Span[] = [];
  let seen = 0;
  // The district at the walk's next step, read from the arrays by position: a join to a table
  // of the districts would read all of them at each step.
  const next = (column: "states" | "districts") => sql<string>`(ranked.${sql.raw(column)})[walk.ord + 1]`;
  const inDistrict = applyFilter(search, db.selectFrom("listing"), filter, plan)
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
