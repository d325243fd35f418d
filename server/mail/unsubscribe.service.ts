/**
 * One-tap unsubscribe (decision 026): the signed token in an alert email's link and headers
 * turns email off for that one saved search, without signing in. A token that was tampered with,
 * or whose saved search is not its named owner's, changes nothing.
 */
import { AppError } from "../../core/app-error";
import { isLanguage, type Language } from "../../core/i18n/languages";
import { parseChannels, savedQuerySchema, type SavedQuery } from "../../core/saved-search";
import { describeInLanguage } from "../alerts/describe";
import type { SavedSearchesRepository, SavedSearchRow } from "../alerts/saved-searches.repository";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

export const UNSUBSCRIBE_ERRORS = { invalid: "invalid", notFound: "notFound" } as const;

export interface UnsubscribeTarget {
  /** The saved search in words, in its own language. */
  search: string;
  language: Language;
  emailOn: boolean;
}

export function createUnsubscribeService(deps: { savedSearches: SavedSearchesRepository; secret: string; now?: () => number }) {
  const now = deps.now ?? Date.now;

  async function find(token: string): Promise<SavedSearchRow> {
    const claim = verifyUnsubscribeToken(deps.secret, token);
    if (!claim) throw new AppError("BAD_INPUT", UNSUBSCRIBE_ERRORS.invalid);
    const row = await deps.savedSearches.find(claim.savedSearchId);
    // Gone, or not the owner the token names: nothing to do, and nothing said about whose it is.
    if (!row || row.user_id !== claim.userId) throw new AppError("NOT_FOUND", UNSUBSCRIBE_ERRORS.notFound);
    return row;
  }

  function targetOf(row: SavedSearchRow, emailOn: boolean): UnsubscribeTarget {
    const language = isLanguage(row.language) ? row.language : "en";
    const search = row.name ?? describeInLanguage(savedQuerySchema.parse(JSON.parse(row.query)) as SavedQuery, language);
    return { search, language, emailOn };
  }

  return {
    /** What the link's page asks about. */
    async preview(token: string): Promise<UnsubscribeTarget> {
      const row = await find(token);
      return targetOf(row, parseChannels(row.channels).includes("email"));
    },

    /** Email off for the token's saved search; the other channels stay. Doing it twice is fine. */
    async unsubscribe(token: string): Promise<UnsubscribeTarget & { changed: boolean }> {
      const row = await find(token);
      const channels = parseChannels(row.channels);
      if (!channels.includes("email")) return { ...targetOf(row, false), changed: false };
      const rest = channels.filter((c) => c !== "email");
      await deps.savedSearches.update(row.id, { channels: (rest.length ? rest : ["app"]).join(","), updated_at: now() });
      return { ...targetOf(row, false), changed: true };
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
