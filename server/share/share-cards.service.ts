/**
 * Listing preview cards (decision 023): where a card's address comes from, and the card itself,
 * made once per listing version and language and kept in storage under
 * `share-cards/<listing id>/<language>-<version>.jpg`. An edit that shows on the card (name,
 * price, unit, place, photo, sold or expired) gives a new version, so a new card and a new
 * address: WhatsApp and Facebook keep an image by its address.
 */
import { buffer } from "node:stream/consumers";
import type { Language } from "../../core/i18n/languages";
import { imageVariantKey } from "../../core/images";
import type { ListingDetail } from "../../core/listing";
import { AppError } from "../../core/app-error";
import { LISTING_MESSAGES } from "../../core/messages";
import type { ListingsRepository } from "../listings/listings.repository";
import type { Logger } from "../logger";
import type { Storage } from "../media/storage";
import { cardText, cardVersion, renderShareCard } from "./share-card";

const FOLDER = "share-cards";

export type CardListing = Pick<ListingDetail, "id" | "name" | "unit" | "unitPricePaise" | "pricePaise" | "state" | "district" | "place" | "status" | "imageKey">;

/** The card's path on this site, for og:image: its version in the address. */
export function shareCardPath(listing: CardListing, lang: Language): string {
  return `/share/listing/${listing.id}/${lang}-${cardVersion(cardText(listing, lang))}.jpg`;
}

export function createShareCardsService(deps: { storage: Storage; listings: Pick<ListingsRepository, "findById" | "wasDeleted">; logger: Logger; now?: () => number }) {
  const { storage, logger } = deps;
  const now = deps.now ?? Date.now;

  /** As a buyer's page finds it: hidden or unknown is not found, deleted is gone. */
  async function findListing(id: string): Promise<ListingDetail> {
    const listing = /^[0-9a-f-]{36}$/.test(id) ? await deps.listings.findById(id, now()) : null;
    if (listing && listing.status !== "hidden") return listing;
    if (!listing && /^[0-9a-f-]{36}$/.test(id) && (await deps.listings.wasDeleted(id))) throw new AppError("GONE", LISTING_MESSAGES.listingDeleted);
    throw new AppError("NOT_FOUND", LISTING_MESSAGES.listingNotFound);
  }

  async function photoOf(imageKey: string): Promise<Buffer | null> {
    const object = await storage.get(imageVariantKey(imageKey, 640));
    return object ? buffer(object.body) : null;
  }

  /** Removes the listing's older cards in this language (a failure is only logged: they are small, and replaced anyway). */
  async function removeOlder(listingId: string, lang: Language, keep: string): Promise<void> {
    try {
      const old: string[] = [];
      for await (const object of storage.list(`${FOLDER}/${listingId}/`)) {
        if (object.key !== keep && object.key.startsWith(`${FOLDER}/${listingId}/${lang}-`)) old.push(object.key);
      }
      if (old.length) await storage.delete(old);
    } catch (error) {
      logger.warn({ err: error, listingId }, "old share cards not removed");
    }
  }

  return {
    /**
     * The listing's card as a buyer may see it now: made and stored on first request. Throws the
     * listing's own NOT_FOUND (hidden, unknown) or GONE (deleted). `version` is the current one;
     * an address with another is answered with this one all the same.
     */
    async getCard(input: { listingId: string; lang: Language }): Promise<{ bytes: Buffer; version: string }> {
      const listing = await findListing(input.listingId.toLowerCase());
      const text = cardText(listing, input.lang);
      const version = cardVersion(text);
      const key = `${FOLDER}/${listing.id}/${input.lang}-${version}.jpg`;
      const stored = await storage.get(key);
      if (stored) return { bytes: await buffer(stored.body), version };
      const bytes = await renderShareCard(text, await photoOf(listing.imageKey));
      await storage.put(key, bytes, "image/jpeg");
      await removeOlder(listing.id, input.lang, key);
      return { bytes, version };
    },

    /** Forgets a deleted or hidden listing's cards. */
    async removeCards(listingId: string): Promise<void> {
      const keys: string[] = [];
      for await (const object of storage.list(`${FOLDER}/${listingId}/`)) keys.push(object.key);
      if (keys.length) await storage.delete(keys);
    },
  };
}

export type ShareCardsService = ReturnType<typeof createShareCardsService>;
