/**
 * Listing search and browsing: what buyers see (listings.repository.ts has the writes). The SQL is
 * in search/: the filter (filter.ts), the plan (plan.ts, pure), counts, pages, "Nearest first",
 * the names table, and what differs by engine (engine.ts; sqlite.ts, postgres.ts).
 */
import type { Kysely } from "kysely";
import type { DialectName } from "../db/database";
import type { Database } from "../db/schema";
import type { ListingFilter } from "../../core/search/listing-filter";
import { countMatches } from "./search/count";
import type { SearchContext } from "./search/engine";
import { countLiveListings, findLiveNames, findNames, listNamesByCount, type NameMatch } from "./search/names";
import { listNearest } from "./search/nearest";
import { listPage } from "./search/page";
import { DENSITY_SAMPLE, PLACE_WALK_CAP } from "./search/plan";
import { postgresEngine } from "./search/postgres";
import { sqliteEngine } from "./search/sqlite";

/** Where a page of a sort order ends: the last listing's sort columns (the public API's cursor, decision 032). */
export interface ListingSortKey {
  createdAt: number;
  pricePaise: number;
  id: string;
}

/**
 * The repository over the engine `dialect` names (search/sqlite.ts or search/postgres.ts), chosen
 * here once. `densitySample`: DENSITY_SAMPLE unless a test's small marketplace must be sampled
 * too; `placeWalkCap`: PLACE_WALK_CAP unless a test's small places must overflow it.
 */
export function createListingSearchRepository(
  db: Kysely<Database>,
  dialect: DialectName,
  options: { densitySample?: number; placeWalkCap?: number } = {},
) {
  const search: SearchContext = {
    db,
    engine: dialect === "postgres" ? postgresEngine : sqliteEngine,
    densitySample: options.densitySample ?? DENSITY_SAMPLE,
    placeWalkCap: options.placeWalkCap ?? PLACE_WALK_CAP,
  };

  return {
    /** A seller as their public page shows them (`banned`: their page is gone, decision 014). */
    async findSeller(id: string): Promise<{ id: string; name: string; phone: string; createdAt: number; banned: boolean } | null> {
      const row = await db
        .selectFrom("user")
        .select(["id", "name", "phone", "createdAt", "banned"])
        .where("id", "=", id)
        .executeTakeFirst();
      return row
        ? { id: row.id, name: row.name, phone: row.phone, createdAt: new Date(row.createdAt).getTime(), banned: Boolean(row.banned) }
        : null;
    },

    /** A page in one of the sort orders (search/page.ts). */
    list: (options: Parameters<typeof listPage>[1]) => listPage(search, options),

    /** A page of "Nearest first" (decision 024, search/nearest.ts). */
    listNearest: (options: Parameters<typeof listNearest>[1]) => listNearest(search, options),

    /**
     * How many listings match, counting no further than `upTo` (a broad search stops early, so
     * its cost does not grow with the marketplace).
     */
    count: (filter: ListingFilter, options: { upTo: number }) => countMatches(search, filter, options.upTo),

    /** Distinct names where the term occurs in the given place, most listed first (search/names.ts). */
    findNames: (options: { term: string; match: NameMatch; limit: number; liveAt: number }) => findNames(search, options),

    /** Those of these names a live listing carries, as candidates. */
    findLiveNames: (nameSearches: string[], liveAt: number) => findLiveNames(search, nameSearches, liveAt),

    /** For each of a few names, how many live listings carry it (up to `upTo`) and the newest of them. */
    countLiveListings: (nameSearches: string[], at: number, upTo: number) => countLiveListings(search, nameSearches, at, upTo),

    /**
     * Every distinct name and how many listings carry it, most listed first, a page at a time. A
     * generator function, as timedRepository leaves those untimed.
     */
    async *listNamesByCount(pageSize: number): AsyncGenerator<Array<{ nameSearch: string; listingCount: number }>> {
      yield* listNamesByCount(search, pageSize);
    },
  };
}

export type ListingSearchRepository = ReturnType<typeof createListingSearchRepository>;
