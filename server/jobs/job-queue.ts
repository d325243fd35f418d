/**
 * Background jobs (decisions 022 and 028): one interface, two drivers, picked by
 * create-job-queue.ts.
 *   - sql-job-queue.ts: the job table in our own database, the row's lease as the lock. The
 *     driver on SQLite (and on PostgreSQL with JOB_DRIVER=sql): runs inside the app's processes.
 *   - pg-boss-queue.ts: pg-boss on PostgreSQL, where several instances share the work.
 * Both run handlers through job-runner.ts (metrics, logging). Every job has a key: enqueueing a
 * key twice makes one job while the first is kept (KEEP_DONE_MS after it finished). That is not
 * what keeps an alert from going out twice: a process killed mid-job runs the job again once its
 * lease ends, so handlers must be safe to run again, and they are, by their marks in the database
 * (alert_match's unique pair, emailed_at, pushed_at).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { JobStats } from "../metrics/metrics";
import type { AnyJob, JobDepsArgs, JobPayload } from "./define-job";

export type { JobStats };
export interface JobOptions {
  /** One job per key, however often it is enqueued. */
  key: string;
  /** Not before this time (epoch ms). */
  runAt?: number;
  /** Whose job this is (account deletion removes a person's queued jobs). */
  userId?: string;
}

/** One job to queue, as enqueueMany takes them. */
export interface QueuedJob<Payload> {
  payload: Payload;
  options: JobOptions;
}

export interface FailedJob {
  id: string;
  kind: string;
  key: string;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  failedAt: number | null;
}

export interface JobQueue {
  readonly driver: "sql" | "pg-boss";
  /** A job of this kind (define-job.ts), its payload as the kind's schema takes it. */
  enqueue<Job extends AnyJob>(job: Job, payload: JobPayload<Job>, options: JobOptions): Promise<void>;
  /**
   * Many jobs of one kind at once, each as enqueue would make it (a key already queued is left as
   * it was), in a few statements rather than one each: a listing that matches hundreds of saved
   * searches queues their mail and push jobs this way (decision 030). `within`: a transaction of
   * the same database to queue them in (matching records a listing's matches and queues their
   * jobs in one, so a process killed half-way leaves all or none of them); a rollback queues none.
   */
  enqueueMany<Job extends AnyJob>(job: Job, jobs: ReadonlyArray<QueuedJob<JobPayload<Job>>>, within?: Kysely<Database>): Promise<void>;
  /**
   * Runs jobs of this kind with its handler, given `deps` (before start). Each stored payload is
   * parsed with the kind's schema first: one that does not fit fails the attempt, as a thrown
   * error does (retried, then kept as failed).
   */
  handle<Job extends AnyJob>(job: Job, ...deps: JobDepsArgs<Job>): void;
  /** Starts taking jobs in the background. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for those running. */
  stop(): Promise<void>;
  /** Runs every job due now, in this process, and returns how many ran (tests, scripts). */
  runDue(): Promise<number>;
  /** Jobs that failed every attempt, newest first (the back office shows them). */
  listFailed(limit: number): Promise<FailedJob[]>;
  /** Queues a failed job again, from now, with every attempt again. */
  retry(id: string): Promise<boolean>;
  /**
   * Removes a person's jobs (account deletion, decision 012): those enqueued with their userId and
   * those naming one of their listings (payload.listingId). Runs inside the deletion's
   * transaction, before their listings go.
   */
  removeForUser(userId: string, within: Kysely<Database>): Promise<void>;
  /** Queued, oldest due and failed jobs, for the metrics. */
  stats(): Promise<JobStats>;
}

/** How long a job may run before another worker may take it (a killed process's job runs again after this). */
export const LEASE_MS = 60_000;
/** Finished jobs are forgotten after this long (their keys may then be used again). */
export const KEEP_DONE_MS = 7 * 86_400_000;
/** Failed jobs stay on the back office's page this long, unless retried. */
export const KEEP_FAILED_MS = 30 * 86_400_000;

/** Attempts before a job is kept as failed. */
export const MAX_JOB_ATTEMPTS = 6;

/** Wait before attempt n+1 (after n failures), in both drivers: 5 s, 20 s, 80 s, … at most an hour, ±20 %. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(5_000 * 4 ** Math.max(failures - 1, 0), 3_600_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}
