/**
 * The job queue on PostgreSQL (decision 028): pg-boss, in its own schema (`pgboss`) of the same
 * database, its tables made and migrated by pg-boss as it starts. Several instances share the
 * work: pg-boss takes a job with `FOR UPDATE SKIP LOCKED`, so one runs it; a job whose process
 * died is failed by pg-boss's maintenance once its lease (`expireInSeconds`) runs out, and runs
 * again.
 *
 * What we add, and why:
 * - Our own short loop over `fetch`, `complete` and `fail` instead of `work()`: pg-boss's worker
 *   does not await `complete`/`fail`, so a database outage at that moment would be an unhandled
 *   rejection, which ends a Node process. Here every call is awaited and its failure logged.
 * - A key is one job: the job's id is derived from its kind and key, and pg-boss inserts with
 *   ON CONFLICT DO NOTHING, so a key enqueued again while the first is kept (queued, running,
 *   failed, or finished less than KEEP_DONE_MS ago) is not a second job. pg-boss's singletonKey
 *   (which holds the key, for the back office) dedupes only while queued, which is not enough.
 * - The same backoff as the SQL driver: before pg-boss fails an attempt, the job's own
 *   retry_delay is set to backoffMs (pg-boss's curve is fixed at doubling from a base).
 * - A retry from the back office gives every attempt again (pg-boss's `retry` gives one).
 * - userId rides in the job's data, so account deletion can remove a person's jobs in its own
 *   transaction (the tables are in the same database).
 * - Queues are made one instance at a time. pg-boss makes a queue with DDL (a partition of its
 *   job table, a foreign key to its queue table); instances starting together each make every
 *   queue, and two doing so at once deadlock (40P01), which failed the enqueue of a listing just
 *   posted (its alerts were lost). An advisory lock lines them up; a deadlock that still happens
 *   (with a fetch or a send) is retried, as PostgreSQL advises, since the loser's work rolled back.
 * If PostgreSQL cannot be reached when jobs start, the app serves anyway: the loop tries to
 * start pg-boss again at its next turn, and every pg-boss error is logged, never thrown.
 */
import { createHash } from "node:crypto";
import { CompiledQuery, sql, type Kysely } from "kysely";
import PgBoss from "pg-boss";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import {
  backoffMs,
  KEEP_DONE_MS,
  KEEP_FAILED_MS,
  LEASE_MS,
  MAX_JOB_ATTEMPTS,
  type FailedJob,
  type JobOptions,
  type JobQueue,
} from "./job-queue";
import { createJobRunner } from "./job-runner";

/** pg-boss's schema in our database. */
export const PG_BOSS_SCHEMA = "pgboss";
/**
 * Jobs taken per look, per kind: one. pg-boss starts a job's lease when it is fetched, so a batch
 * run one after another would see its last jobs' leases run out while they wait (a slow mail
 * server), and another instance would run them at the same time.
 */
const BATCH = 1;
/** The advisory lock every instance takes to make a queue: a number of our own, from its name. */
const QUEUE_MAKING_LOCK = "mandi: pg-boss makes a queue";
/** Tries of work a deadlock rolled back, each after a short random wait. */
const DEADLOCK_TRIES = 5;
/** One line per distinct pg-boss error every so often: an outage fails every poll. */
const ERROR_LOG_EVERY_MS = 10_000;

/** What a job's data holds: the handler's payload, and whose job it is. */
interface JobData {
  payload: Record<string, unknown>;
  userId?: string;
}

export interface PgBossQueueOptions {
  connectionString: string;
  /** Kysely on the same database: reads over pg-boss's tables, and account deletion's transaction. */
  db: Kysely<Database>;
  logger: Logger;
  pollMs: number;
  timeouts: { statementMs: number; acquireMs: number };
  now?: () => number;
  /** How long a job may run before it is taken as abandoned and run again. */
  leaseMs?: number;
  /** How often pg-boss looks for abandoned jobs and archives old ones. */
  maintenanceSeconds?: number;
  /** The wait before a retry (tests: none). */
  backoff?: (failures: number) => number;
  /** Jobs one insert of enqueueMany carries (tests: a few, to cross a statement's edge). */
  jobsPerInsert?: number;
}

