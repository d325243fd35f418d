/**
 * The only SQL for saved listings (migration 0015, decision 023): a person's favourites, each with
 * what has become of its listing since (sold, expired, hidden or deleted).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { SUMMARY_COLUMNS, toSummary } from "../listings/listing-sql";
import type { ListingSummary } from "../../core/listings/listing";

/** One saved row with its listing as it is now (null when the listing was deleted). */
export interface SavedListingRow {
  listingId: string;
  /** The name when it was saved. */
  savedName: string;
  /** Epoch milliseconds (UTC). */
  savedAt: number;
  listing: (ListingSummary & { storedStatus: "active" | "sold"; expiresAt: number; hidden: boolean }) | null;
}

export function createSavedListingsRepository(db: Kysely<Database>) {
  return {
    /** Saves once: saving again keeps the first row (and its date). */
    async insert(row: { id: string; userId: string; listingId: string; listingName: string; createdAt: number }): Promise<void> {
      await db
        .insertInto("saved_listing")
        .values({ id: row.id, user_id: row.userId, listing_id: row.listingId, listing_name: row.listingName, created_at: row.createdAt })
        .onConflict((oc) => oc.columns(["user_id", "listing_id"]).doNothing())
        .execute();
    },

    async delete(userId: string, listingId: string): Promise<void> {
      await db.deleteFrom("saved_listing").where("user_id", "=", userId).where("listing_id", "=", listingId).execute();
    },

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom("saved_listing")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Which of `listingIds` the person has saved. */
    async savedAmong(userId: string, listingIds: readonly string[]): Promise<string[]> {
      if (!listingIds.length) return [];
      const rows = await db
        .selectFrom("saved_listing")
        .select("listing_id")
        .where("user_id", "=", userId)
        .where("listing_id", "in", [...listingIds])
        .execute();
      return rows.map((row) => row.listing_id);
    },

    /** Newest saved first. */
    async list(options: { userId: string; limit: number; offset: number }): Promise<SavedListingRow[]> {
      const rows = await db
        .selectFrom("saved_listing")
        .leftJoin("listing", "listing.id", "saved_listing.listing_id")
        .select([
          "saved_listing.listing_id as saved_listing_id",
          "saved_listing.listing_name",
          "saved_listing.created_at as saved_at",
          ...SUMMARY_COLUMNS,
          "listing.status",
          "listing.expires_at",
          "listing.hidden_at",
        ])
        .where("saved_listing.user_id", "=", options.userId)
        .orderBy("saved_listing.created_at", "desc")
        .orderBy("saved_listing.id", "desc")
        .limit(options.limit)
        .offset(options.offset)
        .execute();
      return rows.map((row) => ({
        listingId: row.saved_listing_id,
        savedName: row.listing_name,
        savedAt: Number(row.saved_at),
        listing:
          row.id === null
            ? null
            : {
                ...toSummary(row as Parameters<typeof toSummary>[0]),
                storedStatus: row.status as "active" | "sold",
                expiresAt: Number(row.expires_at),
                hidden: row.hidden_at !== null,
              },
      }));
    },

    /** Everything the person saved (account deletion); `within` is the caller's transaction. */
    async deleteForUser(userId: string, within: Kysely<Database> = db): Promise<void> {
      await within.deleteFrom("saved_listing").where("user_id", "=", userId).execute();
    },
  };
}

export type SavedListingsRepository = ReturnType<typeof createSavedListingsRepository>;
