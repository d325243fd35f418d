/**
 * Picks the job driver (decision 028): pg-boss on PostgreSQL, so several instances share the work;
 * our own job table on SQLite, where the database file is the lock. JOB_DRIVER=sql keeps our own
 * table on PostgreSQL too (an escape hatch, should pg-boss's schema be unwelcome).
 */
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import { watchJobs } from "../metrics/metrics";
import type { JobQueue } from "./job-queue";
import { createSqlJobQueue } from "./sql-job-queue";

const STATS_FRESH_MS = 5_000;

export async function createJobQueue(deps: { config: Config; db: Db; logger: Logger; now?: () => number }): Promise<JobQueue> {
  const { config } = deps;
  const queue =
    deps.db.dialect === "postgres" && config.jobs.driver === "auto"
      ? // Loaded only here: a SQLite instance never holds pg-boss in memory (decision 035).
        (await import("./pg-boss-queue")).createPgBossQueue({
          connectionString: config.databaseUrl,
          db: deps.db.kysely,
          logger: deps.logger,
          pollMs: config.alerts.jobPollMs,
          timeouts: config.databaseTimeouts,
          leaseMs: config.jobs.leaseMs,
          now: deps.now,
        })
      : createSqlJobQueue({
          db: deps.db.kysely,
          logger: deps.logger,
          pollMs: config.alerts.jobPollMs,
          leaseMs: config.jobs.leaseMs,
          now: deps.now,
        });
  // The queue's gauges (queued, oldest, failed) are read from the latest queue made in this
  // process; three gauges ask at each scrape, so one answer serves a few seconds.
  let cached: { at: number; stats: ReturnType<JobQueue["stats"]> } | null = null;
  watchJobs(() => {
    if (cached && Date.now() - cached.at < STATS_FRESH_MS) return cached.stats;
    const stats = queue.stats();
    cached = { at: Date.now(), stats };
    stats.catch(() => (cached = null));
    return stats;
  });
  return queue;
}
