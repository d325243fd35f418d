/** The only place with SQL for listings. */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { CategorySlug } from "../../core/categories";
import { placeLabel } from "../../core/locations";
import { listingStatus, type ListingDetail, type ListingSummary, type OwnListingSummary } from "../../core/listing";
import type { ListingSort } from "../../core/schemas";
import type { NameCandidate } from "../../core/suggestions";
import type { DialectName } from "../db/database";
import type { Database, ListingPhotoTable, ListingTable } from "../db/schema";

/** The columns a seller's edit sets (everything but identity, photos, status, dates and moderation). */
export type ListingChanges = Omit<ListingTable, "id" | "seller_id" | "image_key" | "image_name" | "created_at" | "status" | "expires_at" | "updated_at" | ModerationColumn>;

/** Written by moderation only (server/moderation); a new listing starts with them empty. */
type ModerationColumn = "hidden_at" | "hidden_reason" | "hidden_cause" | "review_requested_at";

export interface ListingFilter {
  /** Only listings buyers may see at this instant (epoch ms): active, not yet expired, not hidden by moderation. */
  liveAt?: number;
  sellerId?: string;
  /** Slugs from core/locations. */
  state?: string;
  district?: string;
  /** Normalised texts (see core/search-terms): the name must contain one of them. */
  nameContainsAny?: string[];
  /** With nameContainsAny: also match listings in these categories. */
  orCategories?: CategorySlug[];
  /** Exact normalised names, e.g. the close spellings a typo search settled on. */
  nameIn?: string[];
  category?: CategorySlug;
  minPaise?: number;
  maxPaise?: number;
}

/** A photo as a listing_photo row holds it (its position is its place in a list). */
export type StoredPhoto = Pick<ListingPhotoTable, "image_key" | "image_name">;

type ListingQuery = SelectQueryBuilder<Database, "listing", object>;

const SUMMARY_COLUMNS = [
  "listing.id",
  "listing.name",
  "listing.category",
  "listing.price_paise",
  "listing.unit_price_paise",
  "listing.unit",
  "listing.image_key",
  "listing.created_at",
  "listing.state",
  "listing.district",
] as const;

const OWN_SUMMARY_COLUMNS = [
  ...SUMMARY_COLUMNS,
  "listing.status",
  "listing.expires_at",
  "listing.hidden_at",
  "listing.hidden_reason",
  "listing.hidden_cause",
  "listing.review_requested_at",
] as const;

const NAME_COLUMNS = [
  "listing_name.name_search",
  "listing_name.name",
  "listing_name.category",
  "listing_name.listing_count",
  "listing_name.listing_id",
] as const;

/**
 * From this many matches on, a page is found by walking the sort index: sorting them all would
 * cost more than skipping index entries, even for a deep page.
 */
const WALK_SORT_INDEX_FROM = 2_000;

type FilterColumn = "category" | "price_paise" | "name_search" | "status" | "expires_at" | "hidden_at" | "state" | "district";

/** Where in a name a suggestion term must occur, best first (core/suggestions ranks the same way). */
export type NameMatch = "prefix" | "word" | "infix";

