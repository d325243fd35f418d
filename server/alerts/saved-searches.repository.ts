/** The SQL of saved searches and the listings they found (migration 0016, decision 022). */
import { PostgresAdapter, type Kysely } from "kysely";
import type { Database, SavedSearchTable } from "../db/schema";
import { liveAt, SUMMARY_COLUMNS, toSummary } from "../listings/listing-sql";
import type { FilterableListing } from "../../core/search/listing-filter";
import type { ListingSummary } from "../../core/listings/listing";
import type { SavedSearchKey } from "../../core/alerts/saved-search-index";
import { insertWithinLimit } from "../db/insert-within-limit";

export type SavedSearchRow = Omit<SavedSearchTable, "paused" | "pace" | "digest_hour" | "channels" | "language"> & {
  /** "en" or "hi" (migration 0019): what its email is written in. */
  language: string;
  paused: number;
  pace: string;
  digest_hour: number;
  channels: string;
};

/** What matching reads of a candidate saved search. */
export type CandidateRow = Pick<SavedSearchRow, "id" | "user_id" | "query" | "pace" | "channels">;

/** Ids to look up at once in one IN list (SQLite allows 32,766 parameters; PostgreSQL 65,535). */
const KEY_BATCH = 500;

/** A saved search's index row (migration 0021): `id` is "<saved search id>|<key>", the unique column db:copy walks. */
export function keyRow(savedSearchId: string, key: SavedSearchKey) {
  return {
    id: `${savedSearchId}|${key.term}`,
    term: key.term,
    saved_search_id: savedSearchId,
    state: key.state,
    district: key.district,
    category: key.category,
    min_paise: key.minPaise,
    max_paise: key.maxPaise,
    grade: key.grade,
  };
}

/** Saved searches one statement of listMatches asks about (a UNION ALL of one part each; SQLite allows 500 parts). */
const SEARCHES_PER_STATEMENT = 100;

/** Rows an INSERT of matches carries (5 values each: 5,000 parameters, within either engine's limit). */
export const MATCH_ROWS_PER_STATEMENT = 1_000;

