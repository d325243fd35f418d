/**
 * The names table (listing_name, decision 007): the distinct names suggestions are made of, how
 * many live listings carry each, and the word list typos are corrected against.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { CategorySlug } from "../../../core/catalogue/categories";
import type { NameCandidate } from "../../../core/search/suggestions";
import type { Database } from "../../db/schema";
import { liveAt } from "../listing-sql";
import type { NameEb, SearchContext } from "./engine";
import { likePattern } from "./filter";

/** Where in a name a suggestion term must occur, best first (core/search/suggestions ranks the same way). */
export type NameMatch = "prefix" | "word" | "infix";

/** A two-letter search inside words looks among this many of the most listed names. */
const SHORT_INFIX_NAMES = 5_000;

const NAME_COLUMNS = [
  "listing_name.name_search",
  "listing_name.name",
  "listing_name.category",
  "listing_name.listing_count",
  "listing_name.listing_id",
] as const;

/** Long enough for a trigram index (FTS5 trigram on SQLite, pg_trgm on PostgreSQL). */
export const trigramLength = (text: string) => [...text].length >= 3;

/** `name_search LIKE before || text || after`, the text's wildcards escaped. */
export const nameLike = (eb: NameEb, text: string, before: string, after: string) =>
  eb("listing_name.name_search", "like", likePattern(text, before, after));

/** The names where `term` occurs in the given place (NameMatch), on the search's engine. */
function nameMatches(search: SearchContext, match: NameMatch, eb: NameEb, term: string): Expression<SqlBool> {
  // Too short for a trigram index on either engine: only the most listed names are read
  // (through listing_name_count_idx, migration 0009).
  if (match === "infix" && !trigramLength(term)) {
    const mostListedNames = sql<string>`(select most.name_search from listing_name as most order by most.listing_count desc, most.name_search desc limit ${sql.lit(SHORT_INFIX_NAMES)})`;
    return eb.and([eb("listing_name.name_search", "in", mostListedNames), nameLike(eb, term, "%", "%")]);
  }
  return search.engine[match](eb, term);
}

/**
 * Distinct names where the term occurs in the given place, most listed first, at most
 * `limit`. A prefix walks an index range; the other places use the trigram index.
 */
export async function findNames(
  search: SearchContext,
  options: { term: string; match: NameMatch; limit: number; liveAt: number },
): Promise<NameCandidate[]> {
  // Ranked first, then checked for a live listing a batch at a time: a common prefix matches
  // thousands of names, and checking each of them before ranking cost more than the rest.
  const found: NameCandidate[] = [];
  for (let offset = 0, batch = options.limit * 2; ; offset += batch, batch *= 4) {
    const ranked = await search.db
      .selectFrom("listing_name")
      .select([...NAME_COLUMNS])
      .where((eb) => nameMatches(search, options.match, eb, options.term))
      .orderBy("listing_name.listing_count", "desc")
      .orderBy("listing_name.name_search", "asc")
      .limit(batch)
      .offset(offset)
      .execute();
    const live = new Set(
      (
        await findLiveNames(
          search,
          ranked.map((row) => row.name_search),
          options.liveAt,
        )
      ).map((c) => c.nameSearch),
    );
    for (const row of ranked) if (live.has(row.name_search)) found.push(toNameCandidate(row));
    if (found.length >= options.limit || ranked.length < batch) return found.slice(0, options.limit);
  }
}

/** Those of these names a live listing carries (one index probe each), as candidates. */
export async function findLiveNames(search: SearchContext, nameSearches: string[], liveAt: number): Promise<NameCandidate[]> {
  if (!nameSearches.length) return [];
  const rows = await search.db
    .selectFrom("listing_name")
    .select([...NAME_COLUMNS])
    .where("listing_name.name_search", "in", nameSearches)
    .where((eb) => hasLiveListing(eb, liveAt))
    .execute();
  return rows.map(toNameCandidate);
}

/**
 * For each of a few names (the suggestions shown), how many live listings carry it, counted
 * up to `upTo`, and the newest of them. Counted at each request, not kept: "live" changes
 * with time (expiry) as well as with writes. Each name reads listing_name_search_idx (name,
 * created_at, …, the live columns) newest first, where its live listings are, and stops at
 * `upTo`: fifteen names cost fifteen short index ranges in one statement. Names with no live
 * listing are absent.
 */
export async function countLiveListings(
  search: SearchContext,
  nameSearches: string[],
  at: number,
  upTo: number,
): Promise<Map<string, { count: number; listingId: string }>> {
  if (!nameSearches.length) return new Map();
  const liveOfName = (eb: ExpressionBuilder<Database, "listing_name">) =>
    eb
      .selectFrom("listing")
      .whereRef("listing.name_search", "=", "listing_name.name_search")
      .where((live) => liveAt(live, at))
      .orderBy("listing.created_at", "desc");
  const rows = await search.db
    .selectFrom("listing_name")
    .select((eb) => [
      "listing_name.name_search",
      eb
        .selectFrom(
          liveOfName(eb)
            .select(sql<number>`1`.as("one"))
            .limit(upTo)
            .as("live"),
        )
        .select((count) => count.fn.countAll<number | string>().as("n"))
        .as("n"),
      liveOfName(eb).select("listing.id").limit(1).as("listing_id"),
    ])
    .where("listing_name.name_search", "in", nameSearches)
    .execute();
  return new Map(
    rows
      .filter((row) => Number(row.n) > 0 && row.listing_id)
      .map((row) => [row.name_search, { count: Number(row.n), listingId: row.listing_id! }]),
  );
}

/**
 * Every distinct name and how many listings carry it, most listed first, a page at a time
 * (through listing_name_count_idx), for the word list typos are corrected against.
 */
export async function* listNamesByCount(
  search: SearchContext,
  pageSize: number,
): AsyncGenerator<Array<{ nameSearch: string; listingCount: number }>> {
  let after: { count: number; name: string } | undefined;
  for (;;) {
    const from = after;
    const rows = await search.db
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
}

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

function toNameCandidate(row: Database["listing_name"]): NameCandidate {
  return {
    nameSearch: row.name_search,
    name: row.name,
    category: row.category as CategorySlug,
    listingCount: Number(row.listing_count),
    listingId: row.listing_id,
  };
}
