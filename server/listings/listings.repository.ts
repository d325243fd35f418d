/**
 * The SQL of writing listings and of a seller's own: save, lifecycle, delete, one listing by id,
 * My listings and the place a seller sells from. What buyers browse is in
 * listing-search.repository.ts; the pieces both use are in listing-sql.ts.
 */
import { readGrade } from "../../core/catalogue/grades";
import { sql, type Kysely } from "kysely";
import { listingStatus, type ListingDetail, type OwnListingSummary } from "../../core/listings/listing";
import type { Database, ListingPhotoTable, ListingTable } from "../db/schema";
import { STATUS_AND_MODERATION_COLUMNS, SUMMARY_COLUMNS, toSummary, type SummaryRow } from "./listing-sql";

/** The columns a seller's edit sets (everything but identity, photos, status, dates and moderation). */
export type ListingChanges = Omit<
  ListingTable,
  "id" | "seller_id" | "image_key" | "image_name" | "created_at" | "status" | "expires_at" | "updated_at" | ModerationColumn
>;

/**
 * Written by moderation (server/moderation); a new listing starts with them empty, unless a save
 * holds it (`SaveHold`).
 */
type ModerationColumn = "hidden_at" | "hidden_reason" | "hidden_cause" | "review_requested_at";

/**
 * What a save does to a listing's hiding (decision 056): `hold` hides it for a moderator (its text
 * asks for money up front, or its seller's number is blocked), or until its seller's phone is
 * verified ("unverified", REQUIRE_VERIFIED_PHONE, decision 061), unless moderation hid it for
 * another reason already; `release` shows again a listing a save held, now that its text is clean
 * and its seller's phone verified (or the switch is off).
 */
export type SaveHold = { hold: { at: number; reason: string; cause: SaveHoldCause } } | { release: true };
type SaveHoldCause = "held" | "phone" | "unverified";
/** The causes a save sets and so may change again; any other hiding is moderation's, which a save never touches. */
const SAVE_HOLD_CAUSES: SaveHoldCause[] = ["held", "phone", "unverified"];

/** A photo as a listing_photo row holds it (its position is its place in a list). */
export type StoredPhoto = Pick<ListingPhotoTable, "image_key" | "image_name">;

const OWN_SUMMARY_COLUMNS = [...SUMMARY_COLUMNS, ...STATUS_AND_MODERATION_COLUMNS] as const;

