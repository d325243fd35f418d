/** Listing use cases: create, get, browse (list, filter, search), suggest, and the home page. */
import { randomUUID } from "node:crypto";
import { AppError } from "../../core/app-error";
import { ALL_CATEGORIES, categoriesMatching, resolveCategory, type CategorySlug } from "../../core/categories";
import { FRESH_COUNT, IMAGE_WIDTHS, MAX_SUGGESTIONS, PAGE_SIZE } from "../../core/constants";
import { imageVariantKey } from "../../core/images";
import type { ListingDetail, ListingSummary } from "../../core/listing";
import { canBeFuzzy, fuzzyNameEdits, trigramsOf } from "../../core/fuzzy";
import { MESSAGES, tooManyPhotosMessage } from "../../core/messages";
import { canCreateListing, canEditListing, type Actor } from "../../core/policies";
import type { BrowseQuery, ListingFields } from "../../core/schemas";
import { normaliseSearchText, searchTermsFor } from "../../core/search-terms";
import { rankSuggestions, wantsSuggestions, type NameCandidate, type Suggestion } from "../../core/suggestions";
import type { Logger } from "../logger";
import { makeImageVariants, type ImageVariant } from "../media/image-pipeline";
import type { Storage } from "../media/storage";
import type { UploadsService } from "../uploads/uploads.service";
import type { ListingFilter, ListingsRepository, StoredPhoto } from "./listings.repository";

export interface UploadedPhoto {
  bytes: Uint8Array;
  fileName: string;
}

