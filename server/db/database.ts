/**
 * The one place that picks the database engine, from DATABASE_URL: `sqlite:<path>` (embedded,
 * the default) or `postgres://…`. Everything else talks to Kysely and never asks which.
 */
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import SQLite from "better-sqlite3";
import type pgModule from "pg";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type LogEvent,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from "kysely";
import { sqliteOptions } from "./sqlite-binding";
import { dbQueryDuration, statementLabel, watchPool } from "../metrics/metrics";
import { recordQuerySpan, tracingOn } from "../tracing/tracing";
import { classifyUnavailable, type Unavailability } from "../unavailable";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  poolSize?: number;
  /**
   * Bounds on every wait, for a serving process (docs/decisions/011). Absent for scripts and
   * migrations, which may rightly wait long (an index build, another instance's migration lock).
   */
  timeouts?: { statementMs: number; acquireMs: number; sqliteBusyMs: number };
  /** Told of each query that failed because the database is unavailable (for the operator's log). */
  onUnavailable?: (unavailability: Unavailability, error: unknown) => void;
  /** Time every query and report the pool's figures (decision 025): the serving connections only. */
  metrics?: boolean;
  /** A span for every query while tracing is on (decision 025): the serving connections only. */
  traces?: boolean;
}

export function openDatabase(url: string, options: OpenDatabaseOptions = {}): Db {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length), options);
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url.split(":")[0]}:")`);
}

function openSqlite(file: string, options: OpenDatabaseOptions): Db {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file, sqliteOptions());
  // WAL lets readers run while a write commits; NORMAL sync is safe under WAL.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // better-sqlite3 waits synchronously, holding up every request: a short wait, then a 503.
  sqlite.pragma(`busy_timeout = ${options.timeouts?.sqliteBusyMs ?? 5000}`);
  const kysely = new Kysely<Database>({
    dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(sqlite) }),
    log: queryLog(options, "sqlite"),
  });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}

/** Prepared statements kept per connection: the app's queries are a few hundred distinct texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query's text anew (SQLite parses and plans it each time:
 * 3% of a worker's time under mixed page traffic, issue 27). The same text is the same statement,
 * so each is prepared once and reused, the least recently used dropped past STATEMENT_CACHE_SIZE
 * (an `in (?, ?, …)` list makes a text per length). Safe on SQLite's one connection: Kysely runs
 * one query at a time on it, better-sqlite3 runs each to the end before returning (the server never
 * streams), and SQLite re-prepares a statement by itself after a schema change (a migration).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        // Most recently used last: a Map keeps insertion order.
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * SQLite's DDL is transactional; Kysely's adapter says it is not (a few PRAGMAs, foreign_keys among
 * them, do nothing inside a transaction), so its migrator would run our migrations without one and a
 * process killed half-way would leave half a migration. Saying yes makes each migration and its
 * bookkeeping row one transaction, as on PostgreSQL; migrate.ts handles the PRAGMA (decision 034).
 * The migrator is the only reader of this flag.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Every transaction takes SQLite's write lock when it begins (BEGIN IMMEDIATE), not at its first
 * write. Kysely begins them DEFERRED: one that reads and then writes (a report checks the listing,
 * then inserts) fails at once with SQLITE_BUSY_SNAPSHOT, without the busy wait, if another
 * connection to the file (another worker, a job, a script) committed in between, and a buyer got a
 * 503 for it. Begun IMMEDIATE, it waits its turn (busy_timeout) and reads the latest rows.
 * Every transaction here writes, so none takes the lock for nothing.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * The PostgreSQL driver, loaded the first time a PostgreSQL database is opened: an instance on
 * SQLite never holds it (decision 035). `require` keeps openDatabase synchronous; pg is CommonJS.
 */
let pgDriver: typeof pgModule | undefined;
function loadPg(): typeof pgModule {
  if (pgDriver) return pgDriver;
  const pg = createRequire(import.meta.url)("pg") as typeof pgModule;
  // int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
  pg.types.setTypeParser(20, (value) => Number(value));
  return (pgDriver = pg);
}

function openPostgres(url: string, options: OpenDatabaseOptions): Db {
  const { timeouts } = options;
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // Both bound a request's wait: for a connection (pool full, server down) and for a query
    // (a held lock, a slow plan). Zero means "wait for ever", which scripts keep.
    connectionTimeoutMillis: timeouts?.acquireMs ?? 0,
    statement_timeout: timeouts?.statementMs ?? 0,
    keepAlive: true,
  });
  // A restart or failover ends every connection (57P01); an idle client then emits 'error' on the
  // pool, which would end the process if nobody listened. The pool has already dropped it.
  const lost = (error: Error) =>
    options.onUnavailable?.(classifyUnavailable(error) ?? { component: "database", reason: error.message }, error);
  pool.on("error", lost);
  // A client out of the pool has no listener (pg-pool removes its own on checkout). When the
  // server ends a connection during a query, the query fails (and Kysely reports it through
  // queryLog), and then the socket's close arrives as a second 'error' before the client is given
  // back, most often in a transaction's rollback: unheard, it ended the process (found by the
  // chaos suite's pg_terminate_backend and restart cases). The failure is already reported.
  pool.on("connect", (client) => client.on("error", () => {}));
  if (options.metrics) watchPool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(options, "postgresql") });
  return { kysely, dialect: "postgres", close: () => kysely.destroy() };
}

/**
 * Kysely reports every query here: its time for the metrics (and, with tracing on, a span under
 * the request that asked), and the failures that mean "unavailable".
 */
function queryLog(options: OpenDatabaseOptions, engine: "sqlite" | "postgresql") {
  const { onUnavailable, metrics, traces } = options;
  if (!onUnavailable && !metrics && !traces) return undefined;
  return (event: LogEvent) => {
    const traced = traces && tracingOn();
    if (metrics || traced) {
      const statement = statementLabel(event.query.sql);
      if (metrics) dbQueryDuration.observe({ statement }, event.queryDurationMillis / 1000);
      if (traced)
        recordQuerySpan({
          sql: event.query.sql,
          durationMs: event.queryDurationMillis,
          engine,
          operation: statement,
          failed: event.level === "error",
        });
    }
    if (event.level !== "error" || !onUnavailable) return;
    const unavailability = classifyUnavailable(event.error);
    if (unavailability) onUnavailable(unavailability, event.error);
  };
}
