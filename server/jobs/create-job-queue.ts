/** Picks the job driver: pg-boss on PostgreSQL, our own job table on SQLite (decision 022). */
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import type { JobQueue } from "./job-queue";
import { createSqlJobQueue } from "./sql-job-queue";

export async function createJobQueue(deps: { config: Config; db: Db; logger: Logger; now?: () => number }): Promise<JobQueue> {
  return createSqlJobQueue({ db: deps.db.kysely, logger: deps.logger, pollMs: deps.config.alerts.jobPollMs, now: deps.now });
}
