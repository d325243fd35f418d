/**
 * The job queue in our own database (alert_job, migration 0016): the SQLite driver, and a
 * fallback on PostgreSQL. A job is taken by one conditional UPDATE that sets its lease
 * (`locked_until`), so two workers or processes never run it at once; one killed mid-job leaves
 * a lease that runs out, and the job runs again. Unique `dedupe_key`: a key is one job.
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { backoffMs, KEEP_DONE_MS, KEEP_FAILED_MS, LEASE_MS, type FailedJob, type JobOptions, type JobQueue } from "./job-queue";
import { createJobRunner } from "./job-runner";
import { timeOrderedId } from "../db/time-ordered-id";

/** Jobs one INSERT of enqueueMany carries: 13 values a row, 6,500 parameters (SQLite allows 32,766, PostgreSQL 65,535). */
export const JOB_ROWS_PER_STATEMENT = 500;

/** Jobs taken per look. */
const BATCH = 20;

export function createSqlJobQueue(deps: {
  db: Kysely<Database>;
  logger: Logger;
  pollMs: number;
  now?: () => number;
  leaseMs?: number;
  /** The wait before a retry (tests: none). */
  backoff?: (failures: number) => number;
  /** Jobs one INSERT of enqueueMany carries (tests: a few, to cross a statement's edge). */
  rowsPerStatement?: number;
}): JobQueue {
  const { db, logger } = deps;
  const now = deps.now ?? Date.now;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const backoff = deps.backoff ?? backoffMs;
  const rowsPerStatement = deps.rowsPerStatement ?? JOB_ROWS_PER_STATEMENT;
  const runner = createJobRunner(logger);
  const me = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function take(id: string, at: number): Promise<boolean> {
    const taken = await db
      .updateTable("alert_job")
      .set((eb) => ({ locked_until: at + leaseMs, locked_by: me, attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .where("state", "=", "queued")
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  async function runOne(job: { id: string; kind: string; payload: string; attempts: number }): Promise<void> {
    const attempt = job.attempts + 1;
    const result = await runner.run({ id: job.id, kind: job.kind, payload: JSON.parse(job.payload) as unknown, attempt });
    if (result.ok) {
      await db
        .updateTable("alert_job")
        .set({ state: "done", finished_at: now(), locked_until: null, last_error: null })
        .where("id", "=", job.id)
        .execute();
      return;
    }
    await db
      .updateTable("alert_job")
      .set({
        state: result.final ? "failed" : "queued",
        run_at: result.final ? now() : now() + backoff(attempt),
        locked_until: null,
        last_error: result.message,
        finished_at: result.final ? now() : null,
      })
      .where("id", "=", job.id)
      .execute();
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const at = now();
      const due = await db
        .selectFrom("alert_job")
        .select(["id", "kind", "payload", "attempts"])
        .where("state", "=", "queued")
        .where("run_at", "<=", at)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
        .orderBy("run_at")
        .limit(BATCH)
        .execute();
      let took = 0;
      for (const job of due) {
        if (!(await take(job.id, at))) continue;
        took++;
        await runOne({ ...job, attempts: Number(job.attempts) });
        ran++;
      }
      if (took === 0) return ran;
    }
  }

  async function forgetOld(): Promise<void> {
    await db
      .deleteFrom("alert_job")
      .where("state", "=", "done")
      .where("finished_at", "<", now() - KEEP_DONE_MS)
      .execute();
    await db
      .deleteFrom("alert_job")
      .where("state", "=", "failed")
      .where("finished_at", "<", now() - KEEP_FAILED_MS)
      .execute();
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .then(() => forgetOld())
        .catch((error: unknown) => logger.warn({ err: error }, "job queue could not look for jobs"))
        .finally(schedule);
    }, deps.pollMs);
    timer.unref();
  }

  function jobRow(kind: string, payload: Record<string, unknown>, options: JobOptions, at: number) {
    return {
      id: timeOrderedId(),
      kind,
      dedupe_key: options.key,
      payload: JSON.stringify(payload),
      user_id: options.userId ?? null,
      state: "queued",
      run_at: options.runAt ?? at,
      attempts: 0,
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: at,
      finished_at: null,
    };
  }

  return {
    driver: "sql",
    async enqueue(job, payload, options) {
      await db
        .insertInto("alert_job")
        .values(jobRow(job.kind, payload, options, now()))
        .onConflict((oc) => oc.column("dedupe_key").doNothing())
        .execute();
    },
    async enqueueMany(job, jobs, within = db) {
      const at = now();
      for (let i = 0; i < jobs.length; i += rowsPerStatement) {
        const rows = jobs.slice(i, i + rowsPerStatement).map((one) => jobRow(job.kind, one.payload, one.options, at));
        await within
          .insertInto("alert_job")
          .values(rows)
          .onConflict((oc) => oc.column("dedupe_key").doNothing())
          .execute();
      }
    },
    handle: runner.handle,
    async start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    runDue,
    async listFailed(limit) {
      const rows = await db
        .selectFrom("alert_job")
        .selectAll()
        .where("state", "=", "failed")
        .orderBy("finished_at", "desc")
        .limit(limit)
        .execute();
      return rows.map((row): FailedJob => ({
        id: row.id,
        kind: row.kind,
        key: row.dedupe_key,
        attempts: Number(row.attempts),
        lastError: row.last_error,
        createdAt: Number(row.created_at),
        failedAt: row.finished_at === null ? null : Number(row.finished_at),
      }));
    },
    async retry(id) {
      const updated = await db
        .updateTable("alert_job")
        .set({ state: "queued", run_at: now(), attempts: 0, finished_at: null })
        .where("id", "=", id)
        .where("state", "=", "failed")
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
    async removeForUser(userId, within) {
      await within.deleteFrom("alert_job").where("user_id", "=", userId).execute();
      // Jobs about a listing name it, not its seller: matching, and the email and push queued for
      // the buyers it matched. Those about the person's listings go too. The payload is our own
      // JSON.stringify (no spaces), read the same way on both engines.
      await within
        .deleteFrom("alert_job")
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("listing")
              .select("listing.id")
              .where("listing.seller_id", "=", userId)
              .where(sql<boolean>`alert_job.payload like ('%"listingId":"' || listing.id || '"%')`),
          ),
        )
        .execute();
    },
    async stats() {
      const at = now();
      const row = await db
        .selectFrom("alert_job")
        .select((eb) => [
          eb.fn.sum<number>(eb.case().when("state", "=", "queued").then(1).else(0).end()).as("queued"),
          eb.fn
            .min<number>(
              eb
                .case()
                .when(eb.and([eb("state", "=", "queued"), eb("run_at", "<=", at)]))
                .then(eb.ref("run_at"))
                .end(),
            )
            .as("oldest"),
          eb.fn.sum<number>(eb.case().when("state", "=", "failed").then(1).else(0).end()).as("failed"),
        ])
        .where("state", "in", ["queued", "failed"])
        .executeTakeFirst();
      const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
      return {
        queued: Number(row?.queued ?? 0),
        oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (at - oldest) / 1000),
        failed: Number(row?.failed ?? 0),
      };
    },
  };
}