export function createListingsRepository(db: Kysely<Database>, dialect: DialectName) {
  const names = nameConditions(dialect);

  /**
   * `walkSortIndex`: the caller expects many matches, so the page is found by walking the sort
   * order's index and testing each entry (cheap: the sort indexes hold every filtered column)
   * rather than collecting every match and sorting it.
   */
  function applyFilter<Q extends ListingQuery>(query: Q, filter: ListingFilter, walkSortIndex = false): Q {
    const column = (name: FilterColumn) => names.listingColumn(name, walkSortIndex);
    let q = query;
    if (filter.liveAt !== undefined) q = q.where(column("status"), "=", "active").where(column("expires_at"), ">", filter.liveAt).where(column("hidden_at"), "is", null) as Q;
    if (filter.sellerId) q = q.where("listing.seller_id", "=", filter.sellerId) as Q;
    if (filter.state) q = q.where(column("state"), "=", filter.state) as Q;
    if (filter.district) q = q.where(column("district"), "=", filter.district) as Q;
    if (filter.category) q = q.where(column("category"), "=", filter.category) as Q;
    if (filter.minPaise !== undefined) q = q.where(column("price_paise"), ">=", filter.minPaise) as Q;
    if (filter.maxPaise !== undefined) q = q.where(column("price_paise"), "<=", filter.maxPaise) as Q;
    if (filter.nameIn) q = q.where(column("name_search"), "in", filter.nameIn.length ? filter.nameIn : [""]) as Q;
    const terms = filter.nameContainsAny ?? [];
    if (terms.length) {
      // Through listing_name: the names that contain a term come from its trigram index, then
      // listing(name_search) leads to the listings carrying them.
      const categories = filter.orCategories ?? [];
      q = q.where((eb) =>
        eb.or([
          eb(column("name_search"), "in", namesContaining(terms)),
          ...(categories.length ? [eb(column("category"), "in", categories)] : []),
        ]),
      ) as Q;
    }
    return q;
  }

  function namesContaining(terms: string[]) {
    return db
      .selectFrom("listing_name")
      .select("listing_name.name_search")
      .where((eb) => names.containsAny(eb, terms));
  }

  async function countWhere(filter: ListingFilter, extra?: (q: ListingQuery) => ListingQuery): Promise<number> {
    let query = applyFilter(db.selectFrom("listing"), filter);
    if (extra) query = extra(query);
    const row = await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Puts `photos` in place of the listing's photos, in a transaction; returns the image keys no longer used. */
  async function putPhotos(trx: Kysely<Database>, listingId: string, photos: readonly StoredPhoto[]): Promise<string[]> {
    const old = await trx.selectFrom("listing_photo").select(["image_key", "image_name"]).where("listing_id", "=", listingId).execute();
    // A photo the listing keeps keeps the file name it was uploaded with.
    const oldNames = new Map(old.map((row) => [row.image_key, row.image_name]));
    const rows = photos.map((photo, position) => ({ listing_id: listingId, position, image_key: photo.image_key, image_name: photo.image_name ?? oldNames.get(photo.image_key) ?? null }));
    await trx.deleteFrom("listing_photo").where("listing_id", "=", listingId).execute();
    await trx.insertInto("listing_photo").values(rows).execute();
    await trx.updateTable("listing").set({ image_key: rows[0]!.image_key, image_name: rows[0]!.image_name }).where("id", "=", listingId).execute();
    const kept = new Set(rows.map((row) => row.image_key));
    return old.map((row) => row.image_key).filter((key) => !kept.has(key));
  }

  return {
    /** The listing and its photos, all or nothing; the first photo is the cover. */
    async insert(row: Omit<ListingTable, ModerationColumn>, photos: readonly StoredPhoto[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("listing").values(row).execute();
        if (photos.length) {
          await trx
            .insertInto("listing_photo")
            .values(photos.map((photo, position) => ({ listing_id: row.id, position, ...photo })))
            .execute();
        }
      });
    },

    /**
     * A seller's edit: the listing's fields and its photos, all or nothing. Returns the image keys
     * no longer used, or null when the listing is gone (deleted meanwhile).
     */
    async update(listingId: string, changes: ListingChanges & { updated_at: number }, photos: readonly StoredPhoto[]): Promise<string[] | null> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx.updateTable("listing").set(changes).where("id", "=", listingId).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return null;
        return putPhotos(trx, listingId, photos);
      });
    },

    /** Sold or available again, and/or a new expiry; false when the listing is gone. */
    async setLifecycle(listingId: string, changes: { status?: "active" | "sold"; expires_at?: number; updated_at: number }): Promise<boolean> {
      const updated = await db.updateTable("listing").set(changes).where("id", "=", listingId).executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** Deletes the listing (its photo rows go with it), leaving a tombstone; returns the image keys it used. */
    async delete(listingId: string, removedAt: number): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const photos = await trx.selectFrom("listing_photo").select("image_key").where("listing_id", "=", listingId).execute();
        const deleted = await trx.deleteFrom("listing").where("id", "=", listingId).executeTakeFirst();
        if (Number(deleted.numDeletedRows) > 0) {
          await trx.insertInto("listing_tombstone").values({ id: listingId, removed_at: removedAt }).onConflict((oc) => oc.column("id").doNothing()).execute();
        }
        return photos.map((row) => row.image_key);
      });
    },

    /** True when a listing with this id existed and was deleted. */
    async wasDeleted(id: string): Promise<boolean> {
      return Boolean(await db.selectFrom("listing_tombstone").select("id").where("id", "=", id).executeTakeFirst());
    },

    /** Which of these image keys a listing photo row refers to (listing.image_key is always one). */
    async findUsedImageKeys(imageKeys: readonly string[]): Promise<Set<string>> {
      if (!imageKeys.length) return new Set();
      const rows = await db.selectFrom("listing_photo").select("image_key").where("image_key", "in", imageKeys).execute();
      return new Set(rows.map((row) => row.image_key));
    },

    /** The listing with everything its pages show; its status as of `now`. */
    async findById(id: string, now: number): Promise<ListingDetail | null> {
      const row = await db
        .selectFrom("listing")
        .leftJoin("user", "user.id", "listing.seller_id")
        .select([
          ...OWN_SUMMARY_COLUMNS,
          "listing.description",
          "listing.seller_id",
          "listing.grams_per_unit",
          "listing.quantity",
          "listing.min_order",
          "listing.variety",
          "listing.organic",
          "listing.available_from",
          "listing.place",
          "listing.pin",
          "user.name as seller_name",
          "user.phone as seller_phone",
        ])
        .where("listing.id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      const photos = await db
        .selectFrom("listing_photo")
        .select(["image_key"])
        .where("listing_id", "=", id)
        .orderBy("position", "asc")
        .execute();
      return {
        ...toOwnSummary(row, now),
        photos: photos.map((photo) => ({ imageKey: photo.image_key })),
        description: row.description,
        sellerId: row.seller_id,
        seller: row.seller_name && row.seller_phone ? { name: row.seller_name, phone: row.seller_phone } : null,
        gramsPerUnit: Number(row.grams_per_unit),
        quantity: row.quantity === null ? null : Number(row.quantity),
        minOrder: row.min_order === null ? null : Number(row.min_order),
        variety: row.variety,
        organic: Boolean(Number(row.organic)),
        availableFrom: row.available_from,
        place: row.place,
        pin: row.pin,
      };
    },

    /** A seller as their public page shows them (`banned`: their page is gone, decision 014). */
    async findSeller(id: string): Promise<{ id: string; name: string; phone: string; createdAt: number; banned: boolean } | null> {
      const row = await db.selectFrom("user").select(["id", "name", "phone", "createdAt", "banned"]).where("id", "=", id).executeTakeFirst();
      return row ? { id: row.id, name: row.name, phone: row.phone, createdAt: new Date(row.createdAt).getTime(), banned: Boolean(row.banned) } : null;
    },

    /** Where the seller says they sell from (their account page), if they have said. */
    async findDefaultPlace(sellerId: string): Promise<{ state: string; district: string; place: string | null; pin: string | null } | null> {
      const row = await db.selectFrom("seller_place").select(["state", "district", "place", "pin"]).where("user_id", "=", sellerId).executeTakeFirst();
      return row ?? null;
    },

    async saveDefaultPlace(sellerId: string, place: { state: string; district: string; place: string | null; pin: string | null }, at: number): Promise<void> {
      await db
        .insertInto("seller_place")
        .values({ user_id: sellerId, ...place, updated_at: at })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...place, updated_at: at }))
        .execute();
    },

    /** Where the seller's newest listing is, if it says. */
    async findLastPlace(sellerId: string): Promise<{ state: string; district: string; place: string | null; pin: string | null } | null> {
      const row = await db
        .selectFrom("listing")
        .select(["state", "district", "place", "pin"])
        .where("seller_id", "=", sellerId)
        .where("state", "is not", null)
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return row?.state && row.district ? { state: row.state, district: row.district, place: row.place, pin: row.pin } : null;
    },

    /** A seller's listings of every status, newest first, as My listings shows them. */
    async listOwn(options: { sellerId: string; limit: number; offset: number; now: number }): Promise<OwnListingSummary[]> {
      const rows = await db
        .selectFrom("listing")
        .select([...OWN_SUMMARY_COLUMNS])
        .where("listing.seller_id", "=", options.sellerId)
        .orderBy("listing.created_at", "desc")
        .orderBy("listing.id", "desc")
        .limit(options.limit)
        .offset(options.offset)
        .execute();
      return rows.map((row) => toOwnSummary(row, options.now));
    },

    async list(options: {
      filter?: ListingFilter;
      sort: ListingSort;
      limit: number;
      offset: number;
      /** How many listings match, when known: many matches are found by walking the sort index. */
      total?: number;
    }): Promise<ListingSummary[]> {
      const walk = (options.total ?? 0) >= WALK_SORT_INDEX_FROM;
      // Deep pages: the offset is skipped over index entries (ids only), then only the page's
      // rows are read.
      const pageIds = applySort(applyFilter(db.selectFrom("listing"), options.filter ?? {}, walk).select("listing.id"), options.sort)
        .limit(options.limit)
        .offset(options.offset);
      const rows = await applySort(db.selectFrom("listing").select([...SUMMARY_COLUMNS]).where("listing.id", "in", pageIds), options.sort).execute();
      return rows.map(toSummary);
    },

    /** Every listing row, whatever its status (a check that a failed write left nothing). */
    async countAll(): Promise<number> {
      return countWhere({});
    },

    async count(filter: ListingFilter): Promise<number> {
      const categories = filter.orCategories ?? [];
      if (!filter.nameContainsAny?.length || !categories.length) return countWhere(filter);
      // "Name matches or category matches" as two counts that each read one index:
      // |in the categories| + |name matches, outside the categories|.
      const { nameContainsAny: _terms, orCategories: _categories, ...rest } = filter;
      const [inCategories, namedElsewhere] = await Promise.all([
        countWhere(rest, (q) => q.where("listing.category", "in", categories)),
        countWhere({ ...rest, nameContainsAny: filter.nameContainsAny }, (q) => q.where("listing.category", "not in", categories)),
      ]);
      return inCategories + namedElsewhere;
    },

    /**
     * Distinct names where the term occurs in the given place, most listed first, at most
     * `limit`. A prefix walks an index range; the other places use the trigram index.
     */
    async findNames(options: { term: string; match: NameMatch; limit: number; liveAt: number }): Promise<NameCandidate[]> {
      const rows = await db
        .selectFrom("listing_name")
        .select([...NAME_COLUMNS])
        .where((eb) => names[options.match](eb, options.term))
        .where((eb) => hasLiveListing(eb, options.liveAt))
        .orderBy("listing_name.listing_count", "desc")
        .orderBy("listing_name.name_search", "asc")
        .limit(options.limit)
        .execute();
      return rows.map(toNameCandidate);
    },

    /**
     * Names sharing the most three-letter pieces with the typed text: candidates for a typo
     * match, which core/fuzzy then accepts or not. At most `limit`.
     */
    async findNamesSharingTrigrams(options: { trigrams: string[]; typed: string; limit: number; liveAt: number }): Promise<NameCandidate[]> {
      if (!options.trigrams.length) return [];
      const rows = await names.sharingTrigrams(db, options);
      return rows.map(toNameCandidate);
    },

    /**
     * Deletes every listing of one seller (their photo rows go with them; listing_name follows by
     * trigger) and returns the image keys they used, for the files to go after the commit. One
     * transaction: its own, or `within`, a transaction of the caller's (deleting an account
     * deletes the person in the same one).
     */
    async deleteBySeller(sellerId: string, removedAt: number, within?: Kysely<Database>): Promise<string[]> {
      const run = async (trx: Kysely<Database>) => {
        const photos = await trx
          .selectFrom("listing_photo")
          .innerJoin("listing", "listing.id", "listing_photo.listing_id")
          .select("listing_photo.image_key")
          .where("listing.seller_id", "=", sellerId)
          .execute();
        // Their links answer 410 from now on, as a deleted listing's do (a tombstone is the id only).
        await trx
          .insertInto("listing_tombstone")
          .columns(["id", "removed_at"])
          .expression((eb) => eb.selectFrom("listing").select(["listing.id", sql.lit(removedAt).as("removed_at")]).where("listing.seller_id", "=", sellerId))
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        await trx.deleteFrom("listing").where("seller_id", "=", sellerId).execute();
        return photos.map((row) => row.image_key);
      };
      return within ? run(within) : db.transaction().execute(run);
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;

/**
 * A name is offered only while a listing carrying it is live: listing_name counts every listing,
 * but sold, expired and hidden ones must leave suggestions at once (decisions 013, 014). One index
 * probe per name (listing_name_search_idx holds status, expiry and hidden_at).
 */
function hasLiveListing(eb: ExpressionBuilder<Database, "listing_name">, liveAt: number) {
  return eb.exists(
    eb
      .selectFrom("listing")
      .select("listing.id")
      .whereRef("listing.name_search", "=", "listing_name.name_search")
      .where("listing.status", "=", "active")
      .where("listing.expires_at", ">", liveAt)
      .where("listing.hidden_at", "is", null),
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
      if (dialect === "postgres" || !trigramLength(term)) return like(eb, term, "%", "%");
      return ftsMatch(ftsPhrase(term));
    },
    containsAny(eb: Eb, terms: string[]): Expression<SqlBool> {
      if (dialect === "postgres") return eb.or(terms.map((term) => like(eb, term, "%", "%")));
      const long = terms.filter(trigramLength);
      return eb.or([
        ...(long.length ? [ftsMatch(long.map(ftsPhrase).join(" OR "))] : []),
        ...terms.filter((term) => !trigramLength(term)).map((term) => like(eb, term, "%", "%")),
      ]);
    },
    sharingTrigrams(db: Kysely<Database>, options: { trigrams: string[]; typed: string; limit: number; liveAt: number }) {
      if (dialect === "postgres") {
        return db
          .selectFrom("listing_name")
          .select([...NAME_COLUMNS])
          .where((eb) => eb.or(options.trigrams.map((trigram) => like(eb, trigram, "%", "%"))))
          .where((eb) => hasLiveListing(eb, options.liveAt))
          .orderBy(sql`word_similarity(${options.typed}, listing_name.name_search)`, "desc")
          .orderBy("listing_name.listing_count", "desc")
          .limit(options.limit)
          .execute();
      }
      // bm25 ranks names by how many of the typed text's trigrams they hold (rank: lower is better).
      const query = options.trigrams.map(ftsPhrase).join(" OR ");
      return db
        .selectFrom("listing_name")
        .select([...NAME_COLUMNS])
        .where(sql<SqlBool>`listing_name.rowid in (select rowid from listing_name_fts where listing_name_fts match ${query} order by rank limit ${options.limit})`)
        .where((eb) => hasLiveListing(eb, options.liveAt))
        .orderBy("listing_name.listing_count", "desc")
        .execute();
    },
  };
}