/** A UUID made from the job's kind and key, so one key is one row. */
export function jobIdFor(kind: string, key: string): string {
  const bytes = createHash("sha256").update(`${kind}\u0000${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: a name-based UUID of our own
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createPgBossQueue(deps: PgBossQueueOptions): JobQueue {
  const { db, logger } = deps;
  const now = deps.now ?? Date.now;
  const leaseSeconds = Math.max(1, Math.round((deps.leaseMs ?? LEASE_MS) / 1000));
  const backoff = deps.backoff ?? backoffMs;
  const jobsPerInsert = deps.jobsPerInsert ?? 1_000;
  const runner = createJobRunner(logger);
  const queuesMade = new Map<string, Promise<void>>();
  let opening: Promise<PgBoss> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  const lastLogged = new Map<string, number>();
  function logError(error: unknown, what: string): void {
    // Only the message and code: a pool's error carries its client, connection settings and all.
    const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
    const text = typeof message === "string" ? message : String(error);
    const line = `${what}: ${text}`;
    if (Date.now() - (lastLogged.get(line) ?? 0) < ERROR_LOG_EVERY_MS) return;
    lastLogged.set(line, Date.now());
    logger.warn({ code: typeof code === "string" ? code : undefined, error: text }, `job queue (pg-boss): ${what}`);
  }

  /** `work` again while PostgreSQL picks it as a deadlock's loser (its transaction rolled back, so it may run again). */
  async function retryingDeadlocks<T>(work: () => Promise<T>): Promise<T> {
    for (let tried = 1; ; tried++) {
      try {
        return await work();
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== "40P01" || tried >= DEADLOCK_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * tried));
      }
    }
  }

  /** pg-boss started (its schema made or migrated); a failed start is tried afresh next time. */
  function open(): Promise<PgBoss> {
    opening ??= (async () => {
      const options: PgBoss.ConstructorOptions & Record<string, unknown> = {
        connectionString: deps.connectionString,
        schema: PG_BOSS_SCHEMA,
        application_name: "mandi-jobs",
        // pg.Pool's own settings: a small pool, and no wait without a bound.
        max: 2,
        connectionTimeoutMillis: deps.timeouts.acquireMs,
        // Its migrations may wait for another instance's (pg-boss bounds that lock at 30 s).
        statement_timeout: Math.max(deps.timeouts.statementMs, 35_000),
        // No cron here; maintenance fails abandoned jobs and archives old ones.
        schedule: false,
        supervise: true,
        maintenanceIntervalSeconds: deps.maintenanceSeconds ?? Math.min(60, leaseSeconds),
        archiveCompletedAfterSeconds: KEEP_DONE_MS / 1000,
        archiveFailedAfterSeconds: KEEP_FAILED_MS / 1000,
        deleteAfterDays: 1,
      };
      const boss = new PgBoss(options);
      // Unheard, an EventEmitter's 'error' is thrown: an idle connection cut by a restart would end the process.
      boss.on("error", (error) => logError(error, "error"));
      try {
        await boss.start();
        // The queues of every kind handled here, before anything is queued: an enqueue inside a
        // caller's transaction (decision 044) then takes no second connection of our pool to
        // make one, which a burst of such transactions could be holding all of.
        for (const kind of runner.kinds()) {
          await makeQueue(boss, kind);
          queuesMade.set(kind, Promise.resolve());
        }
        return boss;
      } catch (error) {
        // A failed start leaves this instance half-started (pg-boss will not start it again): close it, make another next time.
        opening = null;
        queuesMade.clear();
        await boss.stop({ graceful: false, wait: true }).catch(() => {});
        await (boss.getDb() as { close?: () => Promise<void> }).close?.().catch(() => {});
        throw error;
      }
    })();
    return opening;
  }

  /**
   * A queue made, if it was not, and given today's settings. Made under the lock, which a
   * transaction of ours holds while pg-boss works on its own connections; a queue already made
   * needs neither the lock nor a connection of our pool.
   */
  async function makeQueue(boss: PgBoss, kind: string): Promise<void> {
    const settings = {
      name: kind,
      policy: "standard" as const,
      retryLimit: MAX_JOB_ATTEMPTS - 1,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: leaseSeconds,
    };
    if (!(await boss.getQueue(kind))) {
      await retryingDeadlocks(() =>
        db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(hashtextextended(${QUEUE_MAKING_LOCK}, 0))`.execute(trx);
          if (!(await boss.getQueue(kind))) await boss.createQueue(kind, settings);
        }),
      );
    }
    // createQueue leaves a queue that exists as it was made: updateQueue applies today's
    // settings (JOB_LEASE_SECONDS changed since, for one) to it.
    await retryingDeadlocks(() => boss.updateQueue(kind, settings));
  }

  /** pg-boss needs each queue made before a job is sent to it (idempotent, once per process). */
  async function queueFor(kind: string): Promise<PgBoss> {
    const boss = await open();
    let made = queuesMade.get(kind);
    if (!made) {
      made = makeQueue(boss, kind);
      queuesMade.set(kind, made);
      made.catch(() => queuesMade.delete(kind));
    }
    await made;
    return boss;
  }

  async function runKind(kind: string): Promise<number> {
    const boss = await queueFor(kind);
    let ran = 0;
    for (;;) {
      const jobs = await boss.fetch<JobData>(kind, { batchSize: BATCH, includeMetadata: true });
      if (!jobs.length) return ran;
      for (const job of jobs) {
        const attempt = job.retryCount + 1;
        const result = await runner.run({ id: job.id, kind, payload: job.data?.payload ?? {}, attempt });
        if (result.ok) await boss.complete(kind, job.id);
        else {
          // The job's own wait before its next attempt, as the SQL driver waits; then pg-boss fails it (retry or failed).
          if (!result.final)
            await sql`update pgboss.job set retry_delay = ${Math.ceil(backoff(attempt) / 1000)} where name = ${kind} and id = ${job.id} and state = 'active'`.execute(
              db,
            );
          await boss.fail(kind, job.id, { message: result.message });
        }
        ran++;
      }
    }
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    for (const kind of runner.kinds()) ran += await runKind(kind);
    return ran;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .catch((error: unknown) => logError(error, "could not look for jobs"))
        .finally(schedule);
    }, deps.pollMs);
    timer.unref();
  }

  async function bossTablesExist(within: Kysely<Database>): Promise<boolean> {
    const { rows } = await sql<{ name: string | null }>`select to_regclass('pgboss.job')::text as name`.execute(within);
    return Boolean(rows[0]?.name);
  }

  /** A job as stored, of any kind: enqueue's typed one, or one adopted from alert_job. */
  async function enqueueStored(kind: string, payload: Record<string, unknown>, options: JobOptions): Promise<void> {
    const boss = await queueFor(kind);
    const data: JobData = { payload, ...(options.userId ? { userId: options.userId } : {}) };
    // runAt is read on our clock (which tests may set); pg-boss waits on the database's.
    const delayMs = options.runAt === undefined ? 0 : options.runAt - now();
    // Sent again after a deadlock: the id is the key's, so it is still one job.
    await retryingDeadlocks(() =>
      boss.send(kind, data, {
        id: jobIdFor(kind, options.key),
        singletonKey: options.key,
        ...(delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs) } : {}),
      }),
    );
  }

  /**
   * pg-boss's insert: one statement for many jobs (their JSON is one parameter), ON CONFLICT DO
   * NOTHING on the id made from each key, each with its queue's settings; `within`, our
   * transaction, is the connection pg-boss writes on (its `db` option), so the jobs commit or roll
   * back with it.
   */
  const enqueueMany: JobQueue["enqueueMany"] = async (job, jobs, within) => {
    const kind = job.kind;
    if (!jobs.length) return;
    const boss = await queueFor(kind);
    const connection = within
      ? {
          db: {
            executeSql: (text: string, values: unknown[]) => within.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values)),
          },
        }
      : {};
    const rows = jobs.map(({ payload, options }) => {
      const delayMs = options.runAt === undefined ? 0 : options.runAt - now();
      const data: JobData = { payload, ...(options.userId ? { userId: options.userId } : {}) };
      return {
        id: jobIdFor(kind, options.key),
        name: kind,
        data,
        singletonKey: options.key,
        ...(delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs).toISOString() } : {}),
      };
    });
    for (let i = 0; i < rows.length; i += jobsPerInsert) await boss.insert(rows.slice(i, i + jobsPerInsert), connection);
  };

  /**
   * Jobs still queued in our own table (alert_job) when this deployment moved to pg-boss: sent to
   * pg-boss under their own keys, then removed. A crash between the two sends the key again,
   * which is still one job.
   */
  async function adoptTableJobs(): Promise<void> {
    for (;;) {
      const rows = await db
        .selectFrom("alert_job")
        .select(["id", "kind", "dedupe_key", "payload", "user_id", "run_at"])
        .where("state", "=", "queued")
        .limit(100)
        .execute();
      if (!rows.length) return;
      for (const row of rows) {
        await enqueueStored(row.kind, JSON.parse(row.payload) as Record<string, unknown>, {
          key: row.dedupe_key,
          runAt: Number(row.run_at),
          ...(row.user_id ? { userId: row.user_id } : {}),
        });
        await db.deleteFrom("alert_job").where("id", "=", row.id).execute();
      }
      logger.info({ jobs: rows.length }, "job queue (pg-boss): took over jobs queued in alert_job");
    }
  }

  return {
    driver: "pg-boss",
    enqueue: (job, payload, options) => enqueueStored(job.kind, payload, options),
    enqueueMany,
    handle: runner.handle,
    async start() {
      stopped = false;
      // Not awaited: a database that cannot be reached yet must not keep the app from serving.
      open()
        .then(adoptTableJobs)
        .catch((error: unknown) =>
          logError(error, "could not start, or take over alert_job's queued jobs; trying again at the next start"),
        );
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      const boss = await opening?.catch(() => null);
      opening = null;
      queuesMade.clear();
      await boss?.stop({ graceful: false, close: true, wait: true }).catch((error: unknown) => logError(error, "could not stop"));
    },
    runDue,
    async listFailed(limit) {
      if (!(await bossTablesExist(db))) return [];
      const { rows } = await sql<{
        id: string;
        name: string;
        singleton_key: string | null;
        retry_count: number;
        message: string | null;
        created_on: Date;
        completed_on: Date | null;
      }>`
        select id, name, singleton_key, retry_count, output->>'message' as message, created_on, completed_on
        from pgboss.job where state = 'failed' order by completed_on desc limit ${limit}`.execute(db);
      return rows.map((row): FailedJob => ({
        id: `${row.name}/${row.id}`,
        kind: row.name,
        key: row.singleton_key ?? "",
        attempts: Number(row.retry_count) + 1,
        lastError: row.message,
        createdAt: new Date(row.created_on).getTime(),
        failedAt: row.completed_on ? new Date(row.completed_on).getTime() : null,
      }));
    },
    async retry(id) {
      // Our ids for failed jobs are "<kind>/<uuid>": pg-boss keys a job by both.
      const match = /^([\w-]{1,100})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(id);
      if (!match || !(await bossTablesExist(db))) return false;
      const result = await sql`
        update pgboss.job set state = 'retry', retry_count = 0, started_on = null, completed_on = null, output = null,
          start_after = now(), keep_until = now() + interval '14 days'
        where name = ${match[1]} and id = ${match[2]}::uuid and state = 'failed'`.execute(db);
      return Number(result.numAffectedRows ?? 0) === 1;
    },
    async removeForUser(userId, within) {
      // Rows left in our own table from before pg-boss (failed ones stay there).
      await within.deleteFrom("alert_job").where("user_id", "=", userId).execute();
      if (!(await bossTablesExist(within))) return;
      for (const table of [sql.raw("pgboss.job"), sql.raw("pgboss.archive")]) {
        await sql`
          delete from ${table} where data->>'userId' = ${userId}
            or data->'payload'->>'listingId' in (select id from listing where seller_id = ${userId})`.execute(within);
      }
    },
    async stats() {
      if (!(await bossTablesExist(db))) return { queued: 0, oldestAgeSeconds: 0, failed: 0 };
      const { rows } = await sql<{ queued: string; oldest: number | null; failed: string }>`
        select count(*) filter (where state < 'active') as queued,
          extract(epoch from now() - min(start_after) filter (where state < 'active' and start_after <= now()))::float8 as oldest,
          count(*) filter (where state = 'failed') as failed
        from pgboss.job where state < 'active' or state = 'failed'`.execute(db);
      const row = rows[0];
      return {
        queued: Number(row?.queued ?? 0),
        oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)),
        failed: Number(row?.failed ?? 0),
      };
    },
  };
}
