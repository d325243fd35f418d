/**
 * Builds every service from the configuration, once per process. Routes reach them through the
 * request context, so route modules never open connections of their own.
 */
import { createAccountsService } from "./auth/accounts.service";
import { createAuth, type Auth } from "./auth/auth";
import type { Config } from "./config";
import { openDatabase, type Db } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { createListingsRepository } from "./listings/listings.repository";
import { createListingsService } from "./listings/listings.service";
import { createLogger, type Logger } from "./logger";
import { createStorage } from "./media/create-storage";
import { PHOTO_LEFTOVER_AGE_MS, removePhotoLeftovers, type PhotoLeftoversResult } from "./media/photo-leftovers";
import type { Storage } from "./media/storage";
import { createUploadDatastore, type UploadDatastore } from "./uploads/tus-datastore";
import { createUploadsRepository } from "./uploads/uploads.repository";
import { createUploadsService } from "./uploads/uploads.service";

export interface Services {
  config: Config;
  logger: Logger;
  db: Db;
  auth: Auth;
  storage: Storage;
  accounts: ReturnType<typeof createAccountsService>;
  listings: ReturnType<typeof createListingsService>;
  uploads: ReturnType<typeof createUploadsService>;
  /** Where tus keeps uploads in progress (served by server/uploads/tus-server.ts). */
  uploadDatastore: UploadDatastore;
  /** Removes photos no listing uses and temp files, older than an hour, that a crash left. */
  removePhotoLeftovers(): Promise<PhotoLeftoversResult>;
  close(): Promise<void>;
}

export async function createServices(
  config: Config,
  options: { migrate?: boolean; logger?: Logger; now?: () => number } = {},
): Promise<Services> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize });
  if (options.migrate ?? true) {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied }, "database migrated");
  }
  const auth = createAuth({ db, logger, secret: config.authSecret, baseUrl: config.baseUrl, rateLimits: config.authRateLimits });
  const storage = createStorage(config.storage);
  const uploadDatastore = createUploadDatastore(config.storage, { localDir: config.uploads.dir });
  const uploads = createUploadsService({
    repository: createUploadsRepository(db.kysely),
    datastore: uploadDatastore,
    limits: { maxFileBytes: config.maxImageBytes, maxInFlightPerUser: config.uploads.maxInFlightPerUser, expiryMs: config.uploads.expiryMs },
    logger,
    now: options.now,
  });
  const listingsRepository = createListingsRepository(db.kysely, db.dialect);
  const now = options.now ?? Date.now;
  return {
    config,
    logger,
    db,
    auth,
    storage,
    accounts: createAccountsService(auth, { baseUrl: config.baseUrl }),
    listings: createListingsService({
      repository: listingsRepository,
      storage,
      uploads,
      maxPhotos: config.uploads.maxPhotosPerListing,
      logger,
      now: options.now,
    }),
    uploads,
    uploadDatastore,
    removePhotoLeftovers: () =>
      removePhotoLeftovers({
        storage,
        findUsedImageKeys: listingsRepository.findUsedImageKeys,
        olderThan: new Date(now() - PHOTO_LEFTOVER_AGE_MS),
        logger,
      }),
    close: () => db.close(),
  };
}
