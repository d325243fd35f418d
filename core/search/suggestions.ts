/**
 * Suggestions under the header search box: distinct listing names, best matches first, with the
 * matched part marked. Pure rules shared by the service (ranking, highlights) and the combobox
 * (when to ask, which answer is current, where a choice leads).
 */
import type { CategorySlug } from "../catalogue/categories";
import { MAX_SUGGESTIONS } from "../shared/constants";
import { fuzzyNameEdits } from "../shared/fuzzy";
import { normaliseSearchText } from "./search-text";

/** Suggestions start from the second character: one letter matches almost everything. */
export const MIN_SUGGEST_LENGTH = 2;

/** A half-open range [start, end) of UTF-16 positions in a name, to show marked. */
export type TextRange = readonly [start: number, end: number];

export interface Suggestion {
  name: string;
  category: CategorySlug;
  /** How many live listings carry this name, counted up to SUGGESTION_COUNT_CAP. */
  listingCount: number;
  /** Counting stopped at the cap and there are more ("100+"). */
  moreListings: boolean;
  /** A live listing with this name: the one a choice opens when it is the only one. */
  listingId: string;
  highlight: TextRange[];
}

/** The distinct name as the database keeps it, before ranking. */
export interface NameCandidate {
  nameSearch: string;
  name: string;
  category: CategorySlug;
  /** Listings carrying the name: every one ever (listing_name), or only live ones once recounted. */
  listingCount: number;
  /** Set when listingCount is a live count that stopped at its cap. */
  moreListings?: boolean;
  listingId: string;
}

/** Prefix matches first, then matches at the start of a later word, then inside a word, then typo matches. */
export const MATCH_TIERS = ["prefix", "word", "infix", "typo"] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

/** Where a term occurs in a normalised name, as the best tier; undefined when it does not. */
export function matchTier(nameSearch: string, term: string): Exclude<MatchTier, "typo"> | undefined {
  if (nameSearch.startsWith(term)) return "prefix";
  if (nameSearch.includes(` ${term}`)) return "word";
  if (nameSearch.includes(term)) return "infix";
  return undefined;
}

/** The best tier any of the search terms reaches in a name, counting a close spelling as "typo". */
export function bestTier(nameSearch: string, terms: readonly string[], typed: string): MatchTier | undefined {
  let best: MatchTier | undefined;
  for (const term of terms) {
    const tier = matchTier(nameSearch, term);
    if (tier && (!best || MATCH_TIERS.indexOf(tier) < MATCH_TIERS.indexOf(best))) best = tier;
  }
  if (best) return best;
  return fuzzyNameEdits(normaliseSearchText(typed), nameSearch) !== undefined ? "typo" : undefined;
}

/**
 * Orders candidates: by tier, then names more listings carry, then alphabetically; drops names
 * that match no term; one entry per name; at most `limit`.
 */
export function rankSuggestions(
  candidates: readonly NameCandidate[],
  options: { terms: readonly string[]; typed: string; limit?: number },
): Suggestion[] {
  const seen = new Set<string>();
  const ranked: Array<{ candidate: NameCandidate; tier: number }> = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.nameSearch)) continue;
    seen.add(candidate.nameSearch);
    const tier = bestTier(candidate.nameSearch, options.terms, options.typed);
    if (tier) ranked.push({ candidate, tier: MATCH_TIERS.indexOf(tier) });
  }
  ranked.sort(
    (a, b) =>
      a.tier - b.tier ||
      b.candidate.listingCount - a.candidate.listingCount ||
      (a.candidate.nameSearch < b.candidate.nameSearch ? -1 : a.candidate.nameSearch > b.candidate.nameSearch ? 1 : 0),
  );
  return ranked.slice(0, options.limit ?? MAX_SUGGESTIONS).map(({ candidate }) => ({
    name: candidate.name,
    category: candidate.category,
    listingCount: candidate.listingCount,
    moreListings: candidate.moreListings ?? false,
    listingId: candidate.listingId,
    highlight: highlightRanges(candidate.name, options.terms),
  }));
}

/**
 * Where the terms occur in a name, case-insensitively, merged and in order. A name whose lower
 * case changes its length (rare scripts) gets no highlight rather than a wrong one.
 */
export function highlightRanges(name: string, terms: readonly string[]): TextRange[] {
  const folded = name.toLowerCase();
  if (folded.length !== name.length) return [];
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    const needle = term.toLowerCase();
    if (!needle) continue;
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
      ranges.push([at, at + needle.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** Splits a name into plain and marked parts, for rendering without HTML strings. */
export function highlightParts(name: string, ranges: readonly TextRange[]): Array<{ text: string; marked: boolean }> {
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > name.length || start >= end) continue;
    if (start > at) parts.push({ text: name.slice(at, start), marked: false });
    parts.push({ text: name.slice(start, end), marked: true });
    at = end;
  }
  if (at < name.length) parts.push({ text: name.slice(at), marked: false });
  return parts;
}

/** Whether the box holds enough to ask for suggestions. */
export function wantsSuggestions(boxText: string): boolean {
  return [...boxText.trim()].length >= MIN_SUGGEST_LENGTH;
}

/**
 * The suggestions to show for what is in the box now: an answer to an older text (a slow
 * response that arrived late) is never shown. Null while there is no current answer.
 */
export function currentSuggestions<T>(answer: { q: string; suggestions: T[] } | undefined, boxText: string): T[] | null {
  if (!answer || !wantsSuggestions(boxText)) return null;
  return answer.q === boxText.trim() ? answer.suggestions : null;
}

/** A name only one listing carries opens that listing; a shared name lists them all. */
export function suggestionHref(suggestion: Pick<Suggestion, "name" | "listingCount" | "listingId">): string {
  if (suggestion.listingCount === 1) return `/view/${suggestion.listingId}`;
  return `/viewmore?${new URLSearchParams({ q: suggestion.name, by: "name" }).toString()}`;
}