export function createSavedSearchesRepository(
  db: Kysely<Database>,
  options: { rowsPerStatement: number } = { rowsPerStatement: MATCH_ROWS_PER_STATEMENT },
) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const columns = [
    "id",
    "user_id",
    "name",
    "query",
    "paused",
    "pace",
    "digest_hour",
    "channels",
    "created_at",
    "updated_at",
    "seen_at",
    "last_digest_at",
    "language",
  ] as const;
  const toRow = (row: SavedSearchRow): SavedSearchRow => ({
    ...row,
    paused: Number(row.paused),
    digest_hour: Number(row.digest_hour),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    seen_at: Number(row.seen_at),
    last_digest_at: row.last_digest_at === null ? null : Number(row.last_digest_at),
  });

  async function countForUser(within: Kysely<Database>, userId: string): Promise<number> {
    const row = await within
      .selectFrom("saved_search")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function putKeys(within: Kysely<Database>, id: string, keys: readonly SavedSearchKey[]) {
    await within.deleteFrom("saved_search_term").where("saved_search_id", "=", id).execute();
    if (keys.length)
      await within
        .insertInto("saved_search_term")
        .values(keys.map((key) => keyRow(id, key)))
        .execute();
  }

  return {
    /** A new saved search and its index keys (core/alerts/saved-search-index.ts), together; false when its owner already has `max`. */
    insert(row: SavedSearchRow, keys: readonly SavedSearchKey[], max: number): Promise<boolean> {
      return insertWithinLimit(db, {
        limit: "saved_search",
        userId: row.user_id,
        max,
        count: (trx) => countForUser(trx, row.user_id),
        insert: async (trx) => {
          await trx.insertInto("saved_search").values(row).execute();
          await putKeys(trx, row.id, keys);
        },
      });
    },

    async find(id: string): Promise<SavedSearchRow | null> {
      const row = await db
        .selectFrom("saved_search")
        .select([...columns])
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toRow(row as SavedSearchRow) : null;
    },

    /** A person's saved searches, each with how many of its matches are newer than their last look. */
    async listForUser(userId: string): Promise<Array<SavedSearchRow & { fresh: number }>> {
      const rows = await db
        .selectFrom("saved_search as s")
        .select(columns.map((c) => `s.${c}` as const))
        .select((eb) => [
          eb
            .selectFrom("alert_match as m")
            .select((c) => c.fn.countAll<number | string>().as("n"))
            .whereRef("m.saved_search_id", "=", "s.id")
            .whereRef("m.created_at", ">", "s.seen_at")
            .as("fresh"),
        ])
        .where("s.user_id", "=", userId)
        .orderBy("s.created_at", "desc")
        .orderBy("s.id", "desc")
        .execute();
      return rows.map((row) => ({ ...toRow(row as SavedSearchRow), fresh: Number(row.fresh ?? 0) }));
    },

    async update(
      id: string,
      changes: Partial<Pick<SavedSearchRow, "name" | "paused" | "pace" | "digest_hour" | "channels" | "updated_at" | "last_digest_at">>,
    ): Promise<void> {
      await db.updateTable("saved_search").set(changes).where("id", "=", id).execute();
    },

    /**
     * The saved search's row goes first: matching that is recording for it at this moment holds
     * it (recordMatches), so this waits for that to commit and then removes what it recorded,
     * or recordMatches waits for this and finds the search gone. No match is left behind.
     */
    async delete(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("saved_search").where("id", "=", id).execute();
        await trx.deleteFrom("saved_search_term").where("saved_search_id", "=", id).execute();
        await trx.deleteFrom("alert_match").where("saved_search_id", "=", id).execute();
      });
    },

    /**
     * Saved searches filed under any of these keys with bounds the listing is within (place,
     * category, price, grade: decision 030), not paused, not the seller's own: the candidates a
     * new listing is tested against. saved_search_term_bounds_idx is read one range per key and
     * state (the listing's, and "" for any), and holds every bound, so the rows it rules out are
     * never read; listingWithinBounds (core/alerts/saved-search-index.ts) is the same test in memory.
     */
    async findCandidates(keys: readonly string[], listing: FilterableListing): Promise<CandidateRow[]> {
      const found = new Map<string, CandidateRow>();
      const states = listing.state ? [listing.state, ""] : [""];
      for (let i = 0; i < keys.length; i += KEY_BATCH) {
        const batch = keys.slice(i, i + KEY_BATCH);
        const rows = await db
          .selectFrom("saved_search as s")
          .select(["s.id", "s.user_id", "s.query", "s.pace", "s.channels"])
          .where("s.id", "in", (eb) =>
            eb
              .selectFrom("saved_search_term as t")
              .select("t.saved_search_id")
              .where("t.term", "in", batch)
              .where("t.state", "in", states)
              .where((w) =>
                listing.district === null
                  ? w("t.district", "is", null)
                  : w.or([w("t.district", "is", null), w("t.district", "=", listing.district)]),
              )
              .where((w) => w.or([w("t.category", "is", null), w("t.category", "=", listing.category)]))
              .where((w) => w.or([w("t.min_paise", "is", null), w("t.min_paise", "<=", listing.pricePaise)]))
              .where((w) => w.or([w("t.max_paise", "is", null), w("t.max_paise", ">=", listing.pricePaise)]))
              .where((w) =>
                listing.grade === null ? w("t.grade", "is", null) : w.or([w("t.grade", "is", null), w("t.grade", "=", listing.grade)]),
              ),
          )
          .where("s.paused", "=", 0)
          .where("s.user_id", "<>", listing.sellerId)
          .execute();
        for (const row of rows) found.set(row.id, row);
      }
      return [...found.values()];
    },

    /**
     * Records what each saved search found (a pair once: ON CONFLICT DO NOTHING) and, in the same
     * transaction, what `alongside` writes with the handle it is given and the saved searches
     * whose match this call recorded, not one already there (matching queues those matches' email
     * and push jobs there): a process killed half-way leaves all or none of it, so a pair already
     * recorded had its jobs queued with it. `rowsPerStatement` rows go in one INSERT (5 values a
     * row; SQLite allows 32,766 parameters a statement, PostgreSQL 65,535).
     */
    async recordMatches(
      rows: ReadonlyArray<{ id: string; saved_search_id: string; listing_id: string; user_id: string; created_at: number }>,
      alongside: (within: Kysely<Database>, recorded: ReadonlySet<string>) => Promise<void> = async () => {},
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Only for saved searches still there, held until the commit so that one being deleted
        // now (`delete`, `deleteForUser`: the search's row first) waits and then removes these
        // rows too, or is gone before this reads. On SQLite the transaction's write lock does it.
        const kept = new Set<string>();
        const searchIds = [...new Set(rows.map((row) => row.saved_search_id))];
        for (let i = 0; i < searchIds.length; i += options.rowsPerStatement) {
          let held = trx
            .selectFrom("saved_search")
            .select("id")
            .where("id", "in", searchIds.slice(i, i + options.rowsPerStatement));
          if (postgres) held = held.forKeyShare();
          for (const { id } of await held.execute()) kept.add(id);
        }
        const written = rows.filter((row) => kept.has(row.saved_search_id));
        // Only the rows inserted come back: a pair already there (this listing matched before, or
        // a run for it at this moment on another instance, which this one waits for) does not.
        const recorded = new Set<string>();
        for (let i = 0; i < written.length; i += options.rowsPerStatement) {
          const inserted = await trx
            .insertInto("alert_match")
            .values(written.slice(i, i + options.rowsPerStatement))
            .onConflict((oc) => oc.columns(["listing_id", "saved_search_id"]).doNothing())
            .returning("saved_search_id")
            .execute();
          for (const row of inserted) recorded.add(row.saved_search_id);
        }
        await alongside(trx, recorded);
      });
    },

    /**
     * Matches found since the person last looked at My alerts: through their saved searches
     * (saved_search_user_idx), each a range of alert_match_search_idx (saved_search_id,
     * created_at) after its seen_at, counted in the index (migration 0033).
     */
    async countUnseen(userId: string): Promise<number> {
      const row = await db
        .selectFrom("saved_search as s")
        .innerJoin("alert_match as m", (join) => join.onRef("m.saved_search_id", "=", "s.id").onRef("m.created_at", ">", "s.seen_at"))
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("s.user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async markSeen(userId: string, at: number): Promise<void> {
      // Never back: a page shown earlier, marking later, leaves what a later page marked.
      await db.updateTable("saved_search").set({ seen_at: at }).where("user_id", "=", userId).where("seen_at", "<", at).execute();
    },

    /**
     * The listings a person's saved searches found, newest first (then by match id, as before),
     * with whether each is new. Through their saved searches (migration 0033), in two reads of
     * alert_match_search_idx (saved_search_id, created_at): first, for each search, the time of its
     * `limit`-th newest match (its newest `limit` entries of the index, nothing else read); the
     * person's newest `limit` are all at or after the latest of those times. Then only the matches
     * from that time on, with their listings, sorted. When hidden listings leave fewer than
     * `limit` of those, every match is read instead (as for a person with fewer than `limit` a
     * search). So a person with a year of matches reads about `limit` of them, not all.
     */
    async listMatches(
      userId: string,
      limit: number,
    ): Promise<Array<{ savedSearchId: string; foundAt: number; fresh: boolean; listing: ListingSummary }>> {
      if (limit <= 0) return [];
      const searches = await db.selectFrom("saved_search").select("id").where("user_id", "=", userId).execute();
      // One part a search, each with its own id as a value: PostgreSQL plans each with that search's
      // statistics (a correlated subquery got the average search's, a few rows, and read every match
      // of a person whose searches have thousands). Each part a subquery: SQLite allows ORDER BY
      // and LIMIT only on a compound's whole.
      const nths: number[] = [];
      for (let i = 0; i < searches.length; i += SEARCHES_PER_STATEMENT) {
        const parts = searches.slice(i, i + SEARCHES_PER_STATEMENT).map((search, j) =>
          db
            .selectFrom(
              db
                .selectFrom("alert_match")
                .select("created_at")
                .where("saved_search_id", "=", search.id)
                .orderBy("created_at", "desc")
                .limit(1)
                .offset(limit - 1)
                .as(`n${j}`),
            )
            .selectAll(),
        );
        const [first, ...rest] = parts;
        if (first)
          for (const row of await rest.reduce((union, part) => union.unionAll(part), first).execute()) nths.push(Number(row.created_at));
      }
      const read = (since: number | null) =>
        db
          .selectFrom("saved_search as s")
          .innerJoin("alert_match as m", (join) =>
            since === null
              ? join.onRef("m.saved_search_id", "=", "s.id")
              : join.onRef("m.saved_search_id", "=", "s.id").on("m.created_at", ">=", since),
          )
          .innerJoin("listing", "listing.id", "m.listing_id")
          .select([...SUMMARY_COLUMNS, "m.saved_search_id", "m.created_at as found_at", "s.seen_at"])
          .where("s.user_id", "=", userId)
          .where("listing.hidden_at", "is", null)
          .orderBy("m.created_at", "desc")
          .orderBy("m.id", "desc")
          .limit(limit)
          .execute();
      const since = nths.length ? Math.max(...nths) : null;
      let rows = await read(since);
      if (rows.length < limit && since !== null) rows = await read(null);
      return rows.map((row) => ({
        savedSearchId: row.saved_search_id,
        foundAt: Number(row.found_at),
        fresh: Number(row.found_at) > Number(row.seen_at),
        listing: toSummary(row),
      }));
    },

    /** Daily-digest searches whose hour it is and which have not had today's digest. */
    async findDueDigests(hour: number, dayStart: number): Promise<SavedSearchRow[]> {
      const rows = await db
        .selectFrom("saved_search")
        .select([...columns])
        .where("pace", "=", "daily")
        .where("paused", "=", 0)
        .where("digest_hour", "<=", hour)
        .where((eb) => eb.or([eb("last_digest_at", "is", null), eb("last_digest_at", "<", dayStart)]))
        .execute();
      return rows.map((row) => toRow(row as SavedSearchRow));
    },

    /**
     * Everything of a person's here (account deletion, decision 012): saved searches, their keys
     * and matches, push subscriptions. Not their address's suppression, which is the address's,
     * not the account's, and kept only as a keyed hash (decision 045).
     */
    async deleteForUser(userId: string, within: Kysely<Database> = db): Promise<void> {
      // The searches' rows first, as in `delete`: matching recording for one of them now finishes first.
      const ids = (await within.deleteFrom("saved_search").where("user_id", "=", userId).returning("id").execute()).map((row) => row.id);
      if (ids.length) {
        await within.deleteFrom("saved_search_term").where("saved_search_id", "in", ids).execute();
        // Through their saved searches (alert_match_search_idx, migration 0033): no index reads alert_match by person.
        await within.deleteFrom("alert_match").where("saved_search_id", "in", ids).execute();
      }
      await within.deleteFrom("push_subscription").where("user_id", "=", userId).execute();
      // Their queued jobs are the job queue's to remove (JobQueue.removeForUser, decision 028).
    },

    /** A live listing as matching reads it; null when it is not live at `at`. */
    async findLiveListing(listingId: string, at: number) {
      const row = await db
        .selectFrom("listing")
        .select(["id", "seller_id", "name_search", "category", "price_paise", "state", "district", "grade"])
        .where("id", "=", listingId)
        .where((eb) => liveAt(eb, at))
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            sellerId: row.seller_id,
            nameSearch: row.name_search,
            category: row.category,
            pricePaise: Number(row.price_paise),
            state: row.state,
            district: row.district,
            grade: row.grade,
          }
        : null;
    },
  };
}

export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
