/**
 * Saved searches and their alerts (decision 022): saving a /viewmore search, My alerts, and
 * matching a listing that has just become live against every saved search that could want it,
 * through the key index (saved_search_term), with the rules search itself uses
 * (core/search/listing-filter.ts).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { AppError } from "../../core/shared/app-error";
import { canChangeSavedSearch, requireActor, type Actor } from "../../core/accounts/policies";
import { parseChannels, type AlertAction, type AlertChannel, type SavedQuery } from "../../core/alerts/saved-search";
import type { Language } from "../../core/i18n/languages";
import type { Database } from "../db/schema";
import type { JobQueue } from "../jobs/job-queue";
import { matchListingJob } from "./alert-jobs";
import { emailMatchJob } from "./delivery/alert-mail-jobs";
import { pushMatchJob } from "./delivery/push-jobs";
import type { Logger } from "../logger";
import type { CandidateRow, SavedSearchesRepository, SavedSearchRow } from "./saved-searches.repository";
import { listingKeys, readSavedQuery, savedSearchIndex } from "../../core/alerts/saved-search-index";
import { storedSearchMatches } from "./stored-search-matches";
import { timeOrderedId } from "../db/time-ordered-id";

export const ALERT_MESSAGES = {
  notFound: "We could not find that saved search among yours.",
  tooMany: "You have saved as many searches as you can ({{max}}). Please delete one you no longer need first.",
} as const;

/** Listings My alerts shows. */
const MATCHES_SHOWN = 50;

export interface SavedSearchView {
  id: string;
  name: string | null;
  query: SavedQuery;
  paused: boolean;
  pace: "instant" | "daily";
  digestHour: number;
  channels: AlertChannel[];
  /** Live listings the search finds now, counted as /viewmore counts them (up to its cap). */
  matches: number;
  /** More than `matches` (the cap was reached). */
  moreMatches: boolean;
  /** Listings it found since the person last looked (alert matches). */
  fresh: number;
  createdAt: number;
}

function readQuery(row: Pick<SavedSearchRow, "query">): SavedQuery {
  return readSavedQuery(row.query);
}

