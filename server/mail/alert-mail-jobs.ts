/**
 * The jobs that send alert email (decision 026), run by the job queue (server/jobs), never by a
 * page or a listing's save:
 *   - "email-match": one email for one (saved search, listing) match, as they come;
 *   - "digest-tick": each hour, queues the daily digests whose hour (India's time) has come, and
 *     the next hour's tick; its key is the hour, so several processes make one tick;
 *   - "email-digest": one saved search's digest for one day (keyed by search and day).
 * Each is safe to run again: `alert_match.emailed_at` and `saved_search.last_digest_at` are set
 * after sending and read before, so a retried job sends nothing twice unless the process died
 * between the SMTP server's "250 OK" and that mark (at least once, never silently lost).
 */
import { indiaHour, startOfIndiaDay } from "../../core/dates";
import { isLanguage, type Language } from "../../core/i18n/languages";
import { parseChannels, savedQuerySchema, type SavedQuery } from "../../core/saved-search";
import { describeInLanguage } from "../alerts/describe";
import type { SavedSearchesRepository } from "../alerts/saved-searches.repository";
import type { JobQueue } from "../jobs/job-queue";
import type { Logger } from "../logger";
import { composeAlertMail, type MailListing } from "./alert-mail";
import type { AlertMailRepository } from "./alert-mail.repository";
import { isPermanentRejection, smtpFailure, type Mailer, type OutgoingMail } from "./mailer";
import { signUnsubscribeToken } from "./unsubscribe-token";

/** Listings one digest names at most; the rest wait for the next day's. */
export const DIGEST_MAX_LISTINGS = 20;
/** A digest names what was found in the last week and not yet emailed: older is no longer news. */
const DIGEST_WINDOW_MS = 7 * 86_400_000;
const HOUR_MS = 3_600_000;
/** When the hour in India this moment falls in began: India is UTC+05:30, so its hours begin at half past in UTC. */
const indiaHourStart = (at: number) => startOfIndiaDay(at) + indiaHour(at) * HOUR_MS;

export interface AlertMailJobsDeps {
  jobs: JobQueue;
  savedSearches: SavedSearchesRepository;
  repository: AlertMailRepository;
  mailer: Mailer;
  baseUrl: string;
  /** The app's secret (AUTH_SECRET or DATA_DIR's), which signs unsubscribe links. */
  secret: string;
  logger: Logger;
  now?: () => number;
}

/** The one-tap unsubscribe address of a saved search's email. */
export function unsubscribeUrl(baseUrl: string, secret: string, claim: { savedSearchId: string; userId: string }): string {
  return `${baseUrl.replace(/\/+$/, "")}/alerts/unsubscribe?t=${signUnsubscribeToken(secret, claim)}`;
}

function languageOf(value: string): Language {
  return isLanguage(value) ? value : "en";
}

/** What the email calls the saved search: the person's name for it, else its description. */
function searchTitle(row: { name: string | null; query: string }, language: Language): string {
  if (row.name) return row.name;
  return describeInLanguage(savedQuerySchema.parse(JSON.parse(row.query)) as SavedQuery, language);
}

export function registerAlertMailJobs(deps: AlertMailJobsDeps): { scheduleDigests(): Promise<void> } {
  const { jobs, savedSearches, repository, mailer, logger } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Sends one email; false when the server refused the address for good (5xx), which is then
   * suppressed and not retried. Anything else thrown (4xx, refused connection, timeout) fails
   * the job, which the queue retries with backoff.
   */
  async function deliver(mail: OutgoingMail): Promise<boolean> {
    try {
      await mailer.send(mail);
      return true;
    } catch (error) {
      const failure = smtpFailure(error);
      if (!isPermanentRejection(error)) throw failure;
      await savedSearches.suppress(mail.to, "bounced", now());
      logger.warn({ error: failure.message }, "alert email refused for good; the address is no longer mailed");
      return false;
    }
  }

  function compose(input: { to: string; personName: string; language: Language; search: string; listings: MailListing[]; savedSearchId: string; userId: string }): OutgoingMail {
    return composeAlertMail({
      ...input,
      baseUrl: deps.baseUrl,
      unsubscribeUrl: unsubscribeUrl(deps.baseUrl, deps.secret, { savedSearchId: input.savedSearchId, userId: input.userId }),
    });
  }

  jobs.handle("email-match", async (payload) => {
    if (typeof payload.savedSearchId !== "string" || typeof payload.listingId !== "string") return;
    const match = await repository.findEmailMatch(payload.savedSearchId, payload.listingId, now());
    if (!match || match.emailedAt !== null) return;
    // Changed since it was queued: sold, hidden, paused, switched to the digest, or email turned off.
    if (!match.live || match.paused || match.pace !== "instant" || !parseChannels(match.channels).includes("email")) return;
    if (await savedSearches.isSuppressed(match.email)) return;
    const language = languageOf(match.language);
    const mail = compose({
      to: match.email,
      personName: match.personName,
      language,
      search: searchTitle({ name: match.searchName, query: match.query }, language),
      listings: [match.listing],
      savedSearchId: match.savedSearchId,
      userId: match.userId,
    });
    if (await deliver(mail)) await savedSearches.markEmailed([match.matchId], now());
  });

  async function enqueueTick(hourStart: number): Promise<void> {
    await jobs.enqueue("digest-tick", {}, { key: `digest-tick:${hourStart}`, runAt: hourStart });
  }

  jobs.handle("digest-tick", async () => {
    const at = now();
    const day = startOfIndiaDay(at);
    // Searches whose hour has come today and that have had no digest today (one missed by a
    // stopped server goes out at the next tick).
    // Queued together (enqueueMany, decision 030): at 08:00 thousands of digests may be due.
    const due = (await savedSearches.findDueDigests(indiaHour(at), day)).filter((row) => parseChannels(row.channels).includes("email"));
    await jobs.enqueueMany("email-digest", due.map((row) => ({ payload: { savedSearchId: row.id, day }, options: { key: `digest:${row.id}:${day}`, userId: row.user_id } })));
    await enqueueTick(indiaHourStart(at) + HOUR_MS);
  });

  jobs.handle("email-digest", async (payload) => {
    if (typeof payload.savedSearchId !== "string" || typeof payload.day !== "number") return;
    const row = await savedSearches.find(payload.savedSearchId);
    if (!row || row.paused === 1 || row.pace !== "daily" || !parseChannels(row.channels).includes("email")) return;
    // Today's digest already went (a rerun, or a second tick).
    if (row.last_digest_at !== null && Number(row.last_digest_at) >= payload.day) return;
    const at = now();
    const recipient = await repository.findRecipient(row.user_id);
    if (!recipient) return;
    const found = (await savedSearches.isSuppressed(recipient.email)) ? [] : await repository.findDigestMatches(row.id, at - DIGEST_WINDOW_MS, at, DIGEST_MAX_LISTINGS);
    if (found.length) {
      const language = languageOf(row.language);
      const mail = compose({
        to: recipient.email,
        personName: recipient.name,
        language,
        search: searchTitle(row, language),
        listings: found.map((m) => m.listing),
        savedSearchId: row.id,
        userId: row.user_id,
      });
      if (await deliver(mail)) await savedSearches.markEmailed(found.map((m) => m.matchId), now());
    }
    await savedSearches.update(row.id, { last_digest_at: at });
  });

  return {
    /** Queues this hour's tick (each tick queues the next); a key per hour, so every process may call it. */
    scheduleDigests: () => enqueueTick(indiaHourStart(now())),
  };
}
