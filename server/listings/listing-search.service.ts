/**
 * What buyers find: browse (list, filter, search, with close spellings when nothing matched as
 * typed), suggestions for the header box, the home page, alternatives to a sold listing, and a
 * seller's public page. Writing listings is listings.service.ts.
 */
import { AppError } from "../../core/shared/app-error";
import { ALL_CATEGORIES, type CategorySlug } from "../../core/catalogue/categories";
import { FRESH_COUNT, MAX_COUNTED_MATCHES, MAX_SUGGESTIONS, PAGE_SIZE, SUGGESTION_COUNT_CAP } from "../../core/shared/constants";
import { canBeFuzzy, fuzzyNameEdits, MIN_FUZZY_LENGTH } from "../../core/shared/fuzzy";
import type { ListingDetail, ListingSummary } from "../../core/listings/listing";
import { distanceKm, type LatLon } from "../../core/locations/distance";
import { placeLabel } from "../../core/locations";
import { districtCentre, districtsByDistance } from "../../core/locations/centres";
import { PERSON_ID } from "../../core/moderation/moderation-forms";
import { type ListingSort } from "../../core/search/search-query";
import { searchTermsFor } from "../../core/search/search-terms";
import { normaliseSearchText } from "../../core/search/search-text";
import { rankSuggestions, wantsSuggestions, type NameCandidate, type Suggestion } from "../../core/search/suggestions";
import type { ListingSearchRepository, ListingSortKey } from "./listing-search.repository";
import type { ListingsRepository } from "./listings.repository";
import { createNameVocabulary, type Correction } from "./name-vocabulary";
import { browseFilterFor, namedFirst, type FilterOptions, type ListingFilter } from "../../core/search/listing-filter";
import { nearestFirstOrigin, nextListingCursor, readListingCursor, type ListingCursor, type NearQuery } from "./listing-cursor";
import type { ContentVersionRepository } from "../page-cache/content-version.repository";

/** Each listing's distance from the origin, from its district's centre (none without a place). */
function withDistances(items: ListingSummary[], origin: LatLon): ListingSummary[] {
  return items.map((item) => {
    const centre = item.state && item.district ? districtCentre(item.state, item.district) : undefined;
    return centre ? { ...item, distanceKm: distanceKm(origin, centre) } : item;
  });
}

/**
 * What to browse; anything left out is "any", page 1, newest first. The /viewmore query
 * (core/search/search-query's BrowseQuery) is one of these as parsed.
 * What matches is core/search/listing-filter.ts's FilterOptions, which alerts share.
 */
export interface BrowseOptions extends FilterOptions {
  page?: number;
  sort?: ListingSort;
  /** "Nearest first" from this district ("state/district" slugs; decision 024). Without it, "near" sorts newest first. */
  from?: string;
}

