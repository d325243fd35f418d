/**
 * Listing preview cards (decision 023): where a card's address comes from, and the card itself,
 * made once per listing version and language and kept in storage under
 * `share-cards/<listing id>/<language>-<version>.jpg`. An edit that shows on the card (name,
 * price, unit, place, photo, sold or expired) gives a new version, so a new card and a new
 * address: WhatsApp and Facebook keep an image by its address.
 *
 * A card is made when its listing is saved (the `share-cards` job, queued after the save), so a
 * crawler finds it stored; and a card is made once at a time in a process: requests (and the job)
 * asking for one being made wait for that render instead of drawing it again (issue 38).
 */
import { buffer } from "node:stream/consumers";
import type { Language } from "../../core/i18n/languages";
import { imageVariantKey } from "../../core/uploads/images";
import type { ListingDetail } from "../../core/listings/listing";
import { AppError, isAppError } from "../../core/shared/app-error";
import { LISTING_MESSAGES } from "../../core/i18n/messages";
import type { ListingsRepository } from "../listings/listings.repository";
import { timeOrderedId } from "../db/time-ordered-id";
import type { JobQueue } from "../jobs/job-queue";
import { shareCardsJob } from "./share-card-jobs";
import type { Logger } from "../logger";
import { shareCardRenders } from "../metrics/metrics";
import type { Storage } from "../media/storage";
import { cardText, cardVersion, renderShareCard } from "./share-card";

const FOLDER = "share-cards";

export type CardListing = Pick<
  ListingDetail,
  "id" | "name" | "unit" | "unitPricePaise" | "pricePaise" | "state" | "district" | "place" | "status" | "imageKey"
>;

/**
 * The languages a card is drawn in: those whose scripts the card's fonts cover (server/share/fonts:
 * Latin and Devanagari). A page in any other language shares the English card, with its own
 * words in the preview's title and description (decision 060), rather than a card of boxes.
 */
export const CARD_LANGUAGES = ["en", "hi", "mr"] as const satisfies readonly Language[];
export type CardLanguage = (typeof CARD_LANGUAGES)[number];

export function cardLanguageFor(lang: Language): CardLanguage {
  return (CARD_LANGUAGES as readonly Language[]).includes(lang) ? (lang as CardLanguage) : "en";
}

/** The card's path on this site, for og:image: its version in the address. */
export function shareCardPath(listing: CardListing, pageLang: Language): string {
  const lang = cardLanguageFor(pageLang);
  return `/share/listing/${listing.id}/${lang}-${cardVersion(cardText(listing, lang))}.jpg`;
}

export function createShareCardsService(deps: {
  storage: Storage;
  listings: Pick<ListingsRepository, "findById" | "wasDeleted">;
  jobs: Pick<JobQueue, "enqueue">;
  logger: Logger;
  now?: () => number;
}) {
  const { storage, logger } = deps;
  const now = deps.now ?? Date.now;
  /** Cards being looked for or made in this process, by storage key: one render per card at a time. */
  const inHand = new Map<string, Promise<Buffer>>();

  /** As a buyer's page finds it: hidden or unknown is not found, deleted is gone. */
  async function findListing(id: string): Promise<ListingDetail> {
    const listing = /^[0-9a-f-]{36}$/.test(id) ? await deps.listings.findById(id, now()) : null;
    if (listing && listing.status !== "hidden") return listing;
    if (!listing && /^[0-9a-f-]{36}$/.test(id) && (await deps.listings.wasDeleted(id)))
      throw new AppError("GONE", LISTING_MESSAGES.listingDeleted);
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

  /** Forgets a deleted or hidden listing's cards. */
  async function removeCards(listingId: string): Promise<void> {
    const keys: string[] = [];
    for await (const object of storage.list(`${FOLDER}/${listingId}/`)) keys.push(object.key);
    if (keys.length) await storage.delete(keys);
  }

  /**
   * The listing's current card in `lang`, from storage or drawn and stored. Whoever asks while
   * it is being looked for or drawn joins that, from the look in storage on: a card stored by the
   * time the look ends is found, so no gap lets a second render in. `by`: who drew it (the metric).
   */
  async function cardOf(listing: ListingDetail, lang: Language, by: "request" | "saved"): Promise<{ bytes: Buffer; version: string }> {
    const text = cardText(listing, lang);
    const version = cardVersion(text);
    const key = `${FOLDER}/${listing.id}/${lang}-${version}.jpg`;
    let card = inHand.get(key);
    if (!card) {
      card = (async () => {
        const stored = await storage.get(key);
        if (stored) return buffer(stored.body);
        shareCardRenders.inc({ by });
        const bytes = await renderShareCard(text, await photoOf(listing.imageKey));
        await storage.put(key, bytes, "image/jpeg");
        await removeOlder(listing.id, lang, key);
        return bytes;
      })().finally(() => inHand.delete(key));
      inHand.set(key, card);
    }
    return { bytes: await card, version };
  }

  return {
    /**
     * The listing's card as a buyer may see it now: made and stored on first request if its save
     * did not make it. Throws the listing's own NOT_FOUND (hidden, unknown) or GONE (deleted).
     * `version` is the current one; an address with another is answered with this one all the same.
     */
    async getCard(input: { listingId: string; lang: Language }): Promise<{ bytes: Buffer; version: string }> {
      return cardOf(await findListing(input.listingId.toLowerCase()), input.lang, "request");
    },

    /**
     * Queues the making of a listing's cards (after its save has committed: the job reads it as
     * saved). A key of its own per save: two saves in one millisecond are two versions to make.
     */
    async queueCards(listingId: string): Promise<void> {
      await deps.jobs.enqueue(shareCardsJob, { listingId }, { key: `cards:${listingId}:${timeOrderedId()}` });
    },

    /**
     * The job: the listing's cards in every language, as a buyer would see them now. A listing
     * hidden or unknown by now has none to make; a deleted one's are removed. Safe to run again:
     * a card already stored is found.
     */
    async makeCards(listingId: string): Promise<void> {
      let listing: ListingDetail;
      try {
        listing = await findListing(listingId);
      } catch (error) {
        if (!isAppError(error) || (error.code !== "NOT_FOUND" && error.code !== "GONE")) throw error;
        if (error.code === "GONE") await removeCards(listingId);
        return;
      }
      for (const lang of CARD_LANGUAGES) await cardOf(listing, lang, "saved");
    },

    removeCards,
  };
}

export type ShareCardsService = ReturnType<typeof createShareCardsService>;
