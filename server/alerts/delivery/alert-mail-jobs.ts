/**
 * The jobs that send alert email (decision 026), run by the job queue (server/jobs), never by a
 * page or a listing's save (each kind's payload is its schema below):
 *   - "email-match": one email for one (saved search, listing) match, as they come;
 *   - "digest-tick": each hour, queues the daily digests whose hour (India's time) has come, and
 *     the next hour's tick; its key is the hour, so several processes make one tick;
 *   - "email-digest": one saved search's digest for one day (keyed by search and day);
 *   - "email-verify": the link that confirms an address (better-auth's email verification).
 * No alert mail goes to an address its owner has not confirmed, or that unsubscribed or bounced
 * (checked when sending, not only when saving); a person is mailed once per listing whatever
 * their saved searches, and an address at most `mailsPerDay` alert mails a day (decision 045).
 * Each is safe to run again: `alert_match.emailed_at` and `saved_search.last_digest_at` are set
 * after sending and read before, so a retried job sends nothing twice unless the process died
 * between the SMTP server's "250 OK" and that mark (at least once, never silently lost).
 */
import { z } from "zod";
import { indiaHour, startOfIndiaDay } from "../../../core/shared/dates";
import { isLanguage, type Language } from "../../../core/i18n/languages";
import { parseChannels, savedQuerySchema, type SavedQuery } from "../../../core/alerts/saved-search";
import { describeInLanguage } from "../../../core/alerts/describe";
import type { SavedSearchesRepository } from "../saved-searches.repository";
import { defineJob } from "../../jobs/define-job";
import type { JobQueue } from "../../jobs/job-queue";
import type { Logger } from "../../logger";
import { createEmailVerificationToken } from "better-auth/api";
import { VERIFY_LINK_SECONDS } from "../../auth/auth";
import { composeAlertMail, composeVerifyMail, type MailListing } from "../../mail/alert-mail";
import type { AlertMailRepository } from "./alert-mail.repository";
import type { MailSuppressionRepository } from "./mail-suppression.repository";
import { isPermanentRejection, smtpFailure, type Mailer, type OutgoingMail } from "../../mail/mailer";
import { signUnsubscribeToken } from "./unsubscribe-token";
import { VERIFY_EMAIL_PATH } from "../../mail/verify-email-route";

/** Listings one digest names at most; the rest wait for the next day's. */
export const DIGEST_MAX_LISTINGS = 20;
/** Verification links one address may be sent a day, whichever accounts ask: asking cannot be used to flood an inbox. */
export const VERIFY_LINKS_PER_ADDRESS_PER_DAY = 5;
/** A digest names what was found in the last week and not yet emailed: older is no longer news. */
const DIGEST_WINDOW_MS = 7 * 86_400_000;
const HOUR_MS = 3_600_000;
/** When the hour in India this moment falls in began: India is UTC+05:30, so its hours begin at half past in UTC. */
const indiaHourStart = (at: number) => startOfIndiaDay(at) + indiaHour(at) * HOUR_MS;

// Jobs queued by an older release name one saved search; theirs is its owner's.
const emailMatchPayload = z.union([
  z.object({ userId: z.string(), listingId: z.string() }),
  z.object({ savedSearchId: z.string(), listingId: z.string() }),
]);
// The language of the page that asked; one we do not know reads as English.
const emailVerifyPayload = z.object({ userId: z.string(), language: z.string().optional() });
// `day`: the start of the day in India (epoch ms).
const emailDigestPayload = z.object({ savedSearchId: z.string(), day: z.number() });

/** What runs the alert mail jobs (createAlertMail, registered with each kind in server/services.ts). */
export interface AlertMail {
  sendMatch(payload: z.output<typeof emailMatchPayload>): Promise<void>;
  sendVerifyLink(payload: z.output<typeof emailVerifyPayload>): Promise<void>;
  tick(): Promise<void>;
  sendDigest(payload: z.output<typeof emailDigestPayload>): Promise<void>;
  /** Queues this hour's tick (each tick queues the next); a key per hour, so every process may call it. */
  scheduleDigests(): Promise<void>;
}

/** One email for one person and listing, however many of their saved searches found it (queued by matching). */
export const emailMatchJob = defineJob({
  kind: "email-match",
  payload: emailMatchPayload,
  handle: (payload, mail: AlertMail) => mail.sendMatch(payload),
});

/** The link that confirms a person's address (queued by better-auth's email verification, server/services.ts). */
export const emailVerifyJob = defineJob({
  kind: "email-verify",
  payload: emailVerifyPayload,
  handle: (payload, mail: AlertMail) => mail.sendVerifyLink(payload),
});

/** Each hour: the digests due, and the next hour's tick. */
export const digestTickJob = defineJob({
  kind: "digest-tick",
  payload: z.object({}),
  handle: (_payload, mail: AlertMail) => mail.tick(),
});

/** One saved search's digest for one day. */
export const emailDigestJob = defineJob({
  kind: "email-digest",
  payload: emailDigestPayload,
  handle: (payload, mail: AlertMail) => mail.sendDigest(payload),
});

