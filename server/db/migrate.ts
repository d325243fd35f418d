/**
 * Brings a database up to date: better-auth's tables first (its migrator compares them with the
 * auth configuration), then ours, in code, through Kysely's migrator.
 */
import { Migrator, type Migration, type MigrationProvider } from "kysely";
import { getMigrations } from "better-auth/db/migration";
import { authOptions } from "../auth/auth";
import type { Db } from "./database";
import * as m0001 from "./migrations/0001-listings";
import * as m0002 from "./migrations/0002-search";

const MIGRATIONS: Record<string, Migration> = {
  "0001-listings": m0001,
  "0002-search": m0002,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const auth = await getMigrations(authOptions({ db, secret: "migration-only-secret-not-used-for-signing", baseUrl: "http://localhost" }));
  await auth.runMigrations();

  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
