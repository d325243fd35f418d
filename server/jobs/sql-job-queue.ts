/**
 * The job queue in our own database (alert_job, migration 0016): the SQLite driver, and a
 * fallback on PostgreSQL. A job is taken by one conditional UPDATE that sets its lease
 * (`locked_until`), so two workers or processes never run it at once; one killed mid-job leaves
 * a lease that runs out, and the job runs again. Unique `dedupe_key`: a key is one job.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { backoffMs, MAX_JOB_ATTEMPTS, type FailedJob, type JobHandler, type JobQueue } from "./job-queue";

/** How long a job may run before another worker may take it. */
const LEASE_MS = 60_000;
/** Jobs taken per look. */
const BATCH = 20;
/** Finished jobs are forgotten after this long (their keys may then be used again). */
const KEEP_DONE_MS = 7 * 86_400_000;

export function createSqlJobQueue(deps: { db: Kysely<Database>; logger: Logger; pollMs: number; now?: () => number; leaseMs?: number }): JobQueue {
  const { db, logger } = deps;
  const now = deps.now ?? Date.now;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const handlers = new Map<string, JobHandler>();
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
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(JSON.parse(job.payload) as Record<string, unknown>);
      await db.updateTable("alert_job").set({ state: "done", finished_at: now(), locked_until: null, last_error: null }).where("id", "=", job.id).execute();
    } catch (error) {
      const attempts = job.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const failed = attempts >= MAX_JOB_ATTEMPTS;
      logger.warn({ err: error, jobId: job.id, kind: job.kind, attempts }, failed ? "job failed for good" : "job failed; will retry");
      await db
        .updateTable("alert_job")
        .set({ state: failed ? "failed" : "queued", run_at: now() + backoffMs(attempts), locked_until: null, last_error: message.slice(0, 1000), finished_at: failed ? now() : null })
        .where("id", "=", job.id)
        .execute();
    }
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

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .then(() => db.deleteFrom("alert_job").where("state", "=", "done").where("finished_at", "<", now() - KEEP_DONE_MS).execute())
        .catch((error: unknown) => logger.warn({ err: error }, "job queue could not look for jobs"))
        .finally(schedule);
    }, deps.pollMs);
    timer.unref();
  }

  return {
    driver: "sql",
    async enqueue(kind, payload, options) {
      const at = now();
      await db
        .insertInto("alert_job")
        .values({ id: randomUUID(), kind, dedupe_key: options.key, payload: JSON.stringify(payload), user_id: options.userId ?? null, state: "queued", run_at: options.runAt ?? at, attempts: 0, locked_until: null, locked_by: null, last_error: null, created_at: at, finished_at: null })
        .onConflict((oc) => oc.column("dedupe_key").doNothing())
        .execute();
    },
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
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
      const rows = await db.selectFrom("alert_job").selectAll().where("state", "=", "failed").orderBy("finished_at", "desc").limit(limit).execute();
      return rows.map(
        (row): FailedJob => ({ id: row.id, kind: row.kind, key: row.dedupe_key, attempts: Number(row.attempts), lastError: row.last_error, createdAt: Number(row.created_at), failedAt: row.finished_at === null ? null : Number(row.finished_at) }),
      );
    },
    async retry(id) {
      const updated = await db.updateTable("alert_job").set({ state: "queued", run_at: now(), attempts: 0, finished_at: null }).where("id", "=", id).where("state", "=", "failed").executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}
