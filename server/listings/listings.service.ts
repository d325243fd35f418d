/**
 * Listing use cases: create and edit (one save), a seller's lifecycle actions (sold, available
 * again, renew, delete), get, browse (list, filter, search), suggest, and the home page.
 */
import { randomUUID } from "node:crypto";
import { AppError } from "../../core/app-error";
import { ALL_CATEGORIES, categoriesMatching, PERISHABLE_CATEGORIES, resolveCategory, type CategorySlug } from "../../core/categories";
import { FRESH_COUNT, IMAGE_WIDTHS, MAX_SUGGESTIONS, PAGE_SIZE } from "../../core/constants";
import { imageVariantKey } from "../../core/images";
import type { ListingDetail, ListingSummary, OwnListingSummary } from "../../core/listing";
import { canBeFuzzy, fuzzyNameEdits, trigramsOf } from "../../core/fuzzy";
import { LISTING_MESSAGES, MESSAGES, tooManyPhotosMessage } from "../../core/messages";
import { canCreateListing, canEditListing, type Actor } from "../../core/policies";
import { placeLabel } from "../../core/locations";
import type { LocationFields } from "../../core/locations/schema";
import { pricePerKgPaise } from "../../core/produce";
import type { BrowseQuery, ListingFields } from "../../core/schemas";
import { normaliseSearchText, searchTermsFor } from "../../core/search-terms";
import { rankSuggestions, wantsSuggestions, type NameCandidate, type Suggestion } from "../../core/suggestions";
import { isStaff, type Role } from "../../core/moderation";
import type { Logger } from "../logger";
import { makeImageVariants, type ImageVariant } from "../media/image-pipeline";
import type { Storage } from "../media/storage";
import type { UploadsService } from "../uploads/uploads.service";
import type { ListingChanges, ListingFilter, ListingsRepository, StoredPhoto } from "./listings.repository";

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

export interface BrowseResult {
  items: ListingSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** The category the query named, when it named one. */
  category: CategorySlug | undefined;
  /** True when there are no listings at all (not just none matching). */
  marketplaceEmpty: boolean;
  /** True when nothing matched as typed and these are listings with a close spelling instead. */
  closeMatches: boolean;
}

/** How many typo candidates the database may hand over for core/fuzzy to judge. */
const FUZZY_CANDIDATES = 200;
/** At most this many close spellings stand in for a search that found nothing as typed. */
const FUZZY_NAMES = 20;

export interface HomePage {
  fresh: ListingSummary[];
  quickMenu: ListingSummary[];
  /** The section for the category chosen in the banner (or ALL CATEGORIES), when one was. */
  categorySection: {
    all: boolean;
    category: CategorySlug | undefined;
    requested: string;
    items: ListingSummary[];
    total: number;
  } | null;
}

