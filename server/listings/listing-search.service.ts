/**
 * What buyers find: browse (list, filter, search, with close spellings when nothing matched as
 * typed), suggestions for the header box, the home page, alternatives to a sold listing, and a
 * seller's public page. Writing listings is listings.service.ts.
 */
import { AppError } from "../../core/app-error";
import { ALL_CATEGORIES, categoriesMatching, resolveCategory, type CategorySlug } from "../../core/categories";
import { FRESH_COUNT, MAX_COUNTED_MATCHES, MAX_SUGGESTIONS, PAGE_SIZE } from "../../core/constants";
import { canBeFuzzy, fuzzyNameEdits, MIN_FUZZY_LENGTH, trigramsOf } from "../../core/fuzzy";
import type { ListingDetail, ListingSummary } from "../../core/listing";
import { placeLabel } from "../../core/locations";
import type { ListingSort } from "../../core/schemas";
import { normaliseSearchText, searchTermsFor } from "../../core/search-terms";
import { rankSuggestions, wantsSuggestions, type NameCandidate, type Suggestion } from "../../core/suggestions";
import type { ListingFilter, ListingSearchRepository } from "./listing-search.repository";
import type { ListingsRepository } from "./listings.repository";

/**
 * What to browse; anything left out is "any", page 1, newest first. The /viewmore query
 * (core/schemas' BrowseQuery) is one of these as parsed.
 */
export interface BrowseOptions {
  q?: string;
  /** Which search box asked: "name" (header box) matches names only; "any" also a category named by `q`. */
  by?: "name" | "any";
  /** The raw category text: a spelling that names no category matches nothing. */
  category?: string;
  /** Slugs of core/locations. */
  state?: string;
  district?: string;
  /** Price range per kg, in paise. */
  price?: { minPaise?: number; maxPaise?: number };
  page?: number;
  sort?: ListingSort;
}

