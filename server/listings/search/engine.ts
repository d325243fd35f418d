/**
 * What listing search does differently on SQLite (sqlite.ts) and PostgreSQL (postgres.ts), behind
 * one interface; createListingSearchRepository picks the engine once. Everything else (the
 * filter's SQL, the plan, counting, paging, the names table) is written once over it.
 */
import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from "kysely";
import type { ListingSummary } from "../../../core/listings/listing";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";
import type { ListingFilter } from "../../../core/search/listing-filter";
import type { FilterColumn, ListingQuery } from "./filter";
import type { Plan } from "./plan";

/** What every part of search reads: the database, its engine, and the two limits tests may lower. */
export interface SearchContext {
  db: Kysely<Database>;
  engine: SearchEngine;
  /** Newest-first entries a name search's share is measured on (plan.ts, DENSITY_SAMPLE). */
  densitySample: number;
  /** At most this many of a place's listings are read to count or page a name search in it (plan.ts, PLACE_WALK_CAP). */
  placeWalkCap: number;
}

export type NameEb = ExpressionBuilder<Database, "listing_name">;

/** Where each district's matches fall in "Nearest first", up to the page's end. */
export type Span = { state: string | null; district: string | null; from: number; count: number };
export type RankedDistrict = { state: string; district: string };

export interface SearchEngine {
  readonly dialect: DialectName;

  /**
   * A listing column for a filter. `hidden`: kept from the planner's choice of index, so it walks
   * the ORDER BY index instead (SQLite, a unary `+`; PostgreSQL's planner weighs this itself).
   */
  listingColumn(name: FilterColumn, hidden: boolean): Expression<unknown>;

  /** How listing_name is searched (decision 007): names starting with the term. */
  prefix(eb: NameEb, term: string): Expression<SqlBool>;
  /** …names with a word starting with it, from two letters. */
  word(eb: NameEb, term: string): Expression<SqlBool>;
  /** …names holding it, three letters or more (names.ts reads shorter ones among the most listed). */
  infix(eb: NameEb, term: string): Expression<SqlBool>;
  /** …names holding any of these texts, of any length (a search's terms). */
  containsAny(eb: NameEb, terms: string[]): Expression<SqlBool>;
  /** The subquery of names holding a term, as the query around it must read it. */
  keepUnfolded<O>(query: SelectQueryBuilder<Database, "listing_name", O>): SelectQueryBuilder<Database, "listing_name", O>;

  /** About how many rows the listing table holds, without counting them: a cost estimate only. */
  estimateListingRows(db: Kysely<Database>): Promise<number>;

  /** A category alone is read through its own indexes (plan.ts, categoryIndexServes). */
  readonly categoryIndexes: boolean;
  /** A name search in a small place may be paged through the place (plan "place"). */
  readonly placePlan: boolean;

  /**
   * A name search alone, not counted through its place (count.ts): counted the engine's own
   * way, or, when absent, as any other filter.
   */
  countNameSearch?(
    search: SearchContext,
    terms: string[],
    rest: ListingFilter,
    upTo: number,
    extra?: (q: ListingQuery) => ListingQuery,
  ): Promise<number>;

  /** "Nearest first": where each district's matches fall, nearest first, up to the page's end. */
  nearestSpans(
    search: SearchContext,
    filter: ListingFilter,
    ranked: readonly RankedDistrict[],
    end: number,
    plan?: Plan,
  ): Promise<{ spans: Span[]; seen: number }>;

  /**
   * "Nearest first" for a name search alone with few matches (not walked), in one statement;
   * when absent, through the spans as any other search.
   */
  nearestNamePage?(
    search: SearchContext,
    filter: ListingFilter,
    ranked: readonly RankedDistrict[],
    limit: number,
    offset: number,
  ): Promise<ListingSummary[]>;
}
