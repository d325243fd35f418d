/**
 * Listing use cases: create and edit (one save), a seller's lifecycle actions (sold, available
 * again, renew, delete), one listing's page, My listings and the place a seller sells from.
 * What buyers browse and search is listing-search.service.ts.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { AppError } from "../../core/shared/app-error";
import { PERISHABLE_CATEGORIES, type CategorySlug } from "../../core/catalogue/categories";
import { IMAGE_WIDTHS, PAGE_SIZE } from "../../core/shared/constants";
import { imageVariantKey } from "../../core/uploads/images";
import type { ListingDetail, OwnListingSummary } from "../../core/listings/listing";
import { LISTING_MESSAGES, MESSAGES, tooManyPhotosMessage } from "../../core/i18n/messages";
import { canEditListing, requireActor, type Actor } from "../../core/accounts/policies";
import type { LocationFields } from "../../core/locations/schema";
import { pricePerKgPaise } from "../../core/money/units";
import type { ListingFields } from "../../core/listings/listing-forms";
import { normaliseSearchText } from "../../core/search/search-text";
import { isStaff, type Role } from "../../core/accounts/roles";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { makeImageVariants, type ImageVariant } from "../media/image-pipeline";
import type { Storage } from "../media/storage";
import type { UploadsService } from "../uploads/uploads.service";
import { produceColumns } from "../../core/catalogue/listing-produce";
import { findPaymentRequest } from "../../core/moderation/payment-requests";
import { HELD_MESSAGES, MODERATION_MESSAGES } from "../../core/moderation/moderation";
import type { ListingChanges, ListingsRepository, SaveHold, StoredPhoto } from "./listings.repository";

export interface UploadedPhoto {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * One photo of a listing being saved, in the seller's order: a finished resumable upload (with
 * JavaScript), a file sent with the form (without), or a photo the listing already has (edit).
 */
export type PhotoSource = { upload: string } | { file: UploadedPhoto } | { keep: string };

/** Who is looking at a listing, when it matters (a hidden one). */
export interface Viewer {
  id: string;
  role: Role;
}

export interface OwnListingsPage {
  items: OwnListingSummary[];
  total: number;
  page: number;
  pageCount: number;
}

const DAY_MS = 86_400_000;