export interface BrowseResult {
  items: ListingSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** The category the query named, when it named one. */
  category: CategorySlug | undefined;
  /** True when the URL named a category that does not exist (e.g. legacy 'Cars'). */
  unknownCategory: boolean;
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
  logger: Logger;
  now?: () => number;
}) {
  const { repository, storage, uploads, maxPhotos, logger } = deps;
  const now = deps.now ?? Date.now;

  /** Turns a browse query into a filter; null when it can match nothing. */
  function filterFor(query: Pick<BrowseQuery, "q" | "by" | "category" | "price">): ListingFilter | null {
    const filter: ListingFilter = {};
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

  async function getListing(id: string): Promise<ListingDetail> {
    const listing = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findById(id) : null;
    if (!listing) throw new AppError("NOT_FOUND", "We could not find that listing. It may have been removed.");
    return listing;
  }

  /**
   * Names a few edits away from what was typed ("basmti" → "basmati rice"): the database hands
   * over names sharing trigrams with it, core/fuzzy decides. Closest first.
   */
  async function findCloseNames(typed: string): Promise<NameCandidate[]> {
    const text = normaliseSearchText(typed);
    if (!canBeFuzzy(text)) return [];
    const candidates = await repository.findNamesSharingTrigrams({ trigrams: trigramsOf(text), typed: text, limit: FUZZY_CANDIDATES });
    return candidates
      .map((candidate) => ({ candidate, edits: fuzzyNameEdits(text, candidate.nameSearch) }))
      .filter((scored): scored is { candidate: NameCandidate; edits: number } => scored.edits !== undefined)
      .sort((a, b) => a.edits - b.edits || b.candidate.listingCount - a.candidate.listingCount)
      .map((scored) => scored.candidate);
  }

  async function browseListings(query: BrowseQuery): Promise<BrowseResult> {
    let filter = filterFor(query);
    if (!filter) {
      return { items: [], total: 0, page: 1, pageCount: 0, category: undefined, unknownCategory: true, marketplaceEmpty: false, closeMatches: false };
    }
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
    const marketplaceEmpty = total === 0 && (await repository.count()) === 0;
    return { items, total, page, pageCount, category: filter.category, unknownCategory: false, marketplaceEmpty, closeMatches };
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
        for (const candidate of await repository.findNames({ term, match, limit: MAX_SUGGESTIONS })) {
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
    const keys = variantKeys(imageKeys);
    await storage.delete(keys).catch((error: unknown) => logger.error({ err: error, keys }, "photo cleanup failed"));
  }

  /**
   * Re-encodes every photo and stores its variants, then runs `write` (the database change that
   * refers to them). If anything fails, the variants stored so far are removed again.
   */
  async function withStoredPhotos<T>(photos: UploadedPhoto[], write: (stored: StoredPhoto[]) => Promise<T>): Promise<T> {
    // One photo at a time: decoding a 12 MP photo takes ~100 MB, and the CPU is shared.
    const encoded: Array<StoredPhoto & { variants: ImageVariant[] }> = [];
    for (const photo of photos) {
      encoded.push({ image_key: `listings/${randomUUID()}`, image_name: cleanFileName(photo.fileName), variants: await makeImageVariants(photo.bytes) });
    }
    try {
      // Wait for every write to finish, failed or not, so cleanup cannot race a late one.
      const writes = await Promise.allSettled(
        encoded.flatMap((photo) => photo.variants.map((v) => storage.put(imageVariantKey(photo.image_key, v.width), v.body, "image/webp"))),
      );
      const failed = writes.find((w) => w.status === "rejected");
      if (failed) throw failed.reason;
      return await write(encoded.map(({ image_key, image_name }) => ({ image_key, image_name })));
    } catch (error) {
      await removePhotoFiles(encoded.map((photo) => photo.image_key));
      throw error;
    }
  }

  /** The listing and its photos in one transaction; the first photo is the cover. */
  async function storeListing(actor: Actor, fields: ListingFields, photos: UploadedPhoto[]): Promise<{ id: string }> {
    return withStoredPhotos(photos, async (stored) => {
      const id = randomUUID();
      await repository.insert(
        {
          id,
          seller_id: actor.id,
          name: fields.name,
          name_search: normaliseSearchText(fields.name),
          category: fields.category,
          price_paise: fields.price,
          description: fields.description,
          image_key: stored[0]!.image_key,
          image_name: stored[0]!.image_name,
          created_at: now(),
        },
        stored,
      );
      return { id };
    });
  }

  /** The listing, if the actor may change it; otherwise the error to show. */
  async function listingToChange(actor: Actor | null, id: string): Promise<ListingDetail> {
    if (!canCreateListing(actor)) throw new AppError("UNAUTHENTICATED", "You must login first");
    const listing = await getListing(id);
    if (!canEditListing(actor, listing)) throw new AppError("FORBIDDEN", "Only the seller who listed this can change it.");
    return listing;
  }

  return {
    /** A listing from photos sent with the form itself (the form without JavaScript). */
    async createListing(input: { actor: Actor | null; fields: ListingFields; photos: UploadedPhoto[] }): Promise<{ id: string }> {
      if (!canCreateListing(input.actor)) throw new AppError("UNAUTHENTICATED", "You must login first");
      const photos = input.photos.filter((photo) => photo.bytes.byteLength > 0);
      checkPhotoCount(photos.length);
      return storeListing(input.actor, input.fields, photos);
    },

    /**
     * A listing from finished resumable uploads, in the seller's order. The uploads are removed
     * once the listing is committed; if anything fails they stay, so the seller can send again.
     */
    async createListingFromUploads(input: { actor: Actor | null; fields: ListingFields; uploadIds: string[] }): Promise<{ id: string }> {
      if (!canCreateListing(input.actor)) throw new AppError("UNAUTHENTICATED", "You must login first");
      const uploadIds = [...new Set(input.uploadIds)];
      checkPhotoCount(uploadIds.length);
      const finished = await uploads.readFinishedUploads({ ownerId: input.actor.id, ids: uploadIds });
      const created = await storeListing(input.actor, input.fields, finished);
      await uploads.discardUploads(uploadIds).catch((error: unknown) => logger.error({ err: error, uploadIds }, "upload cleanup failed"));
      return created;
    },

    getListing,

    /**
     * New photos for a listing, from finished uploads in the seller's order. The old photos'
     * files and the uploads are removed only after the change is committed.
     */
    async replaceListingPhotos(input: { actor: Actor | null; id: string; uploadIds: string[] }): Promise<void> {
      const listing = await listingToChange(input.actor, input.id);
      const uploadIds = [...new Set(input.uploadIds)];
      checkPhotoCount(uploadIds.length);
      const finished = await uploads.readFinishedUploads({ ownerId: listing.sellerId, ids: uploadIds });
      const replaced = await withStoredPhotos(finished, (stored) => repository.replacePhotos(listing.id, stored));
      await removePhotoFiles(replaced);
      await uploads.discardUploads(uploadIds).catch((error: unknown) => logger.error({ err: error, uploadIds }, "upload cleanup failed"));
    },

    /** Removes a listing; its photos' files go after the database has forgotten them. */
    async deleteListing(input: { actor: Actor | null; id: string }): Promise<void> {
      const listing = await listingToChange(input.actor, input.id);
      const removed = await repository.delete(listing.id);
      await removePhotoFiles(removed);
    },

    browseListings,

    suggestListings,

    async countListings(): Promise<number> {
      return repository.count();
    },

    /** Fresh recommendations, the Quick Menu, and the section for a chosen category (or all). */
    async getHomePage(options: { category: string }): Promise<HomePage> {
      const [fresh, quickMenu] = await Promise.all([
        repository.list({ sort: "newest", limit: FRESH_COUNT, offset: 0 }),
        repository.list({ sort: "oldest", limit: PAGE_SIZE, offset: 0 }),
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
