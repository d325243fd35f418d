/**
 * The one place that picks the database engine, from DATABASE_URL: `sqlite:<path>` (embedded,
 * the default) or `postgres://…`. Everything else talks to Kysely and never asks which.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export function openDatabase(url: string, options: { poolSize?: number } = {}): Db {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.poolSize ?? 10);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url.split(":")[0]}:")`);
}

function openSqlite(file: string): Db {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while a write commits; NORMAL sync is safe under WAL.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(20, (value) => Number(value));

function openPostgres(url: string, max: number): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: "postgres", close: () => kysely.destroy() };
}