function applySort<O, Q extends SelectQueryBuilder<Database, "listing", O>>(query: Q, sort: ListingSort): Q {
  switch (sort) {
    case "oldest":
      return query.orderBy("listing.created_at", "asc").orderBy("listing.id", "asc") as Q;
    // Equal prices keep listing order, so one index (price_paise, created_at, id) serves both ways.
    case "price-asc":
      return query.orderBy("listing.price_paise", "asc").orderBy("listing.created_at", "asc").orderBy("listing.id", "asc") as Q;
    case "price-desc":
      return query.orderBy("listing.price_paise", "desc").orderBy("listing.created_at", "desc").orderBy("listing.id", "desc") as Q;
    case "newest":
      return query.orderBy("listing.created_at", "desc").orderBy("listing.id", "desc") as Q;
  }
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

type SummaryRow = {
  id: string;
  name: string;
  category: string;
  price_paise: number;
  unit_price_paise: number | string;
  unit: string;
  image_key: string;
  created_at: number | string;
  state: string | null;
  district: string | null;
};

function toSummary(row: SummaryRow): ListingSummary {
  return {
    id: row.id,
    name: row.name,
    category: row.category as CategorySlug,
    pricePaise: Number(row.price_paise),
    unitPricePaise: Number(row.unit_price_paise),
    unit: row.unit,
    imageKey: row.image_key,
    createdAt: Number(row.created_at),
    state: row.state,
    district: row.district,
    where: row.state ? placeLabel({ state: row.state, district: row.district ?? "" }) || null : null,
  };
}

type OwnSummaryRow = SummaryRow &
  Pick<ListingTable, "status" | "expires_at" | "hidden_at" | "hidden_reason" | "hidden_cause" | "review_requested_at">;

function toOwnSummary(row: OwnSummaryRow, now: number): OwnListingSummary {
  const expiresAt = Number(row.expires_at);
  const hidden = row.hidden_at !== null;
  return {
    ...toSummary(row),
    expiresAt,
    status: listingStatus({ storedStatus: row.status, expiresAt, hidden }, now),
    moderation: hidden
      ? { reason: row.hidden_reason, cause: row.hidden_cause, reviewRequestedAt: row.review_requested_at === null ? null : Number(row.review_requested_at) }
      : null,
  };
}
