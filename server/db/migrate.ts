/**
 * Brings a database up to date: better-auth's tables first (its migrator compares them with the
 * auth configuration), then ours, in code, through Kysely's migrator.
 */
import { Migrator, sql, type Migration, type MigrationProvider } from "kysely";
import { getMigrations } from "better-auth/db/migration";
import { authOptions } from "../auth/auth";
import type { Db } from "./database";
import * as m0001 from "./migrations/0001-listings";
import * as m0002 from "./migrations/0002-search";
import * as m0003 from "./migrations/0003-listing-photos";
import * as m0004 from "./migrations/0004-photo-upload-activity";
import * as m0005 from "./migrations/0005-sign-in-failures";
import * as m0006 from "./migrations/0006-listing-lifecycle";
import * as m0007 from "./migrations/0007-seller-place";
import * as m0008 from "./migrations/0008-moderation";
import * as m0009 from "./migrations/0009-content-version";
import * as m0010 from "./migrations/0010-upload-lock";
import * as m0011 from "./migrations/0011-name-search-newest";
import * as m0012 from "./migrations/0012-listing-produce";
// Saved listings (issue 24, decision 023).
import * as m0015 from "./migrations/0015-saved-listings";
import * as m0013 from "./migrations/0013-mandi-rates";
import * as m0014 from "./migrations/0014-price-insight";
import * as m0016 from "./migrations/0016-saved-searches";
import * as m0017 from "./migrations/0017-near-me";
import * as m0018 from "./migrations/0018-grade-filter";
import * as m0019 from "./migrations/0019-saved-search-language";
import * as m0020 from "./migrations/0020-push-language";
import * as m0021 from "./migrations/0021-saved-search-bounds";
import * as m0022 from "./migrations/0022-mandi-rate-latest";
import * as m0023 from "./migrations/0023-push-session";
import * as m0024 from "./migrations/0024-grade-price";

const MIGRATIONS: Record<string, Migration> = {
  "0001-listings": m0001,
  "0002-search": m0002,
  "0003-listing-photos": m0003,
  "0004-photo-upload-activity": m0004,
  "0005-sign-in-failures": m0005,
  "0006-listing-lifecycle": m0006,
  "0007-seller-place": m0007,
  "0008-moderation": m0008,
  "0009-content-version": m0009,
  "0010-upload-lock": m0010,
  "0011-name-search-newest": m0011,
  "0012-listing-produce": m0012,
  "0015-saved-listings": m0015,
  "0013-mandi-rates": m0013,
  "0014-price-insight": m0014,
  "0016-saved-searches": m0016,
  "0017-near-me": m0017,
  "0018-grade-filter": m0018,
  "0019-saved-search-language": m0019,
  "0020-push-language": m0020,
  "0021-saved-search-bounds": m0021,
  "0022-mandi-rate-latest": m0022,
  "0023-push-session": m0023,
  "0024-grade-price": m0024,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Any fixed number: the PostgreSQL advisory lock that lets one instance at a time migrate. */
const MIGRATION_LOCK_ID = 7_261_042;

/**
 * Several instances may start at once against one PostgreSQL database; each waits for the others'
 * migrations to finish (better-auth's migrator has no lock of its own). The lock is held on one
 * pooled connection while the migrations run on others, so the pool needs at least two.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (db.dialect === "sqlite") return runMigrations(db);
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
    try {
      return await runMigrations(db);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
    }
  });
}

async function runMigrations(db: Db): Promise<string[]> {
  const auth = await getMigrations(authOptions({ db, secret: "migration-only-secret-not-used-for-signing", baseUrl: "http://localhost" }));
  await auth.runMigrations();

  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