export interface BrowseResult {
  items: ListingSummary[];
  /** How many match, counted up to MAX_COUNTED_MATCHES. */
  total: number;
  /** More than `total` match: the page says "10,000+" and its links stop there. */
  moreThanTotal: boolean;
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
/** Candidates taken for each short typed word's first two letters, and each place they may start. */
const SHORT_WORD_CANDIDATES = 50;
/** Words up to this long may share no trigram with the word they misspell. */
const SHORT_WORD_LENGTH = 7;

/** The first two letters of each typed word long enough to be corrected and short enough to need it. */
function shortWordStarts(text: string): string[] {
  const words = text.split(" ").filter((word) => [...word].length >= MIN_FUZZY_LENGTH && [...word].length <= SHORT_WORD_LENGTH);
  return [...new Set(words.map((word) => [...word].slice(0, 2).join("")))];
}

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

export function createListingSearchService(deps: {
  repository: ListingSearchRepository;
  /** Where a seller's newest listing is, for their public page. */
  places: Pick<ListingsRepository, "findLastPlace">;
  now?: () => number;
  /** MAX_COUNTED_MATCHES unless a test wants a small marketplace to reach it. */
  maxCountedMatches?: number;
}) {
  const { repository, places } = deps;
  const maxCounted = deps.maxCountedMatches ?? MAX_COUNTED_MATCHES;
  const now = deps.now ?? Date.now;

  /** Turns browse options into a filter; null when they can match nothing. */
  function filterFor(options: BrowseOptions): ListingFilter | null {
    const filter: ListingFilter = { liveAt: now() };
    if (options.state) filter.state = options.state;
    if (options.district) filter.district = options.district;
    if (options.category) {
      const category = resolveCategory(options.category);
      if (!category) return null;
      filter.category = category;
    }
    if (options.price?.minPaise !== undefined) filter.minPaise = options.price.minPaise;
    if (options.price?.maxPaise !== undefined) filter.maxPaise = options.price.maxPaise;
    const q = options.q ?? "";
    const terms = searchTermsFor(q);
    if (terms.length) {
      filter.nameContainsAny = terms;
      if ((options.by ?? "any") === "any") filter.orCategories = categoriesMatching(q);
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
    const liveAt = now();
    const sharingTrigrams = await repository.findNamesSharingTrigrams({ trigrams: trigramsOf(text), typed: text, limit: FUZZY_CANDIDATES });
    // Judged first, then only the accepted few are checked for a live listing.
    const close = sharingTrigrams.map((candidate) => ({ candidate, edits: fuzzyNameEdits(text, candidate.nameSearch) })).filter((s) => s.edits !== undefined);
    const live = await repository.whichAreLive(close.map((s) => s.candidate.nameSearch), liveAt);
    const scored = close.filter((s) => live.has(s.candidate.nameSearch));
    // A short word with a typo in its middle can share no trigram with the right one ("onoin",
    // "onion"). Typos rarely touch the first two letters, so when the trigrams found nothing,
    // names with a word starting with them are candidates, the most listed first; being a looser
    // net, they must match whole words ("aloo" is not "almo…nds").
    const starts = scored.some((s) => s.edits !== undefined) ? [] : shortWordStarts(text);
    for (const start of starts) {
      for (const match of ["prefix", "word"] as const) {
        for (const candidate of await repository.findNames({ term: start, match, limit: SHORT_WORD_CANDIDATES, liveAt })) {
          scored.push({ candidate, edits: fuzzyNameEdits(text, candidate.nameSearch, { wholeWords: true }) });
        }
      }
    }
    return [...new Map(scored.filter((s): s is { candidate: NameCandidate; edits: number } => s.edits !== undefined).map((s) => [s.candidate.nameSearch, s])).values()]
      .sort((a, b) => a.edits - b.edits || b.candidate.listingCount - a.candidate.listingCount)
      .map((scored) => scored.candidate);
  }

  /** Counted one past the cap, so "more than" is known without counting every match. */
  async function countMatches(filter: ListingFilter): Promise<{ total: number; moreThanTotal: boolean }> {
    const counted = await repository.count(filter, { upTo: maxCounted + 1 });
    return { total: Math.min(counted, maxCounted), moreThanTotal: counted > maxCounted };
  }

  async function browseListings(options: BrowseOptions): Promise<BrowseResult> {
    const q = options.q ?? "";
    const sort = options.sort ?? "newest";
    let filter = filterFor(options);
    // A category that does not exist (legacy 'Cars') matches nothing: the page shows "No items found".
    if (!filter) return { items: [], total: 0, moreThanTotal: false, page: 1, pageCount: 0, category: undefined, marketplaceEmpty: false, closeMatches: false };
    let counted = await countMatches(filter);
    let closeMatches = false;
    // Only when nothing matched as typed is a typo considered, so exact searches never pay for it.
    if (counted.total === 0 && q) {
      const close = (await findCloseNames(q)).slice(0, FUZZY_NAMES);
      if (close.length) {
        filter = { ...filter, nameContainsAny: undefined, orCategories: undefined, nameIn: close.map((c) => c.nameSearch) };
        counted = await countMatches(filter);
        closeMatches = counted.total > 0;
      }
    }
    const { total, moreThanTotal } = counted;
    const pageCount = Math.ceil(total / PAGE_SIZE);
    const page = Math.min(options.page ?? 1, Math.max(pageCount, 1));
    const items = total ? await repository.list({ filter, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, total }) : [];
    // Only an empty answer needs the question "is there anything at all?".
    const marketplaceEmpty = total === 0 && (await repository.count({ liveAt: now() }, { upTo: 1 })) === 0;
    return { items, total, moreThanTotal, page, pageCount, category: filter.category, marketplaceEmpty, closeMatches };
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

  return {
    browseListings,

    suggestListings,

    /** Fresh recommendations, the Quick Menu, and the section for a chosen category (or all). */
    async getHomePage(options: { category: string }): Promise<HomePage> {
      const [fresh, quickMenu] = await Promise.all([
        repository.list({ filter: { liveAt: now() }, sort: "newest", limit: FRESH_COUNT, offset: 0 }),
        repository.list({ filter: { liveAt: now() }, sort: "oldest", limit: PAGE_SIZE, offset: 0 }),
      ]);
      const requested = options.category.trim();
      if (!requested) return { fresh, quickMenu, categorySection: null };
      const all = requested.toLowerCase() === ALL_CATEGORIES;
      const section = await browseListings({ category: all ? "" : requested });
      return {
        fresh,
        quickMenu,
        categorySection: { all, category: section.category, requested, items: section.items, total: section.total },
      };
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

    /** A seller's public page: who they are, where they sell from, and their live listings. */
    async getSellerPage(input: { id: string; page: number }) {
      const found = input.id.length <= 64 ? await repository.findSeller(input.id) : null;
      // Only people who have listed something have a public page: a buyer's phone is nobody's
      // business. A banned seller's page is gone with their listings (decision 014).
      if (!found || found.banned || (await repository.count({ sellerId: found.id }, { upTo: 1 })) === 0) throw new AppError("NOT_FOUND", "We could not find that seller.");
      const { banned: _banned, ...seller } = found;
      const filter: ListingFilter = { liveAt: now(), sellerId: seller.id };
      const { total, moreThanTotal } = await countMatches(filter);
      const pageCount = Math.ceil(total / PAGE_SIZE);
      const page = Math.min(input.page, Math.max(pageCount, 1));
      const [items, place] = await Promise.all([
        total ? repository.list({ filter, sort: "newest", limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }) : [],
        places.findLastPlace(seller.id),
      ]);
      const where = place ? placeLabel({ state: place.state, district: place.district }) || null : null;
      return { seller: { ...seller, where }, items, total, moreThanTotal, page, pageCount };
    },
  };
}

export type ListingSearchService = ReturnType<typeof createListingSearchService>;
