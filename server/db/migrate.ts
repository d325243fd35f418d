/**
 * Brings a database up to date: better-auth's tables first (its migrator compares them with the
 * auth configuration and adds what is missing, one statement a table or column, so a run cut short
 * is finished by the next), then ours, in code, through Kysely's migrator: each migration with its
 * row in kysely_migration is one transaction on either engine, so a process killed half-way leaves
 * the database as it was before that migration (decision 034).
 */
import { Migrator, sql, type Migration } from "kysely";
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
import * as m0026 from "./migrations/0026-push-session-index";
import * as m0027 from "./migrations/0027-api-keys";
import * as m0028 from "./migrations/0028-near-name";
import * as m0029 from "./migrations/0029-mandi-rate-pages";
import * as m0032 from "./migrations/0032-place-price";
import * as m0033 from "./migrations/0033-alert-match-by-listing";
import * as m0034 from "./migrations/0034-place-price-sqlite";
// Alert mail per address: suppression by keyed hash, daily caps (issue 38, decision 045).
import * as m0035 from "./migrations/0035-address-suppression";
// Counters shared across workers and instances (issue 38, decision 046).
import * as m0037 from "./migrations/0037-rate-counters";
import * as m0038 from "./migrations/0038-scam-reports-and-phone-blocks";
// A phone number verified by a one-time code (issue 43, decision 058).
import * as m0039 from "./migrations/0039-phone-verification";
import * as m0041 from "./migrations/0041-mandi-rate-source";
// FPO and trader licence numbers checked by staff (issue 43, decision 061).
import * as m0042 from "./migrations/0042-seller-organisation";

/**
 * A migration may say it needs SQLite's foreign keys off (`export const sqliteForeignKeys = "off"`):
 * one that rebuilds a table other tables refer to, whose DROP TABLE would otherwise delete or refuse
 * their rows. The PRAGMA does nothing inside a transaction, so it is set before the migration's
 * transaction starts and set back after it ends; the rows are checked before the commit.
 */
export interface MandiMigration extends Migration {
  sqliteForeignKeys?: "off";
}

const MIGRATIONS: Record<string, MandiMigration> = {
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
  "0026-push-session-index": m0026,
  "0027-api-keys": m0027,
  "0028-near-name": m0028,
  "0029-mandi-rate-pages": m0029,
  "0032-place-price": m0032,
  "0033-alert-match-by-listing": m0033,
  "0034-place-price-sqlite": m0034,
  "0035-address-suppression": m0035,
  "0037-rate-counters": m0037,
  "0038-scam-reports-and-phone-blocks": m0038,
  "0039-phone-verification": m0039,
  "0041-mandi-rate-source": m0041,
  "0042-seller-organisation": m0042,
};

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
  await migrateAuthTables(db);
  return runMigrationSteps(db);
}

/** better-auth's tables and columns, which ours refer to. */
export async function migrateAuthTables(db: Db): Promise<void> {
  const auth = await getMigrations(authOptions({ db, secret: "migration-only-secret-not-used-for-signing", baseUrl: "http://localhost" }));
  await auth.runMigrations();
}

/**
 * Our migrations one at a time, oldest first: Kysely runs each (and its bookkeeping row) in a
 * transaction, as both engines' adapters say their DDL is transactional (database.ts). Exported for
 * the tests, which stop at an older migration (`upTo`, inclusive) or run migrations of their own.
 */
export async function runMigrationSteps(
  db: Db,
  options: { migrations?: Record<string, MandiMigration>; upTo?: string } = {},
): Promise<string[]> {
  const { migrations = MIGRATIONS, upTo } = options;
  const steps = Object.fromEntries(Object.entries(migrations).map(([name, migration]) => [name, withForeignKeyCheck(db, migration)]));
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => steps } });
  const applied: string[] = [];
  for (;;) {
    const next = (await migrator.getMigrations()).find((migration) => !migration.executedAt);
    if (!next || (upTo !== undefined && next.name > upTo)) return applied;
    const foreignKeysOff = db.dialect === "sqlite" && migrations[next.name]?.sqliteForeignKeys === "off";
    if (foreignKeysOff) await sql`pragma foreign_keys = off`.execute(db.kysely);
    try {
      const { error, results } = await migrator.migrateUp();
      if (error) throw error;
      applied.push(...(results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName));
    } finally {
      if (foreignKeysOff) await sql`pragma foreign_keys = on`.execute(db.kysely);
    }
  }
}

/** With foreign keys off nothing stops a migration leaving a row without its parent: check before the commit. */
function withForeignKeyCheck(db: Db, migration: MandiMigration): Migration {
  if (db.dialect !== "sqlite" || migration.sqliteForeignKeys !== "off") return migration;
  return {
    ...migration,
    up: async (trx) => {
      await migration.up(trx);
      const broken = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) {
        const first = broken.rows[0]!;
        throw new Error(`the migration left ${broken.rows.length} row(s) without their parent (first: ${first.table} → ${first.parent})`);
      }
    },
  };
}