export function createListingsService(deps: {
  repository: ListingsRepository;
  storage: Storage;
  uploads: Pick<UploadsService, "readFinishedUploads" | "discardUploads">;
  maxPhotos: number;
  /** How long a listing stays up, in days, by kind of produce. */
  listingDays: { perishable: number; other: number };
  logger: Logger;
  now?: () => number;
  /**
   * Told when a listing becomes live (posted, available again, renewed) so saved searches can
   * match it (server/alerts, decision 022). It queues that work in `within`, the transaction that
   * makes the listing live: both are saved or neither (decision 044).
   */
  onLive?: (listingId: string, within: Kysely<Database>) => Promise<void>;
  /**
   * Told after a listing's save or lifecycle change has committed, so its preview cards are made
   * before anyone asks (server/share, decision 023). A failure is only logged: the listing is
   * saved, and its card is then made when first asked for.
   */
  onSaved?: (listingId: string) => Promise<void>;
  /**
   * REQUIRE_VERIFIED_PHONE (decision 061): whether the seller's phone is verified now. Given only
   * when the switch is on; then a listing of a seller whose phone is not verified is saved but waits.
   */
  phoneVerified?: (sellerId: string) => Promise<boolean>;
}) {
  const { repository, storage, uploads, maxPhotos, logger, listingDays } = deps;
  const now = deps.now ?? Date.now;
  /** What the transaction making a listing live also does: queue its alerts. */
  const queueAlerts = (listingId: string) => (within: Kysely<Database>) => deps.onLive?.(listingId, within) ?? Promise.resolve();
  const saved = (listingId: string) =>
    deps.onSaved?.(listingId).catch((error: unknown) => logger.warn({ err: error, listingId }, "share cards not queued"));

  /** When a listing of this category, put up or renewed at `from`, expires. */
  const expiryFrom = (category: CategorySlug, from: number) =>
    from + (PERISHABLE_CATEGORIES.has(category) ? listingDays.perishable : listingDays.other) * DAY_MS;

  /**
   * A listing of any status: a shared link keeps answering after the produce sells or expires. A
   * listing hidden by moderation is shown only to its seller and to staff (decision 014); to
   * anyone else it does not exist. `viewer` is asked only then, so a public page reads no session.
   */
  async function getListing(id: string, options: { viewer?: () => Promise<Viewer | null> } = {}): Promise<ListingDetail> {
    const wellFormed = /^[0-9a-f-]{36}$/i.test(id);
    const listing = wellFormed ? await repository.findById(id.toLowerCase(), now()) : null;
    if (listing && listing.status === "hidden") {
      const viewer = (await options.viewer?.()) ?? null;
      if (viewer && (viewer.id === listing.sellerId || isStaff(viewer.role))) return listing;
      throw new AppError("NOT_FOUND", LISTING_MESSAGES.listingNotFound);
    }
    if (listing) return listing;
    if (wellFormed && (await repository.wasDeleted(id.toLowerCase()))) throw new AppError("GONE", LISTING_MESSAGES.listingDeleted);
    throw new AppError("NOT_FOUND", LISTING_MESSAGES.listingNotFound);
  }

  function checkPhotoCount(count: number): void {
    if (count === 0) throw new AppError("BAD_INPUT", MESSAGES.choosePhoto, { field: "image" });
    if (count > maxPhotos) throw new AppError("BAD_INPUT", tooManyPhotosMessage(maxPhotos), { field: "image" });
  }

  const variantKeys = (imageKeys: readonly string[]) =>
    imageKeys.flatMap((key) => IMAGE_WIDTHS.map((width) => imageVariantKey(key, width)));

  /** Removes photos no row refers to any more; a failure is logged (the files are orphans, not data). */
  async function removePhotoFiles(imageKeys: readonly string[]): Promise<void> {
    if (!imageKeys.length) return;
    const keys = variantKeys(imageKeys);
    await storage.delete(keys).catch((error: unknown) => logger.error({ err: error, keys }, "photo cleanup failed"));
  }

  /**
   * Re-encodes every new photo and stores its variants, then runs `write` (the database change that
   * refers to them, kept photos in their place). If anything fails, the variants stored so far are
   * removed again.
   */
  async function withStoredPhotos<T>(photos: Array<UploadedPhoto | StoredPhoto>, write: (stored: StoredPhoto[]) => Promise<T>): Promise<T> {
    // One photo at a time: decoding a 12 MP photo takes ~100 MB, and the CPU is shared.
    const encoded: Array<StoredPhoto & { variants: ImageVariant[] }> = [];
    const ordered: StoredPhoto[] = [];
    for (const photo of photos) {
      if ("image_key" in photo) {
        ordered.push(photo);
        continue;
      }
      const made = {
        image_key: `listings/${randomUUID()}`,
        image_name: cleanFileName(photo.fileName),
        variants: await makeImageVariants(photo.bytes),
      };
      encoded.push(made);
      ordered.push({ image_key: made.image_key, image_name: made.image_name });
    }
    try {
      // Wait for every write to finish, failed or not, so cleanup cannot race a late one.
      const writes = await Promise.allSettled(
        encoded.flatMap((photo) => photo.variants.map((v) => storage.put(imageVariantKey(photo.image_key, v.width), v.body, "image/webp"))),
      );
      const failed = writes.find((w) => w.status === "rejected");
      if (failed) throw failed.reason;
      return await write(ordered);
    } catch (error) {
      await removePhotoFiles(encoded.map((photo) => photo.image_key));
      throw error;
    }
  }

  /** The listing, if the actor is its seller. Anyone else is told it does not exist, so ids cannot be probed. */
  async function ownListing(actor: Actor | null, id: string): Promise<ListingDetail> {
    requireActor(actor);
    const listing = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findById(id.toLowerCase(), now()) : null;
    if (!listing || !canEditListing(actor, listing)) throw new AppError("NOT_FOUND", LISTING_MESSAGES.notYourListing);
    return listing;
  }

  /**
   * The photos to save, in the seller's order: finished uploads are read (they must be the
   * seller's), files are taken as sent, kept photos must be the listing's own.
   */
  async function photosToSave(
    sellerId: string,
    sources: PhotoSource[],
    current: ListingDetail | null,
  ): Promise<Array<UploadedPhoto | StoredPhoto>> {
    const seen = new Set<string>();
    const unique = sources.filter((source) => {
      if ("file" in source) return source.file.bytes.byteLength > 0;
      const key = "upload" in source ? `u:${source.upload}` : `k:${source.keep}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    checkPhotoCount(unique.length);
    const uploadIds = unique.flatMap((source) => ("upload" in source ? [source.upload] : []));
    const finished = new Map(
      (await uploads.readFinishedUploads({ ownerId: sellerId, ids: uploadIds })).map((upload) => [upload.uploadId, upload]),
    );
    const currentKeys = new Set(current?.photos.map((photo) => photo.imageKey));
    return unique.map((source) => {
      if ("file" in source) return source.file;
      if ("upload" in source) return finished.get(source.upload)!;
      if (!currentKeys.has(source.keep)) throw new AppError("BAD_INPUT", LISTING_MESSAGES.photoNotOnListing, { field: "image" });
      // The file name was kept when the photo was first saved; the repository keeps it.
      return { image_key: source.keep, image_name: null };
    });
  }

  function columnsFor(fields: ListingFields): ListingChanges {
    return {
      name: fields.name,
      name_search: normaliseSearchText(fields.name),
      category: fields.category,
      price_paise: pricePerKgPaise(fields.price, fields.gramsPerUnit),
      unit_price_paise: fields.price,
      unit: fields.unit,
      grams_per_unit: fields.gramsPerUnit,
      quantity: fields.quantity,
      min_order: fields.minOrder,
      variety: fields.variety,
      organic: fields.organic ? 1 : 0,
      available_from: fields.availableFrom,
      state: fields.state,
      district: fields.district,
      place: fields.place,
      pin: fields.pin,
      description: fields.description,
      ...produceColumns(fields),
      grade: fields.grade,
    };
  }

  /**
   * Whether a save holds the listing for a moderator (decision 056): its seller's number is
   * blocked, or its text asks for money up front (a UPI ID, a payment link, "advance payment"),
   * with the reason its seller reads; or, with REQUIRE_VERIFIED_PHONE on, until its seller's phone
   * is verified (decision 061). Otherwise a hold an earlier save made is released: the text is
   * clean and the phone verified, or the switch was turned off, so a save never leaves it waiting.
   */
  async function holdFor(sellerId: string, fields: ListingFields, at: number): Promise<SaveHold> {
    if (await repository.sellerPhoneBlocked(sellerId)) return { hold: { at, reason: MODERATION_MESSAGES.phoneBlocked, cause: "phone" } };
    const asks = findPaymentRequest([fields.name, fields.description, fields.variety, fields.place]);
    if (asks) return { hold: { at, reason: HELD_MESSAGES[asks], cause: "held" } };
    if (deps.phoneVerified && !(await deps.phoneVerified(sellerId)))
      return { hold: { at, reason: MODERATION_MESSAGES.waitingForPhone, cause: "unverified" } };
    return { release: true };
  }

  /**
   * A new listing (no `id`) or the seller's edit of theirs, with its photos in the seller's order;
   * the first is the cover. One transaction; on any failure nothing changes and no new photo file
   * stays behind. Afterwards the files of photos no longer used, and the uploads used, are removed.
   */
  async function saveListing(input: {
    actor: Actor | null;
    id?: string;
    fields: ListingFields;
    photos: PhotoSource[];
  }): Promise<{ id: string }> {
    requireActor(input.actor);
    const current = input.id === undefined ? null : await ownListing(input.actor, input.id);
    const photos = await photosToSave(input.actor.id, input.photos, current);
    const columns = columnsFor(input.fields);
    const at = now();
    const hold = await holdFor(input.actor.id, input.fields, at);
    let replaced: string[] = [];
    const id = await withStoredPhotos(photos, async (stored) => {
      if (!current) {
        const id = randomUUID();
        const cover = stored[0]!;
        await repository.insert(
          {
            id,
            seller_id: input.actor!.id,
            ...columns,
            image_key: cover.image_key,
            image_name: cover.image_name,
            created_at: at,
            status: "active",
            expires_at: expiryFrom(columns.category as CategorySlug, at),
            updated_at: null,
          },
          stored,
          // A held listing's alerts go out when a moderator restores it, a waiting one's when the phone is verified.
          "hold" in hold ? undefined : queueAlerts(id),
          "hold" in hold ? hold.hold : undefined,
        );
        return id;
      }
      const removed = await repository.update(current.id, { ...columns, updated_at: at }, stored, hold, queueAlerts(current.id));
      if (!removed) throw new AppError("NOT_FOUND", LISTING_MESSAGES.notYourListing);
      replaced = removed;
      return current.id;
    });
    await saved(id);
    await removePhotoFiles(replaced);
    const uploadIds = input.photos.flatMap((source) => ("upload" in source ? [source.upload] : []));
    if (uploadIds.length)
      await uploads.discardUploads(uploadIds).catch((error: unknown) => logger.error({ err: error, uploadIds }, "upload cleanup failed"));
    return { id };
  }

  /**
   * A lifecycle change by the listing's seller; "gone meanwhile" reads as not found. `live`: the
   * change makes it live again, so its alerts are queued with it.
   */
  async function changeLifecycle(
    actor: Actor | null,
    id: string,
    change: (listing: ListingDetail) => { status?: "active" | "sold"; expires_at?: number },
    live = false,
  ): Promise<void> {
    const listing = await ownListing(actor, id);
    const changed = await repository.setLifecycle(
      listing.id,
      { ...change(listing), updated_at: now() },
      live ? queueAlerts(listing.id) : undefined,
    );
    if (!changed) throw new AppError("NOT_FOUND", LISTING_MESSAGES.notYourListing);
    await saved(listing.id);
  }

  return {
    saveListing,

    /** A listing from photos sent with the form itself (the form without JavaScript). */
    createListing(input: { actor: Actor | null; fields: ListingFields; photos: UploadedPhoto[] }): Promise<{ id: string }> {
      return saveListing({ actor: input.actor, fields: input.fields, photos: input.photos.map((file) => ({ file })) });
    },

    /**
     * A listing from finished resumable uploads, in the seller's order. The uploads are removed
     * once the listing is committed; if anything fails they stay, so the seller can send again.
     */
    createListingFromUploads(input: { actor: Actor | null; fields: ListingFields; uploadIds: string[] }): Promise<{ id: string }> {
      return saveListing({ actor: input.actor, fields: input.fields, photos: input.uploadIds.map((upload) => ({ upload })) });
    },

    getListing,

    /** "Member since" and "<n> listings sold" on a listing's and a seller's page (decision 057); null: no such account. */
    sellerSignals: (sellerId: string) => repository.sellerSignals(sellerId),

    /** The listing for its seller's edit form; anyone else gets 404. */
    getOwnListing(input: { actor: Actor | null; id: string }): Promise<ListingDetail> {
      return ownListing(input.actor, input.id);
    },

    /** Sold: it leaves every list at once; its page says so. */
    markSold: async (input: { actor: Actor | null; id: string }) => {
      await changeLifecycle(input.actor, input.id, () => ({ status: "sold" }));
    },

    /** Available again; an expired listing also needs renewing to be shown. */
    markAvailable: (input: { actor: Actor | null; id: string }) =>
      changeLifecycle(input.actor, input.id, () => ({ status: "active" }), true),

    /** Another full period from now (never shorter than what is left). */
    renewListing: (input: { actor: Actor | null; id: string }) =>
      changeLifecycle(
        input.actor,
        input.id,
        (listing) => {
          // Renewing a sold listing would only lengthen a life it no longer has (issue 42).
          if (listing.status === "sold") throw new AppError("CONFLICT", LISTING_MESSAGES.soldNotRenewed);
          return { expires_at: Math.max(listing.expiresAt, expiryFrom(listing.category, now())) };
        },
        true,
      ),

    /** Removes a listing, leaving a tombstone (its link answers 410); its photos' files go after the database has forgotten them. */
    async deleteListing(input: { actor: Actor | null; id: string }): Promise<void> {
      const listing = await ownListing(input.actor, input.id);
      const removed = await repository.delete(listing.id, now());
      await removePhotoFiles(removed);
    },

    /**
     * Where the Sell form starts: the place the seller gave on their account page, else where
     * their newest listing is. As the form shows it (empty text for what is not known).
     */
    async startingPlaceOf(actor: Actor): Promise<{ state: string; district: string; place: string; pin: string } | null> {
      const found = (await repository.findDefaultPlace(actor.id)) ?? (await repository.findLastPlace(actor.id));
      return found ? { state: found.state, district: found.district, place: found.place ?? "", pin: found.pin ?? "" } : null;
    },

    /** The place the seller sells from, given on their account page. */
    async saveDefaultPlace(input: { actor: Actor | null; place: LocationFields }): Promise<void> {
      requireActor(input.actor);
      await repository.saveDefaultPlace(input.actor.id, input.place, now());
    },

    /** The place on the seller's account page (not their listings'), as the form shows it. */
    async defaultPlaceOf(actor: Actor): Promise<{ state: string; district: string; place: string; pin: string }> {
      const found = await repository.findDefaultPlace(actor.id);
      return { state: found?.state ?? "", district: found?.district ?? "", place: found?.place ?? "", pin: found?.pin ?? "" };
    },

    /** Every listing of the seller's, whatever its status, newest first. */
    async listOwnListings(input: { actor: Actor | null; page: number }): Promise<OwnListingsPage> {
      requireActor(input.actor);
      const total = await repository.countBySeller(input.actor.id);
      const pageCount = Math.ceil(total / PAGE_SIZE);
      const page = Math.min(input.page, Math.max(pageCount, 1));
      const items = total
        ? await repository.listOwn({ sellerId: input.actor.id, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, now: now() })
        : [];
      return { items, total, page, pageCount };
    },

    /** Every listing row, whatever its status (tests check that a failed write left nothing). */
    async countListings(): Promise<number> {
      return repository.countAll();
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;

/**
 * The uploader's file name is only ever shown back as text: keep its last path segment, without
 * control characters, at most 255 characters. Null when nothing is left.
 */
export function cleanFileName(name: string): string | null {
  const base = name
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return base.slice(0, 255) || null;
}