export interface AlertMailDeps {
  jobs: JobQueue;
  savedSearches: SavedSearchesRepository;
  repository: AlertMailRepository;
  suppression: MailSuppressionRepository;
  /** Alert mails (instant or digest) one address may get in a day in India. */
  mailsPerDay: number;
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

export function createAlertMail(deps: AlertMailDeps): AlertMail {
  const { jobs, savedSearches, repository, suppression, mailer, logger } = deps;
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
      await suppression.suppress(mail.to, "bounced", now());
      logger.warn({ error: failure.message }, "alert email refused for good; the address is no longer mailed");
      return false;
    }
  }

  function compose(input: {
    to: string;
    language: Language;
    search: string;
    listings: MailListing[];
    savedSearchId: string;
    userId: string;
  }): OutgoingMail {
    return composeAlertMail({
      ...input,
      baseUrl: deps.baseUrl,
      unsubscribeUrl: unsubscribeUrl(deps.baseUrl, deps.secret, { savedSearchId: input.savedSearchId, userId: input.userId }),
    });
  }

  /**
   * Sends an alert mail if the address may have it: confirmed by its owner, not suppressed, and
   * within today's cap (taken before sending, given back when the send is to be retried).
   * True once the server took it.
   */
  async function sendAlert(to: { email: string; emailVerified: boolean }, mail: () => OutgoingMail): Promise<boolean> {
    if (!to.emailVerified || (await suppression.isSuppressed(to.email))) return false;
    const day = startOfIndiaDay(now());
    if (!(await suppression.takeDaily(to.email, "alert", day, deps.mailsPerDay))) return false;
    try {
      return await deliver(mail());
    } catch (error) {
      await suppression.giveBackDaily(to.email, "alert", day);
      throw error;
    }
  }

  async function sendMatch(payload: z.output<typeof emailMatchPayload>): Promise<void> {
    const userId = "userId" in payload ? payload.userId : await repository.findSearchOwner(payload.savedSearchId);
    if (!userId) return;
    const matches = await repository.findEmailMatches(userId, payload.listingId, now());
    // Once per person and listing: any of their searches (instant or digest) already mailed it.
    if (!matches.length || matches.some((m) => m.emailedAt !== null)) return;
    // Changed since it was queued: sold, hidden, paused, switched to the digest, or email turned off.
    const match = matches.find((m) => m.live && !m.paused && m.pace === "instant" && parseChannels(m.channels).includes("email"));
    if (!match) return;
    const language = languageOf(match.language);
    const sent = await sendAlert(match, () =>
      compose({
        to: match.email,
        language,
        search: searchTitle({ name: match.searchName, query: match.query }, language),
        listings: [match.listing],
        savedSearchId: match.savedSearchId,
        userId: match.userId,
      }),
    );
    if (sent) await repository.markEmailedForUser(userId, [match.listing.id], now());
  }

  async function sendVerifyLink(payload: z.output<typeof emailVerifyPayload>): Promise<void> {
    const recipient = await repository.findRecipient(payload.userId);
    // Gone, or confirmed since it was asked for.
    if (!recipient || recipient.emailVerified) return;
    if (!(await suppression.takeDaily(recipient.email, "link", startOfIndiaDay(now()), VERIFY_LINKS_PER_ADDRESS_PER_DAY))) {
      logger.info("a verification link was not sent: the address had today's links already");
      return;
    }
    const language = languageOf(payload.language ?? "en");
    // better-auth's own token (its /verify-email checks it), made now: none waits in the job table.
    const token = await createEmailVerificationToken(deps.secret, recipient.email, undefined, VERIFY_LINK_SECONDS, {
      userId: payload.userId,
    });
    const url = `${deps.baseUrl.replace(/\/+$/, "")}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}&lang=${language}`;
    await deliver(composeVerifyMail({ to: recipient.email, language, verifyUrl: url }));
  }

  async function enqueueTick(hourStart: number): Promise<void> {
    await jobs.enqueue(digestTickJob, {}, { key: `digest-tick:${hourStart}`, runAt: hourStart });
  }

  async function tick(): Promise<void> {
    const at = now();
    const day = startOfIndiaDay(at);
    // Searches whose hour has come today and that have had no digest today (one missed by a
    // stopped server goes out at the next tick).
    // Queued together (enqueueMany, decision 030): at 08:00 thousands of digests may be due.
    const due = (await savedSearches.findDueDigests(indiaHour(at), day)).filter((row) => parseChannels(row.channels).includes("email"));
    await jobs.enqueueMany(
      emailDigestJob,
      due.map((row) => ({ payload: { savedSearchId: row.id, day }, options: { key: `digest:${row.id}:${day}`, userId: row.user_id } })),
    );
    await enqueueTick(indiaHourStart(at) + HOUR_MS);
  }

  async function sendDigest(payload: z.output<typeof emailDigestPayload>): Promise<void> {
    const row = await savedSearches.find(payload.savedSearchId);
    if (!row || row.paused === 1 || row.pace !== "daily" || !parseChannels(row.channels).includes("email")) return;
    // Today's digest already went (a rerun, or a second tick).
    if (row.last_digest_at !== null && Number(row.last_digest_at) >= payload.day) return;
    const at = now();
    const recipient = await repository.findRecipient(row.user_id);
    if (!recipient) return;
    const found = recipient.emailVerified ? await repository.findDigestMatches(row.id, at - DIGEST_WINDOW_MS, at, DIGEST_MAX_LISTINGS) : [];
    if (found.length) {
      const language = languageOf(row.language);
      const sent = await sendAlert(recipient, () =>
        compose({
          to: recipient.email,
          language,
          search: searchTitle(row, language),
          listings: found.map((m) => m.listing),
          savedSearchId: row.id,
          userId: row.user_id,
        }),
      );
      if (sent)
        await repository.markEmailedForUser(
          row.user_id,
          found.map((m) => m.listing.id),
          now(),
        );
    }
    await savedSearches.update(row.id, { last_digest_at: at });
  }

  return { sendMatch, sendVerifyLink, tick, sendDigest, scheduleDigests: () => enqueueTick(indiaHourStart(now())) };
}
