/**
 * Builds every service from the configuration, once per process. Routes reach them through the
 * request context, so route modules never open connections of their own.
 */
import { createAccountDeletionService } from "./auth/account-deletion.service";
import { createAccountsService } from "./auth/accounts.service";
import { createAuth, PASSWORD_RESETS_PER_ADDRESS_PER_HOUR, type Auth } from "./auth/auth";
import { emailPasswordResetJob, sealResetToken } from "./auth/password-reset-jobs";
import { createHash, createHmac } from "node:crypto";
import type { Locker } from "@tus/utils";
import { ConfigError, missingSecrets, type Config } from "./config";
import { openDatabase, type Db } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { unavailableEvents } from "./metrics/metrics";
import { backfillProduce, type BackfillProgress } from "./listings/produce-backfill.repository";
import { waitForDatabase } from "./db/wait-for-database";
import { createListingSearchService } from "./listings/listing-search.service";
import { createListingsService } from "./listings/listings.service";
import { createLogger, type Logger } from "./logger";
import { createModerationService, type ModerationService } from "./moderation/moderation.service";
import { createStorage } from "./media/create-storage";
import { PHOTO_LEFTOVER_AGE_MS, removePhotoLeftovers, type PhotoLeftoversResult } from "./media/photo-leftovers";
import type { Storage } from "./media/storage";
import { createPriceInsightService, type PriceInsightService } from "./price-insight/price-insight.service";
import type { ContentVersionRepository } from "./page-cache/content-version.repository";
import { createUploadDatastore, type UploadDatastore } from "./uploads/tus-datastore";
import { createUploadLocker } from "./uploads/upload-locker";
import { createRepositories } from "./repositories";
import { createUploadsService } from "./uploads/uploads.service";
import { describeUnavailability, type Unavailability } from "./unavailable";
import { createApiKeysService, type ApiKeysService } from "./api-keys/api-keys.service";
import { createSavedListingsService, type SavedListingsService } from "./saved-listings/saved-listings.service";
import { createShareCardsService, type ShareCardsService } from "./share/share-cards.service";
import { createMandiRatesService, type MandiRatesService } from "./mandi-rates/mandi-rates.service";
import { createAlertsService, type AlertsService } from "./alerts/alerts.service";
import { matchListingJob } from "./alerts/alert-jobs";
import { browseOptionsOf } from "../core/alerts/saved-search-index";
import type { JobQueue } from "./jobs/job-queue";
import { createJobQueue } from "./jobs/create-job-queue";
import { createMailer } from "./mail/mailer";
import { createAlertMail, digestTickJob, emailDigestJob, emailMatchJob, emailVerifyJob } from "./alerts/delivery/alert-mail-jobs";
import { createUnsubscribeService, type UnsubscribeService } from "./alerts/delivery/unsubscribe.service";
import { pickLanguage } from "../core/i18n/languages";
import { createPushSender } from "./push/push-sender";
import { createPushService, type PushService } from "./push/push.service";
import { createAlertPushService, type AlertPushService } from "./alerts/delivery/alert-push.service";
import { pushMatchJob } from "./alerts/delivery/push-jobs";
import { shareCardsJob } from "./share/share-card-jobs";
import { createFailedJobsService, type FailedJobsService } from "./jobs/failed-jobs.service";
import { createRateCounter, type RateCounter } from "./rate-counter/rate-counter";
import { createPhoneReveals, type PhoneReveals } from "./rate-counter/phone-reveals";
import { createPhoneVerificationService, type PhoneVerificationService } from "./phone-verification/phone-verification.service";
import { createSmsSender } from "./sms/sms-sender";
import { createOrganisationsService, type OrganisationsService } from "./organisations/organisations.service";
import { isPhoneBlocked } from "./moderation/phone-blocks.repository";

/** At most one verification link a person in this long, however often they ask (decision 045). */
const VERIFY_LINK_EVERY_MS = 15 * 60_000;
/** How often each process makes sure the next daily-digest tick is queued (decision 026). */
const DIGEST_SCHEDULE_EVERY_MS = 10 * 60_000;