export interface BrowseResult {
  items: ListingSummary[];
  /** How many match, counted up to MAX_COUNTED_MATCHES. */
  total: number;
  /** More than `total` match: the page says "1,000+" and its links stop there. */
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

/** Corrections tried for each misspelt word, closest first. */
const CORRECTIONS_PER_WORD = 3;
/** Names taken for each correction and place in a name (start, later word). */
const NAMES_PER_CORRECTION = 50;
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
  /** NAMES_PER_CORRECTION unless a test wants a few names to fill the word list's places. */
  namesPerCorrection?: number;
  /** The content version (server/page-cache/): the word list for typos is read again when it moves. */
  contentVersion: ContentVersionRepository;
}) {
  const { repository, places } = deps;
  const namesPerCorrection = deps.namesPerCorrection ?? NAMES_PER_CORRECTION;
  const vocabulary = createNameVocabulary({
    loadNames: repository.listNamesByCount,
    version: deps.contentVersion.current,
    namesPerWord: namesPerCorrection,
  });
  const maxCounted = deps.maxCountedMatches ?? MAX_COUNTED_MATCHES;
  const now = deps.now ?? Date.now;

  /** Turns browse options into a filter; null when they can match nothing (core/search/listing-filter.ts, which alerts share). */
  const filterFor = (options: BrowseOptions): ListingFilter | null => browseFilterFor(options, now());

  /**
   * Names a few edits away from what was typed ("basmti" → "basmati rice"): each typed word that
   * is not a word of any name is corrected against the names' words (name-vocabulary.ts), names
   * holding a correction are found like any search, and core/shared/fuzzy judges each against the whole
   * text. Closest first, then the most listed.
   */
  async function findCloseNames(typed: string): Promise<NameCandidate[]> {
    const text = normaliseSearchText(typed);
    if (!canBeFuzzy(text)) return [];
    const words = text.split(" ").filter(Boolean);
    const liveAt = now();
    const corrections: Correction[] = [];
    for (const [index, word] of words.entries()) {
      // A Hindi or Hinglish name for produce ("aloo") is spelt right; so is a word of some name (null).
      if ([...word].length < MIN_FUZZY_LENGTH || searchTermsFor(word).length > 1) continue;
      corrections.push(...((await vocabulary.correct(word, { asPrefix: index === words.length - 1, limit: CORRECTIONS_PER_WORD })) ?? []));
    }
    // The names the word list holds for each correction, in one query for those still live.
    const proposed = corrections.flatMap((c) => [...c.startingNames, ...c.laterNames]);
    const candidates = new Map((await repository.findLiveNames([...new Set(proposed)], liveAt)).map((c) => [c.nameSearch, c]));
    // Every name the list holds for a word may have been sold meanwhile: then a search finds others.
    for (const correction of corrections) {
      for (const [match, names] of [
        ["prefix", correction.startingNames],
        ["word", correction.laterNames],
      ] as const) {
        if (names.length < namesPerCorrection || names.some((name) => candidates.has(name))) continue;
        for (const candidate of await repository.findNames({ term: correction.word, match, limit: namesPerCorrection, liveAt }))
          candidates.set(candidate.nameSearch, candidate);
      }
    }
    return [...candidates.values()]
      .map((candidate) => ({ candidate, edits: fuzzyNameEdits(text, candidate.nameSearch) }))
      .filter((scored): scored is { candidate: NameCandidate; edits: number } => scored.edits !== undefined)
      .sort((a, b) => a.edits - b.edits || b.candidate.listingCount - a.candidate.listingCount)
      .map((scored) => scored.candidate);
  }

  /**
   * Names holding a common word ("rice") as a later word, most listed first, from the word list:
   * searching the names for it means ranking thousands of them (8 ms at a million listings).
   * Null when the word is not common (its list is not full) or too few of its names are live:
   * then the names are searched.
   */
  async function commonWordNames(term: string): Promise<NameCandidate[] | null> {
    const names = (await vocabulary.namesWithWord(term))?.laterNames;
    if (!names || names.length < namesPerCorrection) return null;
    const live = (await repository.findLiveNames(names, now())).sort(
      (a, b) => b.listingCount - a.listingCount || (a.nameSearch < b.nameSearch ? -1 : 1),
    );
    return live.length >= MAX_SUGGESTIONS ? live.slice(0, MAX_SUGGESTIONS) : null;
  }

  /** Counted one past the cap, so "more than" is known without counting every match. */
  async function countMatches(filter: ListingFilter): Promise<{ total: number; moreThanTotal: boolean }> {
    const counted = await repository.count(filter, { upTo: maxCounted + 1 });
    return { total: Math.min(counted, maxCounted), moreThanTotal: counted > maxCounted };
  }

  /**
   * What a browse finds, before any page is read: the filter, how many match, and whether they
   * are close spellings of a search that found nothing as typed. Null for a category that does
   * not exist (legacy 'Cars'): it matches nothing.
   */
  async function findMatches(
    options: BrowseOptions,
  ): Promise<{ filter: ListingFilter; total: number; moreThanTotal: boolean; closeMatches: boolean } | null> {
    const q = options.q ?? "";
    let filter = filterFor(options);
    if (!filter) return null;
    let counted = await countMatches(filter);
    let closeMatches = false;
    // Only when nothing matched as typed is a typo considered, so exact searches never pay for it.
    if (counted.total === 0 && q) {
      const close = (await findCloseNames(q)).slice(0, FUZZY_NAMES);
      if (close.length) {
        filter = {
          ...filter,
          nameContainsAny: undefined,
          orCategories: undefined,
          orPlaces: undefined,
          nameIn: close.map((c) => c.nameSearch),
        };
        counted = await countMatches(filter);
        closeMatches = counted.total > 0;
      }
    }
    return { filter, ...counted, closeMatches };
  }

  /** "Nearest first"'s origin: the centre of the `from` district, when sorting so. */
  const originOf = (options: BrowseOptions) =>
    options.sort === "near" && options.from ? districtCentre(...(options.from.split("/") as [string, string])) : undefined;

  /**
   * A page of `filter`'s matches in `sort` order; when its place words are in names too, those
   * names first (namedFirst). "Nearest first" and the public API's keyed pages keep one order:
   * distance is what was asked for there, and a key cannot start inside a tier.
   */
  async function listTiered(filter: ListingFilter, sort: Exclude<ListingSort, "near">, offset: number, total: number) {
    const tiers = namedFirst(filter);
    if (!tiers) return repository.list({ filter, sort, limit: PAGE_SIZE, offset, total });
    const namedTotal = (await countMatches(tiers.named)).total;
    const named =
      offset < namedTotal ? await repository.list({ filter: tiers.named, sort, limit: PAGE_SIZE, offset, total: namedTotal }) : [];
    if (named.length === PAGE_SIZE) return named;
    const rest = await repository.list({
      filter: tiers.rest,
      sort,
      limit: PAGE_SIZE - named.length,
      offset: Math.max(0, offset - namedTotal),
      total: Math.max(0, total - namedTotal),
    });
    return [...named, ...rest];
  }

  async function browseListings(options: BrowseOptions): Promise<BrowseResult> {
    const sort = options.sort ?? "newest";
    const found = await findMatches(options);
    // The page shows "No items found".
    if (!found)
      return {
        items: [],
        total: 0,
        moreThanTotal: false,
        page: 1,
        pageCount: 0,
        category: undefined,
        marketplaceEmpty: false,
        closeMatches: false,
      };
    const { filter, total, moreThanTotal, closeMatches } = found;
    const pageCount = Math.ceil(total / PAGE_SIZE);
    const page = Math.min(options.page ?? 1, Math.max(pageCount, 1));
    const origin = originOf(options);
    const items = !total
      ? []
      : origin
        ? withDistances(
            await repository.listNearest({
              filter,
              districts: districtsByDistance(origin),
              limit: PAGE_SIZE,
              offset: (page - 1) * PAGE_SIZE,
              total,
            }),
            origin,
          )
        : await listTiered(filter, sort === "near" ? "newest" : sort, (page - 1) * PAGE_SIZE, total);
    // Only an empty answer needs the question "is there anything at all?".
    const marketplaceEmpty = total === 0 && (await repository.count({ liveAt: now() }, { upTo: 1 })) === 0;
    return { items, total, moreThanTotal, page, pageCount, category: filter.category, marketplaceEmpty, closeMatches };
  }

  /**
   * The public API's pages (decision 032): the same matches as browseListings, but a page starts
   * after a listing's sort key, so new listings never shift it. "Nearest first" is ordered district
   * by district, with no key to start after: its pages go by position (`offset`).
   * One more than `limit` is read, so `hasMore` is known without another query.
   */
  async function browseListingsAfter(options: BrowseOptions & { limit: number; after?: ListingSortKey; offset?: number }) {
    const sort = options.sort ?? "newest";
    const found = await findMatches(options);
    if (!found || !found.total)
      return {
        items: [] as ListingSummary[],
        hasMore: false,
        total: 0,
        moreThanTotal: false,
        category: found?.filter.category,
        closeMatches: false,
      };
    const { filter, total, moreThanTotal, closeMatches } = found;
    const origin = originOf(options);
    const read = origin
      ? withDistances(
          await repository.listNearest({
            filter,
            districts: districtsByDistance(origin),
            limit: options.limit + 1,
            offset: options.offset ?? 0,
            total,
          }),
          origin,
        )
      : await repository.list({
          filter,
          sort: sort === "near" ? "newest" : sort,
          limit: options.limit + 1,
          offset: 0,
          total,
          after: options.after,
        });
    return {
      items: read.slice(0, options.limit),
      hasMore: read.length > options.limit,
      total,
      moreThanTotal,
      category: filter.category,
      closeMatches,
    };
  }

  /**
   * A page of the public API's listings (decision 032): the order and origin a query asks for
   * (listing-cursor.ts: "Near me" becomes its nearest district), started where `cursor` (as the
   * client sent it back, decoded) says, with the cursor of the next page. Undefined `cursor`: the
   * first page. A cursor this list did not give, or gave for another order, is "invalid-cursor".
   */
  async function browseListingsByCursor(
    query: BrowseOptions & NearQuery,
    page: { limit: number; cursor?: unknown },
  ): Promise<
    | { ok: false; reason: "invalid-cursor" }
    | {
        ok: true;
        items: ListingSummary[];
        total: number;
        moreThanTotal: boolean;
        closeMatches: boolean;
        next: ListingCursor | null;
        nearestDistrict: string | undefined;
      }
  > {
    const { sort, from, fromPosition } = nearestFirstOrigin(query);
    const start = page.cursor === undefined ? { offset: 0 } : readListingCursor(sort, page.cursor);
    if (!start) return { ok: false, reason: "invalid-cursor" };
    const found = await browseListingsAfter({ ...query, page: 1, sort, from, limit: page.limit, offset: start.offset, after: start.after });
    const next = nextListingCursor(sort, { offset: start.offset, limit: page.limit, hasMore: found.hasMore, last: found.items.at(-1) });
    return {
      ok: true,
      items: found.items,
      total: found.total,
      moreThanTotal: found.moreThanTotal,
      closeMatches: found.closeMatches,
      next,
      nearestDistrict: fromPosition ? from : undefined,
    };
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
        const names =
          (match === "word" && (await commonWordNames(term))) ||
          (await repository.findNames({ term, match, limit: MAX_SUGGESTIONS, liveAt: now() }));
        for (const candidate of names) {
          if (!found.has(candidate.nameSearch)) found.set(candidate.nameSearch, candidate);
        }
      }
    }
    if (found.size < MAX_SUGGESTIONS) {
      for (const candidate of await findCloseNames(typed)) if (!found.has(candidate.nameSearch)) found.set(candidate.nameSearch, candidate);
    }
    // Chosen by how many listings ever carried each name (listing_name keeps that), then shown
    // with how many are live now, counted for these few names only (decision 017, amended), and
    // ordered again by it. Counted one past the cap, so "100+" is known.
    const shown = rankSuggestions([...found.values()], { terms, typed });
    const byName = new Map([...found.values()].map((candidate) => [candidate.name, candidate]));
    const shownNames = shown.map((suggestion) => byName.get(suggestion.name)!.nameSearch);
    const live = await repository.countLiveListings(shownNames, now(), SUGGESTION_COUNT_CAP + 1);
    const recounted = shownNames.flatMap((nameSearch) => {
      const counted = live.get(nameSearch);
      const candidate = found.get(nameSearch)!;
      // Sold or expired since it was found: no longer suggested.
      if (!counted) return [];
      return [
        {
          ...candidate,
          listingCount: Math.min(counted.count, SUGGESTION_COUNT_CAP),
          moreListings: counted.count > SUGGESTION_COUNT_CAP,
          listingId: counted.listingId,
        },
      ];
    });
    return rankSuggestions(recounted, { terms, typed });
  }

  return {
    browseListings,
    browseListingsByCursor,

    /** How many listings /viewmore finds for these options: its "N listings" (a saved search's count on My alerts). */
    async countMatching(options: BrowseOptions): Promise<{ total: number; moreThanTotal: boolean }> {
      const found = await findMatches(options);
      return found ? { total: found.total, moreThanTotal: found.moreThanTotal } : { total: 0, moreThanTotal: false };
    },

    /**
     * The typed words read as the closest words of listing names, where some word is no word of
     * any name ("oinon" → "onion"); null when nothing needed correcting. Saved searches keep this
     * beside what was typed, so a typo alerts as the search itself would have shown it (decision 022).
     */
    async correctQuery(typed: string): Promise<string | null> {
      const text = normaliseSearchText(typed);
      if (!canBeFuzzy(text)) return null;
      let changed = false;
      const words: string[] = [];
      for (const word of text.split(" ").filter(Boolean)) {
        const corrections =
          [...word].length < MIN_FUZZY_LENGTH || searchTermsFor(word).length > 1
            ? null
            : await vocabulary.correct(word, { asPrefix: false, limit: 1 });
        const best = corrections?.[0]?.word;
        if (best && best !== word) changed = true;
        words.push(best ?? word);
      }
      return changed ? words.join(" ") : null;
    },

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
      const sameName = await repository.list({
        filter: { liveAt, nameIn: [normaliseSearchText(listing.name)] },
        sort: "newest",
        limit: FRESH_COUNT,
        offset: 0,
      });
      if (sameName.length >= FRESH_COUNT) return sameName;
      const sameCategory = await repository.list({
        filter: { liveAt, category: listing.category },
        sort: "newest",
        limit: FRESH_COUNT * 2,
        offset: 0,
      });
      const seen = new Set(sameName.map((item) => item.id));
      return [...sameName, ...sameCategory.filter((item) => !seen.has(item.id) && item.id !== listing.id)].slice(0, FRESH_COUNT);
    },

    /** A seller's public page: who they are, where they sell from, and their live listings. */
    async getSellerPage(input: { id: string; page: number }) {
      // A person's id is letters, digits, "_" and "-": anything else (a NUL, which PostgreSQL
      // refuses in text with a 500) names nobody, and is not looked up.
      const found = PERSON_ID.test(input.id) ? await repository.findSeller(input.id) : null;
      // Only people who have listed something have a public page: a buyer's phone is nobody's
      // business. A banned seller's page is gone with their listings (decision 014).
      if (!found || found.banned || (await repository.count({ sellerId: found.id }, { upTo: 1 })) === 0)
        throw new AppError("NOT_FOUND", "We could not find that seller.");
      const { banned: _banned, ...seller } = found;
      const filter: ListingFilter = { liveAt: now(), sellerId: seller.id };
      const { total, moreThanTotal } = await countMatches(filter);
      const pageCount = Math.ceil(total / PAGE_SIZE);
      const page = Math.min(input.page, Math.max(pageCount, 1));
      const [items, place] = await Promise.all([
        total ? repository.list({ filter, sort: "newest", limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }) : [],
        places.findLastPlace(seller.id),
      ]);
      // The slugs too, so a page in another language can name the place in it.
      const at = place ? { state: place.state, district: place.district } : null;
      const where = at ? placeLabel(at) || null : null;
      return { seller: { ...seller, place: at, where }, items, total, moreThanTotal, page, pageCount };
    },
  };
}

export type ListingSearchService = ReturnType<typeof createListingSearchService>;
