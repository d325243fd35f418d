/**
 * Every repository the services use, built in one place so each is timed by function the same
 * way (issue 27: `<repository>.<function>` in mandi_repository_call_duration_seconds). A
 * repository that is not made here is not timed: server/metrics/repository-timing.test.ts checks
 * that every `create…Repository` of server/ is.
 */
import type { Db } from "./db/database";
import { createAccountsRepository } from "./auth/accounts.repository";
import { createSignInFailuresRepository } from "./auth/sign-in-failures.repository";
import { createApiKeysRepository } from "./api-keys/api-keys.repository";
import { createSavedSearchesRepository } from "./alerts/saved-searches.repository";
import { createListingSearchRepository } from "./listings/listing-search.repository";
import { createListingsRepository } from "./listings/listings.repository";
import { createAlertMailRepository } from "./alerts/delivery/alert-mail.repository";
import { createAlertPushRepository } from "./alerts/delivery/alert-push.repository";
import { createMailSuppressionRepository } from "./alerts/delivery/mail-suppression.repository";
import { createMandiRatesRepository } from "./mandi-rates/mandi-rates.repository";
import { createModerationRepository } from "./moderation/moderation.repository";
import { createContentVersionRepository } from "./page-cache/content-version.repository";
import { createPriceInsightRepository } from "./price-insight/price-insight.repository";
import { createPhoneVerificationRepository } from "./phone-verification/phone-verification.repository";
import { createPushRepository } from "./push/push.repository";
import { createOrganisationsRepository } from "./organisations/organisations.repository";
import { createRateCounterRepository } from "./rate-counter/rate-counter.repository";
import { createSavedListingsRepository } from "./saved-listings/saved-listings.repository";
import { createUploadLockRepository } from "./uploads/upload-lock.repository";
import { createUploadsRepository } from "./uploads/uploads.repository";
import { repositoryTimer } from "./metrics/repository-timing";

/** `timed`: wrap each in `timedRepository` (when metrics are recorded, decision 036's off switch). */
export function createRepositories(db: Db, options: { authSecret: string; timed: boolean }) {
  const built = {
    accounts: createAccountsRepository(db.kysely),
    signInFailures: createSignInFailuresRepository(db.kysely),
    uploads: createUploadsRepository(db.kysely),
    uploadLocks: createUploadLockRepository(db.kysely),
    listings: createListingsRepository(db.kysely),
    listingSearch: createListingSearchRepository(db.kysely, db.dialect),
    contentVersion: createContentVersionRepository(db.kysely),
    moderation: createModerationRepository(db.kysely, db.dialect),
    savedSearches: createSavedSearchesRepository(db.kysely),
    // Addresses that may be mailed (decision 045): suppressed ones by keyed hash, daily counts.
    mailSuppression: createMailSuppressionRepository(db.kysely, options.authSecret),
    alertMail: createAlertMailRepository(db.kysely),
    push: createPushRepository(db.kysely),
    alertPush: createAlertPushRepository(db.kysely),
    savedListings: createSavedListingsRepository(db.kysely),
    rateCounter: createRateCounterRepository(db.kysely),
    apiKeys: createApiKeysRepository(db.kysely),
    priceInsight: createPriceInsightRepository(db.kysely),
    mandiRates: createMandiRatesRepository(db.kysely),
    phoneVerification: createPhoneVerificationRepository(db.kysely),
    organisations: createOrganisationsRepository(db.kysely),
  };
  const time = repositoryTimer(options.timed);
  return Object.fromEntries(Object.entries(built).map(([name, repository]) => [name, time(name, repository)])) as typeof built;
}

export type Repositories = ReturnType<typeof createRepositories>;