export function createListingsService(deps: {
  repository: ListingsRepository;
  storage: Storage;
  uploads: Pick<UploadsService, "readFinishedUploads" | "discardUploads">;
  maxPhotos: number;
  /** How long a listing stays up, in days, by kind of produce. */
  listingDays: { perishable: number; other: number };
  logger: Logger;
  now?: () => number;
}) {
  const { repository, storage, uploads, maxPhotos, logger, listingDays } = deps;
  const now = deps.now ?? Date.now;

  /** When a listing of this category, put up or renewed at `from`, expires. */
  const expiryFrom = (category: CategorySlug, from: number) =>
    from + (PERISHABLE_CATEGORIES.has(category) ? listingDays.perishable : listingDays.other) * DAY_MS;

  /** Turns a browse query into a filter; null when it can match nothing. */
  function filterFor(query: Pick<BrowseQuery, "q" | "by" | "category" | "price" | "state" | "district">): ListingFilter | null {
    const filter: ListingFilter = { liveAt: now() };
    if (query.state) filter.state = query.state;
    if (query.district) filter.district = query.district;
    if (query.category) {
      const category = resolveCategory(query.category);
      if (!category) return null;
      filter.category = category;
    }
    if (query.price.minPaise !== undefined) filter.minPaise = query.price.minPaise;
    if (query.price.maxPaise !== undefined) filter.maxPaise = query.price.maxPaise;
    const terms = searchTermsFor(query.q);
    if (terms.length) {
      filter.nameContainsAny = terms;
      if (query.by === "any") filter.orCategories = categoriesMatching(query.q);
    }
    return filter;
  }

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

  /**
   * Names a few edits away from what was typed ("basmti" → "basmati rice"): the database hands
   * over names sharing trigrams with it, core/fuzzy decides. Closest first.
   */
  async function findCloseNames(typed: string): Promise<NameCandidate[]> {
    const text = normaliseSearchText(typed);
    if (!canBeFuzzy(text)) return [];
    const candidates = await repository.findNamesSharingTrigrams({ trigrams: trigramsOf(text), typed: text, limit: FUZZY_CANDIDATES, liveAt: now() });
    return candidates
      .map((candidate) => ({ candidate, edits: fuzzyNameEdits(text, candidate.nameSearch) }))
      .filter((scored): scored is { candidate: NameCandidate; edits: number } => scored.edits !== undefined)
      .sort((a, b) => a.edits - b.edits || b.candidate.listingCount - a.candidate.listingCount)
      .map((scored) => scored.candidate);
  }

  async function browseListings(query: BrowseQuery): Promise<BrowseResult> {
    let filter = filterFor(query);
    // A category that does not exist (legacy 'Cars') matches nothing: the page shows "No items found".
    if (!filter) return { items: [], total: 0, page: 1, pageCount: 0, category: undefined, marketplaceEmpty: false, closeMatches: false };
    let total = await repository.count(filter);
    let closeMatches = false;
    // Only when nothing matched as typed is a typo considered, so exact searches never pay for it.
    if (total === 0 && query.q) {
      const close = (await findCloseNames(query.q)).slice(0, FUZZY_NAMES);
      if (close.length) {
        filter = { ...filter, nameContainsAny: undefined, orCategories: undefined, nameIn: close.map((c) => c.nameSearch) };
        total = await repository.count(filter);
        closeMatches = total > 0;
      }
    }
    const pageCount = Math.ceil(total / PAGE_SIZE);
    const page = Math.min(query.page, Math.max(pageCount, 1));
    const items = total ? await repository.list({ filter, sort: query.sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, total }) : [];
    // Only an empty answer needs the question "is there anything at all?".
    const marketplaceEmpty = total === 0 && (await repository.count({ liveAt: now() })) === 0;
    return { items, total, page, pageCount, category: filter.category, marketplaceEmpty, closeMatches };
  }

  /**
   * Up to 15 distinct names for the header box: prefix matches, then word starts, then inside
   * words, then close spellings; each step runs only while the list is not full.
   */
  async function suggestListings(typed: string): Promise<Suggestion[]> {
    if (!wantsSuggestions(typed)) return [];
    const terms = searchTermsFor(typed);
    const found = new Map<string, NameCandidate>();
    for (const match of ["prefix", "word", "infix"] as const) {
      for (const term of terms) {
        if (found.size >= MAX_SUGGESTIONS) break;
        for (const candidate of await repository.findNames({ term, match, limit: MAX_SUGGESTIONS, liveAt: now() })) {
          if (!found.has(candidate.nameSearch)) found.set(candidate.nameSearch, candidate);
        }
      }
    }
    if (found.size < MAX_SUGGESTIONS) {
      for (const candidate of await findCloseNames(typed)) if (!found.has(candidate.nameSearch)) found.set(candidate.nameSearch, candidate);
    }
    return rankSuggestions([...found.values()], { terms, typed });
  }

  function checkPhotoCount(count: number): void {
    if (count === 0) throw new AppError("BAD_INPUT", MESSAGES.choosePhoto, { field: "image" });
    if (count > maxPhotos) throw new AppError("BAD_INPUT", tooManyPhotosMessage(maxPhotos), { field: "image" });
  }

  const variantKeys = (imageKeys: readonly string[]) => imageKeys.flatMap((key) => IMAGE_WIDTHS.map((width) => imageVariantKey(key, width)));

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
      const made = { image_key: `listings/${randomUUID()}`, image_name: cleanFileName(photo.fileName), variants: await makeImageVariants(photo.bytes) };
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
    if (!canCreateListing(actor)) throw new AppError("UNAUTHENTICATED", MESSAGES.mustLogin);
    const listing = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findById(id.toLowerCase(), now()) : null;
    if (!listing || !canEditListing(actor, listing)) throw new AppError("NOT_FOUND", LISTING_MESSAGES.notYourListing);
    return listing;
  }

  /**
   * The photos to save, in the seller's order: finished uploads are read (they must be the
   * seller's), files are taken as sent, kept photos must be the listing's own.
   */
  async function photosToSave(sellerId: string, sources: PhotoSource[], current: ListingDetail | null): Promise<Array<UploadedPhoto | StoredPhoto>> {
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
    const finished = new Map((await uploads.readFinishedUploads({ ownerId: sellerId, ids: uploadIds })).map((upload) => [upload.uploadId, upload]));
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
    };
  }

  /**
   * A new listing (no `id`) or the seller's edit of theirs, with its photos in the seller's order;
   * the first is the cover. One transaction; on any failure nothing changes and no new photo file
   * stays behind. Afterwards the files of photos no longer used, and the uploads used, are removed.
   */
  async function saveListing(input: { actor: Actor | null; id?: string; fields: ListingFields; photos: PhotoSource[] }): Promise<{ id: string }> {
    if (!canCreateListing(input.actor)) throw new AppError("UNAUTHENTICATED", MESSAGES.mustLogin);
    const current = input.id === undefined ? null : await ownListing(input.actor, input.id);
    const photos = await photosToSave(input.actor.id, input.photos, current);
    const columns = columnsFor(input.fields);
    const at = now();
    let replaced: string[] = [];
    const id = await withStoredPhotos(photos, async (stored) => {
      if (!current) {
        const id = randomUUID();
        const cover = stored[0]!;
        await repository.insert(
          { id, seller_id: input.actor!.id, ...columns, image_key: cover.image_key, image_name: cover.image_name, created_at: at, status: "active", expires_at: expiryFrom(columns.category as CategorySlug, at), updated_at: null },
          stored,
        );
        return id;
      }
      const removed = await repository.update(current.id, { ...columns, updated_at: at }, stored);
      if (!removed) throw new AppError("NOT_FOUND", LISTING_MESSAGES.notYourListing);
      replaced = removed;
      return current.id;
    });
    await removePhotoFiles(replaced);
    const uploadIds = input.photos.flatMap((source) => ("upload" in source ? [source.upload] : []));
    if (uploadIds.length) await uploads.discardUploads(uploadIds).catch((error: unknown) => logger.error({ err: error, uploadIds }, "upload cleanup failed"));
    return { id };
  }

  /** A lifecycle change by the listing's seller; "gone meanwhile" reads as not found. */
  async function changeLifecycle(actor: Actor | null, id: string, change: (listing: ListingDetail) => { status?: "active" | "sold"; expires_at?: number }) {
    const listing = await ownListing(actor, id);
    const changed = await repository.setLifecycle(listing.id, { ...change(listing), updated_at: now() });
    if (!changed) throw new AppError("NOT_FOUND", LISTING_MESSAGES.notYourListing);
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

    /** The listing for its seller's edit form; anyone else gets 404. */
    getOwnListing(input: { actor: Actor | null; id: string }): Promise<ListingDetail> {
      return ownListing(input.actor, input.id);
    },

    /** Sold: it leaves every list at once; its page says so. */
    markSold: (input: { actor: Actor | null; id: string }) => changeLifecycle(input.actor, input.id, () => ({ status: "sold" })),

    /** Available again; an expired listing also needs renewing to be shown. */
    markAvailable: (input: { actor: Actor | null; id: string }) => changeLifecycle(input.actor, input.id, () => ({ status: "active" })),

    /** Another full period from now (never shorter than what is left). */
    renewListing: (input: { actor: Actor | null; id: string }) =>
      changeLifecycle(input.actor, input.id, (listing) => ({ expires_at: Math.max(listing.expiresAt, expiryFrom(listing.category, now())) })),

    /** Removes a listing, leaving a tombstone (its link answers 410); its photos' files go after the database has forgotten them. */
    async deleteListing(input: { actor: Actor | null; id: string }): Promise<void> {
      const listing = await ownListing(input.actor, input.id);
      const removed = await repository.delete(listing.id, now());
      await removePhotoFiles(removed);
    },

    /** A seller's public page: who they are, where they sell from, and their live listings. */
    async getSellerPage(input: { id: string; page: number }) {
      const found = input.id.length <= 64 ? await repository.findSeller(input.id) : null;
      // Only people who have listed something have a public page: a buyer's phone is nobody's
      // business. A banned seller's page is gone with their listings (decision 014).
      if (!found || found.banned || (await repository.count({ sellerId: found.id })) === 0) throw new AppError("NOT_FOUND", "We could not find that seller.");
      const { banned: _banned, ...seller } = found;
      const filter: ListingFilter = { liveAt: now(), sellerId: seller.id };
      const total = await repository.count(filter);
      const pageCount = Math.ceil(total / PAGE_SIZE);
      const page = Math.min(input.page, Math.max(pageCount, 1));
      const [items, place] = await Promise.all([
        total ? repository.list({ filter, sort: "newest", limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }) : [],
        repository.findLastPlace(seller.id),
      ]);
      const where = place ? placeLabel({ state: place.state, district: place.district }) || null : null;
      return { seller: { ...seller, where }, items, total, page, pageCount };
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
      if (!canCreateListing(input.actor)) throw new AppError("UNAUTHENTICATED", MESSAGES.mustLogin);
      await repository.saveDefaultPlace(input.actor.id, input.place, now());
    },

    /** The place on the seller's account page (not their listings'), as the form shows it. */
    async defaultPlaceOf(actor: Actor): Promise<{ state: string; district: string; place: string; pin: string }> {
      const found = await repository.findDefaultPlace(actor.id);
      return { state: found?.state ?? "", district: found?.district ?? "", place: found?.place ?? "", pin: found?.pin ?? "" };
    },

    /** Every listing of the seller's, whatever its status, newest first. */
    async listOwnListings(input: { actor: Actor | null; page: number }): Promise<OwnListingsPage> {
      if (!canCreateListing(input.actor)) throw new AppError("UNAUTHENTICATED", MESSAGES.mustLogin);
      const total = await repository.count({ sellerId: input.actor.id });
      const pageCount = Math.ceil(total / PAGE_SIZE);
      const page = Math.min(input.page, Math.max(pageCount, 1));
      const items = total ? await repository.listOwn({ sellerId: input.actor.id, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, now: now() }) : [];
      return { items, total, page, pageCount };
    },

    /** Live listings of the same produce (same name, else same category), for a sold or expired listing's page. */
    async findAlternatives(listing: Pick<ListingDetail, "id" | "name" | "category">): Promise<ListingSummary[]> {
      const liveAt = now();
      const sameName = await repository.list({ filter: { liveAt, nameIn: [normaliseSearchText(listing.name)] }, sort: "newest", limit: FRESH_COUNT, offset: 0 });
      if (sameName.length >= FRESH_COUNT) return sameName;
      const sameCategory = await repository.list({ filter: { liveAt, category: listing.category }, sort: "newest", limit: FRESH_COUNT * 2, offset: 0 });
      const seen = new Set(sameName.map((item) => item.id));
      return [...sameName, ...sameCategory.filter((item) => !seen.has(item.id) && item.id !== listing.id)].slice(0, FRESH_COUNT);
    },

    browseListings,

    suggestListings,

    /** Every listing row, whatever its status (tests check that a failed write left nothing). */
    async countListings(): Promise<number> {
      return repository.countAll();
    },

    /** Fresh recommendations, the Quick Menu, and the section for a chosen category (or all). */
    async getHomePage(options: { category: string }): Promise<HomePage> {
      const [fresh, quickMenu] = await Promise.all([
        repository.list({ filter: { liveAt: now() }, sort: "newest", limit: FRESH_COUNT, offset: 0 }),
        repository.list({ filter: { liveAt: now() }, sort: "oldest", limit: PAGE_SIZE, offset: 0 }),
      ]);
      const requested = options.category.trim();
      if (!requested) return { fresh, quickMenu, categorySection: null };
      const all = requested.toLowerCase() === ALL_CATEGORIES;
      const section = await browseListings({
        q: "",
        by: "any",
        category: all ? "" : requested,
        page: 1,
        sort: "newest",
        min: "",
        max: "",
        state: "",
        district: "",
        price: {},
      });
      return {
        fresh,
        quickMenu,
        categorySection: { all, category: section.category, requested, items: section.items, total: section.total },
      };
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;

/**
 * The uploader's file name is only ever shown back as text: keep its last path segment, without
 * control characters, at most 255 characters. Null when nothing is left.
 */
export function cleanFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base.slice(0, 255) || null;
}
