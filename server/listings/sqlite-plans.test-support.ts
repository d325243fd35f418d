/**
 * For tests that read SQLite's own plan of the statements the listing repository runs: a real,
 * migrated, empty file per suite, a Kysely over it that records every statement, and each
 * statement's EXPLAIN QUERY PLAN.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, type CompiledQuery } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "../db/database";
import { migrateAuthTables, migrateToLatest } from "../db/migrate";
import type { Database } from "../db/schema";

export function sqlitePlans() {
  let dir = "";
  let file: SQLite.Database;
  const ran: CompiledQuery[] = [];
  const suite = {
    kysely: undefined as unknown as Kysely<Database>,
    /** Every statement run since the last `ran.length = 0`. */
    ran,
    /** SQLite's plan of one statement, its lines joined by " | ". */
    planOf: (query: CompiledQuery) =>
      (file.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as Array<{ detail: string }>)
        .map((row) => row.detail)
        .join(" | "),
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-plan-"));
    const url = `sqlite:${path.join(dir, "plan.sqlite")}`;
    const setup = openDatabase(url);
    await migrateAuthTables(setup);
    await migrateToLatest(setup);
    await setup.close();
    file = new SQLite(url.slice("sqlite:".length));
    suite.kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }), log: (event) => void ran.push(event.query) });
  });
  afterAll(async () => {
    await suite.kysely.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return suite;
}
