/**
 * One-tap unsubscribe (decisions 026 and 045): the signed token in an alert email's link and
 * headers stops alert email to the address itself, without signing in: the address is
 * suppressed (by keyed hash, whichever account holds it now or later) and no longer counts as
 * verified, so the account's owner switching email on again only sends a new link to the
 * address, and mail resumes once that link is followed. The search's email is turned off too.
 * A token that was tampered with, or whose saved search is not its named owner's, changes nothing.
 */
import { AppError } from "../../../core/shared/app-error";
import { isLanguage, type Language } from "../../../core/i18n/languages";
import { parseChannels, savedQuerySchema, type SavedQuery } from "../../../core/alerts/saved-search";
import { describeInLanguage } from "../../../core/alerts/describe";
import type { SavedSearchesRepository, SavedSearchRow } from "../saved-searches.repository";
import type { AlertMailRepository } from "./alert-mail.repository";
import type { MailSuppressionRepository } from "./mail-suppression.repository";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

export const UNSUBSCRIBE_ERRORS = { invalid: "invalid", notFound: "notFound" } as const;

export interface UnsubscribeTarget {
  /** The saved search in words, in its own language. */
  search: string;
  language: Language;
  emailOn: boolean;
}

export function createUnsubscribeService(deps: {
  savedSearches: SavedSearchesRepository;
  recipients: Pick<AlertMailRepository, "findRecipient">;
  suppression: MailSuppressionRepository;
  secret: string;
  now?: () => number;
}) {
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
      const recipient = await deps.recipients.findRecipient(row.user_id);
      return targetOf(row, Boolean(recipient) && !(await deps.suppression.isSuppressed(recipient!.email)));
    },

    /** No more alert email to the address; the search's other channels stay. Doing it twice is fine. */
    async unsubscribe(token: string): Promise<UnsubscribeTarget & { changed: boolean }> {
      const row = await find(token);
      const recipient = await deps.recipients.findRecipient(row.user_id);
      const wasSuppressed = !recipient || (await deps.suppression.isSuppressed(recipient.email));
      if (recipient && !wasSuppressed) await deps.suppression.suppress(recipient.email, "unsubscribed", now());
      const channels = parseChannels(row.channels);
      if (channels.includes("email")) {
        const rest = channels.filter((c) => c !== "email");
        await deps.savedSearches.update(row.id, { channels: (rest.length ? rest : ["app"]).join(","), updated_at: now() });
      }
      return { ...targetOf(row, false), changed: !wasSuppressed };
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