/** A password-reset address's window: its links are counted per hour (decision 052). */
const RESET_ADDRESS_WINDOW_SECONDS = 3600;

export interface Services {
  config: Config;
  logger: Logger;
  db: Db;
  auth: Auth;
  storage: Storage;
  accounts: ReturnType<typeof createAccountsService>;
  /** Deleting one's own account, with everything of theirs (decision 012). */
  accountDeletion: ReturnType<typeof createAccountDeletionService>;
  /** Writing listings, a listing's page, a seller's own listings and place. */
  listings: ReturnType<typeof createListingsService>;
  /** What buyers browse: search, suggestions, the home page, a seller's public page. */
  search: ReturnType<typeof createListingSearchService>;
  uploads: ReturnType<typeof createUploadsService>;
  /** Reports, the moderators' queue, bans and roles (decision 014). */
  moderation: ModerationService;
  /** The number that changes with anything a public page shows (the page cache's freshness, decision 017). */
  contentVersion: ContentVersionRepository;
  /** Where tus keeps uploads in progress (served by server/uploads/tus-server.ts). */
  uploadDatastore: UploadDatastore;
  /** tus's lock on an upload, across workers and instances. */
  uploadLocker: Locker;
  /** Removes photos no listing uses and temp files, older than an hour, that a crash left. */
  removePhotoLeftovers(): Promise<PhotoLeftoversResult>;
  /** Reads the produce of listings saved before migration 0012 from their names (resumable). */
  backfillProduce(): Promise<BackfillProgress>;
  /** The government's mandi rates, imported by `npm run prices:import` (decision 021). */
  mandiRates: MandiRatesService;
  /** Price insight from Mandi's own listings (decision 020). */
  priceInsight: PriceInsightService;
  /** Keys for the public API, made on /my/account (decision 032). */
  apiKeys: ApiKeysService;
  /** Counters every worker and instance shares (the public API's limits, phone reveals; decision 046). */
  rateCounter: RateCounter;
  /** Phone numbers shown per client address, and "Show number" (decision 046). */
  phoneReveals: PhoneReveals;
  /** A phone number verified by a one-time code sent by SMS (decision 058). */
  phoneVerification: PhoneVerificationService;
  /** FPO registration and trader licence numbers, checked by staff (decision 061). */
  organisations: OrganisationsService;
  /** Saved searches and their alerts (decision 022). */
  alerts: AlertsService;
  /** Web Push: phones' subscriptions (decision 027). */
  push: PushService;
  /** A match's notifications to a person's phones (decision 027), run by the push-match job. */
  alertPush: AlertPushService;
  /** Background jobs (alert matching and mail); started by the server, run by hand in tests. */
  jobs: JobQueue;
  /** One-tap unsubscribe from alert email, by the signed link (decision 026). */
  unsubscribe: UnsubscribeService;
  /** The back office's Failed jobs page (decision 028). */
  failedJobs: FailedJobsService;
  close(): Promise<void>;
  /** A buyer's saved listings, the hearts (decision 023). */
  savedListings: SavedListingsService;
  /** Listing preview cards for WhatsApp and Facebook (decision 023), served by server/share/serve-share-card.ts. */
  shareCards: ShareCardsService;
}