export function createAlertsService(deps: {
  repository: SavedSearchesRepository;
  /** Typos in a saved search are read as search reads them (listing-search.service's correctQuery). */
  correctQuery: (q: string) => Promise<string | null>;
  /** How many live listings /viewmore finds for a saved search now (listing-search.service's countMatching). */
  countMatching: (query: SavedQuery) => Promise<{ total: number; moreThanTotal: boolean }>;
  jobs: JobQueue;
  maxSavedSearches: number;
  /** Whether email can be offered (SMTP_URL and MAIL_FROM are set). */
  mailEnabled: boolean;
  logger: Logger;
  now?: () => number;
}) {
  const { repository, jobs, logger } = deps;
  const now = deps.now ?? Date.now;

  async function own(actor: Actor | null, id: string): Promise<SavedSearchRow> {
    requireActor(actor);
    const row = await repository.find(id);
    // Someone else's saved search reads as not found: its existence is nobody else's business.
    if (!row || !canChangeSavedSearch(actor, { userId: row.user_id })) throw new AppError("NOT_FOUND", ALERT_MESSAGES.notFound);
    return row;
  }

  /**
   * Tests a live listing against the saved searches its keys reach; records each match once and
   * queues its email. Safe to run again for the same listing (a retried or repeated job).
   */
  async function matchListing(listingId: string): Promise<{ candidates: number; matched: string[] }> {
    const at = now();
    const listing = await repository.findLiveListing(listingId, at);
    // Sold, expired, hidden or deleted before its turn came: nobody is told about it.
    if (!listing) return { candidates: 0, matched: [] };
    // Only saved searches filed under one of the listing's keys with bounds it is within
    // (decision 030), each then tested with search's own rules.
    const candidates = await repository.findCandidates(listingKeys(listing), listing);
    const matching = candidates.filter((row) => {
      try {
        return storedSearchMatches(row.query, listing);
      } catch (error) {
        logger.warn({ err: error, savedSearchId: row.id }, "a saved search could not be read");
        return false;
      }
    });
    // In one order (by saved search), so two runs for one listing at once (a renewal racing its
    // retry, on two instances) take the rows' locks alike and one waits rather than deadlocks.
    matching.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const wants = (row: CandidateRow, channel: AlertChannel) => row.pace === "instant" && parseChannels(row.channels).includes(channel);
    // Keyed listing first: a listing's jobs are neighbours in alert_job's unique key, not each on
    // a page of its own (decision 030).
    const jobsFor = (channel: "email" | "push", recorded: ReadonlySet<string>) =>
      matching
        .filter((row) => recorded.has(row.id) && wants(row, channel))
        .map((row) => ({
          payload: { savedSearchId: row.id, listingId: listing.id },
          options: { key: `${channel}:${listing.id}:${row.id}`, userId: row.user_id },
        }));
    // The matches and their email and push jobs (decisions 026 and 027), in one transaction
    // (decision 030): a run killed half-way leaves all or none of them, and runs again. A pair is
    // one match, and its jobs are queued in the transaction that records it, never again: a pair
    // already recorded (a retried or repeated run, a renewed listing) had its jobs queued then.
    // A key is still one job. Many rows to a statement: a listing may match thousands of saved
    // searches. Ids in time order, so the primary keys' indexes grow at their end.
    // Email is one job per person and listing, however many of their searches found it: a
    // person is mailed once about a listing (decision 045).
    const emailJobsFor = (recorded: ReadonlySet<string>) => [
      ...new Map(
        matching
          .filter((row) => recorded.has(row.id) && wants(row, "email"))
          .map(
            (row) =>
              [
                row.user_id,
                {
                  payload: { userId: row.user_id, listingId: listing.id },
                  options: { key: `email:${listing.id}:${row.user_id}`, userId: row.user_id },
                },
              ] as const,
          ),
      ).values(),
    ];
    await repository.recordMatches(
      matching.map((row) => ({
        id: timeOrderedId(),
        saved_search_id: row.id,
        listing_id: listing.id,
        user_id: row.user_id,
        created_at: at,
      })),
      async (within, recorded) => {
        if (deps.mailEnabled) await jobs.enqueueMany(emailMatchJob, emailJobsFor(recorded), within);
        await jobs.enqueueMany(pushMatchJob, jobsFor("push", recorded), within);
      },
    );
    return { candidates: candidates.length, matched: matching.map((row) => row.id) };
  }

  /** The person has looked at My alerts: what was new, found up to `until` (default now), is no longer. */
  async function markSeen(input: { actor: Actor | null; until?: number }): Promise<void> {
    requireActor(input.actor);
    await repository.markSeen(input.actor.id, Math.min(input.until ?? now(), now()));
  }

  return {
    matchListing,
    /** Whether email alerts can be offered at all (SMTP_URL and MAIL_FROM are set). */
    mailEnabled: deps.mailEnabled,

    /**
     * Queues matching for a listing becoming live, in `within`, the transaction that makes it so
     * (listings and moderation call this): the listing and its job are saved together or not at
     * all, so no listing goes live with its alerts lost (decision 044).
     */
    async listingBecameLive(listingId: string, within: Kysely<Database>): Promise<void> {
      await jobs.enqueueMany(matchListingJob, [{ payload: { listingId }, options: { key: `match:${listingId}:${now()}` } }], within);
    },

    /** `language`: the page's, which its email is written in (decision 026). */
    async saveSearch(input: { actor: Actor | null; query: SavedQuery; language?: Language }): Promise<{ id: string }> {
      const { actor } = input;
      requireActor(actor);
      const corrected = input.query.q ? await deps.correctQuery(input.query.q) : null;
      const query: SavedQuery = { ...input.query, ...(corrected ? { corrected } : {}) };
      const at = now();
      const id = randomUUID();
      const saved = await repository.insert(
        {
          id,
          user_id: actor.id,
          name: null,
          query: JSON.stringify(query),
          paused: 0,
          pace: "instant",
          digest_hour: 8,
          channels: deps.mailEnabled ? "app,email" : "app",
          created_at: at,
          updated_at: at,
          seen_at: at,
          last_digest_at: null,
          language: input.language ?? "en",
        },
        savedSearchIndex(query),
        deps.maxSavedSearches,
      );
      // Counted in the insert's transaction, the person's turn held: a burst cannot overshoot.
      if (!saved) throw new AppError("CONFLICT", ALERT_MESSAGES.tooMany.replace("{{max}}", String(deps.maxSavedSearches)));
      return { id };
    },

    /** A person's saved searches with how many listings each found, and those listings. */
    async listMine(input: { actor: Actor | null }) {
      requireActor(input.actor);
      const rows = await repository.listForUser(input.actor.id);
      // The count each search's own page shows, not the alerts it sent: a search saved a moment
      // ago that finds two listings says so, rather than "0 found" (issue 42). A handful of counts
      // (MAX_SAVED_SEARCHES), each bounded like /viewmore's.
      const searches: SavedSearchView[] = await Promise.all(
        rows.map(async (row) => {
          const query = readQuery(row);
          const counted = await deps.countMatching(query);
          return {
            id: row.id,
            name: row.name,
            query,
            paused: row.paused === 1,
            pace: row.pace === "daily" ? "daily" : "instant",
            digestHour: row.digest_hour,
            channels: parseChannels(row.channels),
            matches: counted.total,
            moreMatches: counted.moreThanTotal,
            fresh: row.fresh,
            createdAt: Number(row.created_at),
          };
        }),
      );
      const matches = await repository.listMatches(input.actor.id, MATCHES_SHOWN);
      return { searches, matches, mailEnabled: deps.mailEnabled };
    },

    markSeen,

    /** The header's count: listings found since the person last looked. */
    async countUnseen(actor: Actor | null): Promise<number> {
      return actor ? repository.countUnseen(actor.id) : 0;
    },

    async act(input: { actor: Actor | null; action: AlertAction }): Promise<void> {
      const { action } = input;
      if (action.intent === "seen") return markSeen({ actor: input.actor, until: action.until });
      const row = await own(input.actor, action.id);
      const at = now();
      switch (action.intent) {
        case "rename":
          return repository.update(row.id, { name: action.name.trim() || null, updated_at: at });
        case "pause":
          return repository.update(row.id, { paused: 1, updated_at: at });
        case "resume":
          return repository.update(row.id, { paused: 0, updated_at: at });
        case "delete":
          return repository.delete(row.id);
        case "settings": {
          const channels = [
            action.app ? "app" : null,
            action.email && deps.mailEnabled ? "email" : null,
            action.push ? "push" : null,
          ].filter(Boolean);
          return repository.update(row.id, {
            pace: action.pace,
            digest_hour: action.hour,
            channels: (channels.length ? channels : ["app"]).join(","),
            updated_at: at,
          });
        }
      }
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