export function createListingsRepository(db: Kysely<Database>) {
  /** How many listings match, whatever their status. */
  async function countWhere(sellerId?: string): Promise<number> {
    let query = db.selectFrom("listing");
    if (sellerId) query = query.where("listing.seller_id", "=", sellerId);
    const row = await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Puts `photos` in place of the listing's photos, in a transaction; returns the image keys no longer used. */
  async function putPhotos(trx: Kysely<Database>, listingId: string, photos: readonly StoredPhoto[]): Promise<string[]> {
    const old = await trx.selectFrom("listing_photo").select(["image_key", "image_name"]).where("listing_id", "=", listingId).execute();
    // A photo the listing keeps keeps the file name it was uploaded with.
    const oldNames = new Map(old.map((row) => [row.image_key, row.image_name]));
    const rows = photos.map((photo, position) => ({
      listing_id: listingId,
      position,
      image_key: photo.image_key,
      image_name: photo.image_name ?? oldNames.get(photo.image_key) ?? null,
    }));
    await trx.deleteFrom("listing_photo").where("listing_id", "=", listingId).execute();
    await trx.insertInto("listing_photo").values(rows).execute();
    await trx
      .updateTable("listing")
      .set({ image_key: rows[0]!.image_key, image_name: rows[0]!.image_name })
      .where("id", "=", listingId)
      .execute();
    const kept = new Set(rows.map((row) => row.image_key));
    return old.map((row) => row.image_key).filter((key) => !kept.has(key));
  }

  return {
    /**
     * The listing and its photos, all or nothing; the first photo is the cover. `alsoWithin`: more
     * of the same transaction (queueing its alerts), so a failure there saves nothing either.
     */
    async insert(
      row: Omit<ListingTable, ModerationColumn>,
      photos: readonly StoredPhoto[],
      alsoWithin?: (trx: Kysely<Database>) => Promise<void>,
      held?: { at: number; reason: string; cause: SaveHoldCause },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // A held listing waits for a moderator from the start: in the review queue, as if its seller had asked.
        const moderation = held && {
          hidden_at: held.at,
          hidden_reason: held.reason,
          hidden_cause: held.cause,
          review_requested_at: held.cause === "held" ? held.at : null,
        };
        await trx
          .insertInto("listing")
          .values({ ...row, ...moderation })
          .execute();
        if (photos.length) {
          await trx
            .insertInto("listing_photo")
            .values(photos.map((photo, position) => ({ listing_id: row.id, position, ...photo })))
            .execute();
        }
        await alsoWithin?.(trx);
      });
    },

    /** Whether the seller's phone number is blocked (decision 056): their listings are then held. */
    async sellerPhoneBlocked(sellerId: string): Promise<boolean> {
      const row = await db
        .selectFrom("user")
        .innerJoin("phone_block", "phone_block.phone", "user.phone")
        .select("user.id")
        .where("user.id", "=", sellerId)
        .where("phone_block.blocked_at", "is not", null)
        .executeTakeFirst();
      return Boolean(row);
    },

    /**
     * A seller's edit: the listing's fields and its photos, all or nothing. Returns the image keys
     * no longer used, or null when the listing is gone (deleted meanwhile).
     */
    async update(
      listingId: string,
      changes: ListingChanges & { updated_at: number },
      photos: readonly StoredPhoto[],
      hold?: SaveHold,
      /** More of the same transaction when `release` made the listing live again (queueing its alerts). */
      whenReleased?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<string[] | null> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx.updateTable("listing").set(changes).where("id", "=", listingId).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return null;
        if (hold && "hold" in hold) {
          const { at, reason, cause } = hold.hold;
          await trx
            .updateTable("listing")
            .set((eb) => ({
              hidden_at: eb.fn.coalesce("hidden_at", sql.lit(at)),
              hidden_reason: reason,
              hidden_cause: cause,
              review_requested_at: cause === "held" ? eb.fn.coalesce("review_requested_at", sql.lit(at)) : null,
            }))
            .where("id", "=", listingId)
            // A hiding by moderators, reports or a ban stays as it is.
            .where((eb) => eb.or([eb("hidden_at", "is", null), eb("hidden_cause", "in", SAVE_HOLD_CAUSES)]))
            .execute();
        } else if (hold) {
          const released = await trx
            .updateTable("listing")
            .set({ hidden_at: null, hidden_reason: null, hidden_cause: null, review_requested_at: null })
            .where("id", "=", listingId)
            .where("hidden_cause", "in", ["held", "unverified"])
            .executeTakeFirst();
          if (Number(released.numUpdatedRows) > 0) await whenReleased?.(trx);
        }
        return putPhotos(trx, listingId, photos);
      });
    },

    /**
     * Sold or available again, and/or a new expiry; false when the listing is gone. `alsoWithin`
     * runs in the same transaction when the listing changed.
     */
    async setLifecycle(
      listingId: string,
      changes: { status?: "active" | "sold"; expires_at?: number; updated_at: number },
      alsoWithin?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx.updateTable("listing").set(changes).where("id", "=", listingId).executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await alsoWithin?.(trx);
        return true;
      });
    },

    /** Deletes the listing (its photo rows go with it), leaving a tombstone; returns the image keys it used. */
    async delete(listingId: string, removedAt: number): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const photos = await trx.selectFrom("listing_photo").select("image_key").where("listing_id", "=", listingId).execute();
        const deleted = await trx.deleteFrom("listing").where("id", "=", listingId).executeTakeFirst();
        if (Number(deleted.numDeletedRows) > 0) {
          await trx
            .insertInto("listing_tombstone")
            .values({ id: listingId, removed_at: removedAt })
            .onConflict((oc) => oc.column("id").doNothing())
            .execute();
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
          "listing.produce_source",
          "listing.grade",
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
        produceChosen: row.produce_source === "seller",
        grade: readGrade(row.grade ?? "") ?? null,
        availableFrom: row.available_from,
        place: row.place,
        pin: row.pin,
      };
    },

    /** Where the seller says they sell from (their account page), if they have said. */
    async findDefaultPlace(
      sellerId: string,
    ): Promise<{ state: string; district: string; place: string | null; pin: string | null } | null> {
      const row = await db
        .selectFrom("seller_place")
        .select(["state", "district", "place", "pin"])
        .where("user_id", "=", sellerId)
        .executeTakeFirst();
      return row ?? null;
    },

    async saveDefaultPlace(
      sellerId: string,
      place: { state: string; district: string; place: string | null; pin: string | null },
      at: number,
    ): Promise<void> {
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

    /** Every listing row, whatever its status (a check that a failed write left nothing). */
    countAll: () => countWhere(),

    /** A seller's listings of every status (My listings' pages). */
    countBySeller: (sellerId: string) => countWhere(sellerId),

    /**
     * What a buyer may read about a seller (decision 057): when their account was made, and how
     * many of their listings they marked sold. A listing a moderator hid does not count.
     */
    async sellerSignals(sellerId: string): Promise<{ memberSince: number; soldCount: number } | null> {
      const row = await db
        .selectFrom("user")
        .select((eb) => [
          "user.createdAt",
          eb
            .selectFrom("listing")
            .select((inner) => inner.fn.countAll<number | string>().as("n"))
            .whereRef("listing.seller_id", "=", "user.id")
            .where("listing.status", "=", "sold")
            .where("listing.hidden_at", "is", null)
            .as("sold"),
        ])
        .where("user.id", "=", sellerId)
        .executeTakeFirst();
      return row ? { memberSince: new Date(row.createdAt).getTime(), soldCount: Number(row.sold ?? 0) } : null;
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
          .expression((eb) =>
            eb
              .selectFrom("listing")
              .select(["listing.id", sql.lit(removedAt).as("removed_at")])
              .where("listing.seller_id", "=", sellerId),
          )
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
      ? {
          reason: row.hidden_reason,
          cause: row.hidden_cause,
          reviewRequestedAt: row.review_requested_at === null ? null : Number(row.review_requested_at),
        }
      : null,
  };
}
