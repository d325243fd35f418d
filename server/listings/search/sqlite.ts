/**
 * Listing search on SQLite. Names: an FTS5 trigram index (listing_name_fts) for texts of three
 * characters or more, an index range on the primary key for prefixes, LIKE for shorter texts.
 * Filters hide columns from the planner with a unary `+` where an index must be walked. A
 * category alone, and a name search in a small place, have their own indexes; "Nearest first"
 * counts rings of districts, as in-process queries cost no round trip.
 */
import { sql, type SqlBool } from "kysely";
import type { PlaceMatch } from "../../../core/locations";
import type { ListingFilter } from "../../../core/search/listing-filter";
import { countWhere } from "./count";
import type { RankedDistrict, SearchContext, SearchEngine, Span } from "./engine";
import { applyFilter, inPlaces, type ListingQuery } from "./filter";
import { nameLike, trigramLength } from "./names";
import type { Plan } from "./plan";

/** "Nearest first" (decision 024): districts are read in rings of this many, doubling, nearest first. */
const FIRST_RING = 8;
/** …up to this many, so the ring where a page ends is read district by district at small cost. */
const LARGEST_RING = 64;

const ftsMatch = (query: string) =>
  sql<SqlBool>`listing_name.rowid in (select rowid from listing_name_fts where listing_name_fts match ${query})`;

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

export const sqliteEngine: SearchEngine = {
  dialect: "sqlite",
  // SQLite picks its index from the filter terms; a unary `+` stops that, so it walks the ORDER BY index instead.
  listingColumn: (name, hidden) => (hidden ? sql<unknown>`+${sql.ref(`listing.${name}`)}` : sql.ref<unknown>(`listing.${name}`)),
  prefix: (eb, term) => eb.and([eb("listing_name.name_search", ">=", term), eb("listing_name.name_search", "<", prefixUpperBound(term))]),
  // " term" is at least three characters, so the trigram index serves it from two letters.
  word: (_eb, term) => ftsMatch(ftsPhrase(` ${term}`)),
  infix: (_eb, term) => ftsMatch(ftsPhrase(term)),
  containsAny(eb, terms) {
    const long = terms.filter(trigramLength);
    return eb.or([
      ...(long.length ? [ftsMatch(long.map(ftsPhrase).join(" OR "))] : []),
      ...terms.filter((term) => !trigramLength(term)).map((term) => nameLike(eb, term, "%", "%")),
    ]);
  },
  keepUnfolded: (query) => query,
  async estimateListingRows(db) {
    const { rows } = await sql<{ n: number | string | null }>`select max(rowid) as n from listing`.execute(db);
    return Number(rows[0]?.n ?? 0);
  },
  categoryIndexes: true,
  placePlan: true,
  nearestSpans: ringSpans,
};

/**
 * Where each district's matches fall in "Nearest first" up to the page's end: districts in
 * rings (8, 16, 32, then 64 at a time, nearest first), each counted no further than the page's
 * end through the place index; where the page ends, district by district. In-process queries
 * cost no round trip, so many short counts are cheap here.
 */
async function ringSpans(
  search: SearchContext,
  filter: ListingFilter,
  ranked: readonly RankedDistrict[],
  end: number,
  plan: Plan = "any",
): Promise<{ spans: Span[]; seen: number }> {
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
    const inThisRing = await countWhere(search, filter, need, inRing, plan, false);
    if (!inThisRing) continue;
    if (inThisRing < need) {
      // All of the ring's matches come before the page's end: fewer than a page's depth, counted exactly.
      const rows = await inRing(applyFilter(search, search.db.selectFrom("listing"), filter, plan))
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
      const count = await countWhere(search, { ...filter, state, district }, end - seen, undefined, plan, false);
      if (count) spans.push({ state, district, from: seen, count });
      seen += count;
      if (seen >= end) break;
    }
  }
  return { spans, seen };
}