export async function createServices(
  config: Config,
  options: { migrate?: boolean; logger?: Logger; now?: () => number } = {},
): Promise<Services> {
  const missing = missingSecrets(config);
  if (missing.length)
    throw new ConfigError(`Mandi cannot start: set ${missing.join(" and ")}, or let prepareDataDir make them in DATA_DIR at start-up`);
  const logger = options.logger ?? createLogger(config.logLevel);
  // Migrations get their own connections without the serving timeouts: another instance's
  // migration lock, or an index build, may rightly take longer than a page may.
  const setup = openDatabase(config.databaseUrl, { poolSize: 2 });
  try {
    await waitForDatabase(setup, { url: config.databaseUrl, timeoutSeconds: config.databaseTimeouts.connectSeconds, logger });
    if (options.migrate ?? true) {
      const applied = await migrateToLatest(setup);
      if (applied.length) logger.info({ applied }, "database migrated");
    }
  } finally {
    await setup.close();
  }
  // Metrics are recorded only where they can be read (METRICS_PORT): unset, the per-request and
  // per-query timing costs nothing (decision 036's off switch).
  const recordMetrics = config.metrics !== null;
  const now = options.now ?? Date.now;
  const db = openDatabase(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
    onUnavailable: throttledUnavailableLog(logger),
    metrics: recordMetrics,
    traces: true,
  });
  const repositories = createRepositories(db, { authSecret: config.authSecret, timed: recordMetrics });
  const {
    mailSuppression,
    uploads: uploadsRepository,
    uploadLocks,
    listings: listingsRepository,
    push: pushRepository,
    contentVersion,
    savedSearches,
  } = repositories;
  // The job queue is made after better-auth; the verification link is queued there.
  const queued: { jobs?: JobQueue } = {};
  const rateCounter = createRateCounter({ repository: repositories.rateCounter, now: options.now });
  const auth = createAuth({
    db,
    logger,
    secret: config.authSecret,
    baseUrl: config.baseUrl,
    repositories,
    rateLimits: config.authRateLimits,
    now: options.now,
    emailVerification: config.alerts.mail
      ? {
          // One link a person a quarter of an hour, however often they ask (and at most a few an
          // address a day: the job); an unsubscribe since the last link makes a new one due.
          send: async (user, request) =>
            queued.jobs?.enqueue(
              emailVerifyJob,
              {
                userId: user.id,
                language: pickLanguage({ cookie: request?.headers.get("cookie"), acceptLanguage: request?.headers.get("accept-language") }),
              },
              {
                key: `verify:${user.id}:${(await mailSuppression.suppressedAt(user.email)) ?? 0}:${Math.floor(now() / VERIFY_LINK_EVERY_MS)}`,
                userId: user.id,
              },
            ),
          // The address's owner followed a link sent to it: it may be mailed again.
          verified: (user) => mailSuppression.lift(user.email),
        }
      : undefined,
    // "Forgot password?" (decision 052): the link leaves from a job; each address has a few an hour.
    passwordReset: config.alerts.mail
      ? {
          send: async (user, token, request) => {
            const language = pickLanguage({
              cookie: request?.headers.get("cookie"),
              acceptLanguage: request?.headers.get("accept-language"),
            });
            const sealed = await sealResetToken(config.authSecret, token);
            await queued.jobs?.enqueue(
              emailPasswordResetJob,
              { userId: user.id, sealed, language },
              // One mail per link made, however often the job runs.
              { key: `reset:${createHash("sha256").update(token).digest("hex").slice(0, 32)}`, userId: user.id },
            );
          },
          takeAddressTurn: async (email) => {
            const subject = createHmac("sha256", config.authSecret).update(email).digest("hex").slice(0, 32);
            const hit = await rateCounter.hit(`password-reset:${subject}`, RESET_ADDRESS_WINDOW_SECONDS);
            return hit.hits > PASSWORD_RESETS_PER_ADDRESS_PER_HOUR ? hit.resetSeconds : null;
          },
        }
      : undefined,
  });
  const storage = await createStorage(config.storage);
  const uploadDatastore = await createUploadDatastore(config.storage, { localDir: config.uploads.dir });
  const uploads = createUploadsService({
    repository: uploadsRepository,
    locks: uploadLocks,
    datastore: uploadDatastore,
    limits: {
      maxFileBytes: config.maxImageBytes,
      maxInFlightPerUser: config.uploads.maxInFlightPerUser,
      expiryMs: config.uploads.expiryMs,
    },
    logger,
    now: options.now,
  });
  const accounts = createAccountsService(auth, {
    baseUrl: config.baseUrl,
    sendsMail: config.alerts.mail !== null,
    // A password change gives its own browser a new session: that phone keeps its notifications (decision 027).
    onSessionReplaced: (from, to) =>
      pushRepository
        .moveSession(from, to)
        .catch((error: unknown) =>
          logger.warn(
            { error: error instanceof Error ? error.message : String(error) },
            "a phone's notifications could not follow its new session",
          ),
        ),
  });
  const jobs = await createJobQueue({ config, db, logger, now: options.now });
  queued.jobs = jobs;
  // Suppressions kept before migration 0035 as plain addresses, hashed (a migration has no secret).
  const moved = await mailSuppression.moveLegacySuppressions();
  if (moved) logger.info({ moved }, "suppressed addresses now kept as keyed hashes");
  const mailer = config.alerts.mail ? createMailer(config.alerts.mail) : null;
  if (mailer)
    jobs.handle(emailPasswordResetJob, {
      accounts: repositories.accounts,
      mailer,
      secret: config.authSecret,
      baseUrl: config.baseUrl,
      logger,
    });
  const alertMailRepository = repositories.alertMail;
  const search = createListingSearchService({
    repository: repositories.listingSearch,
    places: listingsRepository,
    contentVersion,
    now: options.now,
  });
  const alerts = createAlertsService({
    repository: savedSearches,
    correctQuery: search.correctQuery,
    countMatching: (query) => search.countMatching(browseOptionsOf(query)),
    jobs,
    maxSavedSearches: config.alerts.maxSavedSearches,
    // Email is offered only when SMTP_URL and MAIL_FROM are set (decision 026).
    mailEnabled: mailer !== null,
    logger,
    now: options.now,
  });
  jobs.handle(matchListingJob, alerts);
  let digestTimer: NodeJS.Timeout | undefined;
  if (mailer) {
    const alertMail = createAlertMail({
      jobs,
      savedSearches,
      repository: alertMailRepository,
      suppression: mailSuppression,
      mailsPerDay: config.alerts.mailsPerAddressPerDay,
      mailer,
      baseUrl: config.baseUrl,
      secret: config.authSecret,
      logger,
      now: options.now,
    });
    for (const job of [emailMatchJob, emailVerifyJob, digestTickJob, emailDigestJob]) jobs.handle(job, alertMail);
    // Not awaited: a job queue that cannot start yet must not keep the app from serving; each
    // process asks again every ten minutes (a key per hour: asking twice is one tick), so a
    // chain of ticks broken by a long outage starts again by itself.
    const askForDigests = () =>
      alertMail
        .scheduleDigests()
        .catch((error: unknown) =>
          logger.warn(
            { error: error instanceof Error ? error.message : String(error) },
            "daily digests could not be scheduled; asking again soon",
          ),
        );
    void askForDigests();
    digestTimer = setInterval(askForDigests, DIGEST_SCHEDULE_EVERY_MS).unref();
  }
  const push = createPushService({
    repository: pushRepository,
    publicKey: config.push.vapid.publicKey,
    serviceHosts: config.push.serviceHosts,
    now: options.now,
  });
  const alertPush = createAlertPushService({
    matches: repositories.alertPush,
    subscriptions: pushRepository,
    send: createPushSender({ vapid: config.push.vapid, subject: config.push.subject, serviceHosts: config.push.serviceHosts }),
    jobs,
    serviceHosts: config.push.serviceHosts,
    logger,
    now: options.now,
  });
  jobs.handle(pushMatchJob, alertPush);
  const onLive = (...args: Parameters<AlertsService["listingBecameLive"]>) => alerts.listingBecameLive(...args);
  const savedListingsRepository = repositories.savedListings;
  const shareCards = createShareCardsService({ storage, listings: listingsRepository, jobs, logger, now: options.now });
  jobs.handle(shareCardsJob, shareCards);
  const phoneVerified = config.requireVerifiedPhone
    ? async (sellerId: string) => (await repositories.phoneVerification.verifiedAmong([sellerId])).has(sellerId)
    : undefined;
  const moderation = createModerationService({
    repository: repositories.moderation,
    settings: config.moderation,
    secret: config.authSecret,
    logger,
    now: options.now,
    onListingLive: onLive,
    phoneVerified,
  });
  // REQUIRE_VERIFIED_PHONE (decision 061). Off: listings a former "on" left waiting go live now,
  // so turning it off strands none (and a save releases one too).
  if (!config.requireVerifiedPhone) {
    const released = await moderation.releaseAllWaitingListings();
    if (released) logger.info({ released }, "listings waiting for a verified phone are live: REQUIRE_VERIFIED_PHONE is off");
  }
  return {
    config,
    logger,
    db,
    auth,
    storage,
    accounts,
    accountDeletion: createAccountDeletionService({
      db: db.kysely,
      accounts,
      accountsRepository: repositories.accounts,
      listingsRepository,
      uploadsRepository,
      savedListingsRepository,
      storage,
      uploadDatastore,
      savedSearches,
      jobs,
      logger,
      now: options.now,
    }),
    listings: createListingsService({
      repository: listingsRepository,
      storage,
      uploads,
      maxPhotos: config.uploads.maxPhotosPerListing,
      listingDays: config.listingDays,
      logger,
      now: options.now,
      onLive,
      onSaved: shareCards.queueCards,
      phoneVerified,
    }),
    search,
    uploads,
    moderation,
    contentVersion,
    alerts,
    push,
    alertPush,
    jobs,
    unsubscribe: createUnsubscribeService({
      savedSearches,
      recipients: alertMailRepository,
      suppression: mailSuppression,
      secret: config.authSecret,
      now: options.now,
    }),
    failedJobs: createFailedJobsService({ jobs }),
    uploadDatastore,
    backfillProduce: () => backfillProduce(db),
    rateCounter,
    phoneReveals: createPhoneReveals({ counter: rateCounter, limits: config.phoneReveals }),
    phoneVerification: createPhoneVerificationService({
      repository: repositories.phoneVerification,
      counter: rateCounter,
      sender: createSmsSender(config, logger),
      secret: config.authSecret,
      limits: config.sms.limits,
      isBlocked: (phone) => isPhoneBlocked(db.kysely, phone),
      // Always: a listing left waiting when the switch was on goes live on verification even after it is off.
      onVerified: (sellerId, within) => moderation.releaseWaitingListings({ sellerId, within }).then(() => undefined),
      onUnverified: config.requireVerifiedPhone
        ? (sellerId, within) => moderation.holdUntilPhoneVerified({ sellerId, within }).then(() => undefined)
        : undefined,
      logger,
      now: options.now,
    }),
    organisations: createOrganisationsService({
      repository: repositories.organisations,
      appendAudit: (entry, within) => repositories.moderation.within(within).appendAudit(entry),
      now: options.now,
    }),
    apiKeys: createApiKeysService({ repository: repositories.apiKeys, now: options.now }),
    priceInsight: createPriceInsightService({ repository: repositories.priceInsight, contentVersion, now: options.now }),
    uploadLocker: createUploadLocker(uploadLocks, { logger }),
    removePhotoLeftovers: () =>
      removePhotoLeftovers({
        storage,
        findUsedImageKeys: listingsRepository.findUsedImageKeys,
        olderThan: new Date(now() - PHOTO_LEFTOVER_AGE_MS),
        logger,
      }),
    mandiRates: createMandiRatesService({ repository: repositories.mandiRates, now: options.now }),
    close: async () => {
      clearInterval(digestTimer);
      await jobs.stop();
      mailer?.close();
      await db.close();
    },
    savedListings: createSavedListingsService({ repository: savedListingsRepository, listings: listingsRepository, now: options.now }),
    shareCards,
  };
}

/** One log line per reason every few seconds: an outage fails every query, and the log must stay readable. */
function throttledUnavailableLog(logger: Logger, everyMs = 5_000) {
  const last = new Map<string, number>();
  return (unavailability: Unavailability, error: unknown) => {
    unavailableEvents.inc({ component: unavailability.component });
    const line = describeUnavailability(unavailability);
    const now = Date.now();
    if (now - (last.get(line) ?? 0) < everyMs) return;
    last.set(line, now);
    logger.warn({ err: error }, line);
  };
}
