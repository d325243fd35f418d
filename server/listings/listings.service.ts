/** Listing use cases: create, get, browse (list, filter, search), suggest, and the home page. */
import { randomUUID } from "node:crypto";
import { AppError } from "../../core/app-error";
import { ALL_CATEGORIES, categoriesMatching, resolveCategory, type CategorySlug } from "../../core/categories";
import { FRESH_COUNT, MAX_SUGGESTIONS, PAGE_SIZE } from "../../core/constants";
import { imageVariantKey } from "../../core/images";
import type { ListingDetail, ListingSummary } from "../../core/listing";
import { canBeFuzzy, fuzzyNameEdits, trigramsOf } from "../../core/fuzzy";
import { MESSAGES } from "../../core/messages";
import { canCreateListing, type Actor } from "../../core/policies";
import type { BrowseQuery, ListingFields } from "../../core/schemas";
import { normaliseSearchText, searchTermsFor } from "../../core/search-terms";
import { rankSuggestions, wantsSuggestions, type NameCandidate, type Suggestion } from "../../core/suggestions";
import type { Logger } from "../logger";
import { makeImageVariants } from "../media/image-pipeline";
import type { Storage } from "../media/storage";
import type { ListingFilter, ListingsRepository } from "./listings.repository";

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
  logger: Logger;
  now?: () => number;
}) {
  const { repository, storage, logger } = deps;
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

  return {
    async createListing(input: {
      actor: Actor | null;
      fields: ListingFields;
      photo: UploadedPhoto | null;
    }): Promise<{ id: string }> {
      if (!canCreateListing(input.actor)) throw new AppError("UNAUTHENTICATED", "You must login first");
      if (!input.photo || input.photo.bytes.byteLength === 0) {
        throw new AppError("BAD_INPUT", MESSAGES.choosePhoto, { field: "image" });
      }
      const variants = await makeImageVariants(input.photo.bytes);

      const id = randomUUID();
      const imageKey = `listings/${randomUUID()}`;
      const keys = variants.map((v) => imageVariantKey(imageKey, v.width));
      try {
        // Wait for every write to finish, failed or not, so cleanup cannot race a late one.
        const writes = await Promise.allSettled(variants.map((v, i) => storage.put(keys[i]!, v.body, "image/webp")));
        const failed = writes.find((w) => w.status === "rejected");
        if (failed) throw failed.reason;
        await repository.insert({
          id,
          seller_id: input.actor.id,
          name: input.fields.name,
          name_search: normaliseSearchText(input.fields.name),
          category: input.fields.category,
          price_paise: input.fields.price,
          description: input.fields.description,
          image_key: imageKey,
          image_name: input.photo.fileName.slice(0, 255) || null,
          created_at: now(),
        });
      } catch (error) {
        // No listing, so no photo: remove what was stored before the failure.
        await storage.delete(keys).catch((cleanupError: unknown) => logger.error({ err: cleanupError, keys }, "photo cleanup failed"));
        throw error;
      }
      return { id };
    },

    async getListing(id: string): Promise<ListingDetail> {
      const listing = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findById(id) : null;
      if (!listing) throw new AppError("NOT_FOUND", "We could not find that listing. It may have been removed.");
      return listing;
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
