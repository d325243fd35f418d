/**
 * Saved listings, a buyer's favourites (issue 24, decision 023): save and unsave a listing, see
 * which of a page's listings one has saved (the hearts), and the saved list with what became of
 * each listing (sold, expired, no longer available).
 */
import { randomUUID } from "node:crypto";
import { AppError } from "../../core/shared/app-error";
import { listingStatus, type ListingSummary } from "../../core/listings/listing";
import { LISTING_MESSAGES } from "../../core/i18n/messages";
import { canSaveListing, requireActor, type Actor } from "../../core/accounts/policies";
import type { ListingsRepository } from "../listings/listings.repository";
import type { SavedListingsRepository } from "./saved-listings.repository";

/** How many listings one person may keep saved: far more than anyone shops from, a bound on the table. */
export const MAX_SAVED_LISTINGS = 500;
/** Saved listings per page of /my/saved. */
export const SAVED_PAGE_SIZE = 24;

/** What a saved listing is now: "unavailable" is deleted or hidden by moderation. */
export type SavedStatus = "active" | "sold" | "expired" | "unavailable";

export interface SavedListing {
  listingId: string;
  /** Its name now, or as it was when saved if it is gone. */
  name: string;
  savedAt: number;
  status: SavedStatus;
  /** The card's details; null when there is nothing to show (deleted or hidden). */
  listing: ListingSummary | null;
}

export function createSavedListingsService(deps: {
  repository: SavedListingsRepository;
  listings: Pick<ListingsRepository, "findById">;
  maxSaved?: number;
  now?: () => number;
}) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  const maxSaved = deps.maxSaved ?? MAX_SAVED_LISTINGS;

  function signedIn(actor: Actor | null | undefined): Actor {
    requireActor(actor);
    return actor;
  }

  return {
    /** Saves a listing the person can see; saving twice keeps one. */
    async saveListing(input: { actor: Actor | null; listingId: string }): Promise<void> {
      const actor = signedIn(input.actor);
      // A deleted, unknown or hidden listing is not found (as its page says to a buyer).
      const listing = /^[0-9a-f-]{36}$/i.test(input.listingId) ? await deps.listings.findById(input.listingId.toLowerCase(), now()) : null;
      if (!listing || !canSaveListing(actor, listing)) throw new AppError("NOT_FOUND", LISTING_MESSAGES.listingNotFound);
      if ((await repository.count(actor.id)) >= maxSaved) {
        const [already] = await repository.savedAmong(actor.id, [listing.id]);
        if (already) return;
        throw new AppError("BAD_INPUT", `You have saved ${maxSaved} listings, the most we keep. Please remove one first.`);
      }
      await repository.insert({ id: randomUUID(), userId: actor.id, listingId: listing.id, listingName: listing.name, createdAt: now() });
    },

    /** Removes one of the person's own saved listings (someone else's rows are never touched). */
    async unsaveListing(input: { actor: Actor | null; listingId: string }): Promise<void> {
      const actor = signedIn(input.actor);
      await repository.delete(actor.id, input.listingId.toLowerCase());
    },

    /** Which of these listings the person has saved (the hearts on a page); none when signed out. */
    async savedIds(input: { actor: Actor | null; listingIds: readonly string[] }): Promise<Set<string>> {
      if (!input.actor?.id || !input.listingIds.length) return new Set();
      return new Set(await repository.savedAmong(input.actor.id, [...new Set(input.listingIds)]));
    },

    /** The person's saved listings, newest saved first, each with what it is now. */
    async listSaved(input: {
      actor: Actor | null;
      page: number;
    }): Promise<{ items: SavedListing[]; page: number; pageCount: number; total: number }> {
      const actor = signedIn(input.actor);
      const total = await repository.count(actor.id);
      const pageCount = Math.max(1, Math.ceil(total / SAVED_PAGE_SIZE));
      const page = Math.min(Math.max(1, input.page), pageCount);
      const rows = await repository.list({ userId: actor.id, limit: SAVED_PAGE_SIZE, offset: (page - 1) * SAVED_PAGE_SIZE });
      const at = now();
      const items = rows.map((row): SavedListing => {
        if (!row.listing || row.listing.hidden)
          return {
            listingId: row.listingId,
            name: row.listing?.name ?? row.savedName,
            savedAt: row.savedAt,
            status: "unavailable",
            listing: null,
          };
        const { storedStatus, expiresAt, hidden, ...summary } = row.listing;
        const status = listingStatus({ storedStatus, expiresAt, hidden }, at) as Exclude<SavedStatus, "unavailable">;
        return { listingId: row.listingId, name: summary.name, savedAt: row.savedAt, status, listing: summary };
      });
      return { items, page, pageCount, total };
    },
  };
}

export type SavedListingsService = ReturnType<typeof createSavedListingsService>;
