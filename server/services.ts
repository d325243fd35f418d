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
import { createLocalDiskStorage } from "./media/local-disk-storage";
import type { Storage } from "./media/storage";

export interface Services {
  config: Config;
  logger: Logger;
  db: Db;
  auth: Auth;
  storage: Storage;
  accounts: ReturnType<typeof createAccountsService>;
  listings: ReturnType<typeof createListingsService>;
  close(): Promise<void>;
}

export async function createServices(
  config: Config,
  options: { migrate?: boolean; logger?: Logger; now?: () => number } = {},
): Promise<Services> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = openDatabase(config.databaseUrl);
  if (options.migrate ?? true) {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied }, "database migrated");
  }
  const auth = createAuth({ db, logger, secret: config.authSecret, baseUrl: config.baseUrl, rateLimits: config.authRateLimits });
  const storage = createLocalDiskStorage(config.mediaDir);
  return {
    config,
    logger,
    db,
    auth,
    storage,
    accounts: createAccountsService(auth, { baseUrl: config.baseUrl }),
    listings: createListingsService({ repository: createListingsRepository(db.kysely, db.dialect), storage, logger, now: options.now }),
    close: () => db.close(),
  };
}
