/**
 * Background jobs (decision 022): one interface, two drivers.
 *   - sql-job-queue.ts: the job table in our own database, the row's lease as the lock. The
 *     default on SQLite (and usable on PostgreSQL): runs inside the app's processes.
 *   - pg-boss-queue.ts: pg-boss on PostgreSQL, where several instances share the work.
 * Every job has a key: enqueueing a key twice makes one job. Handlers must be safe to run again
 * (a process killed mid-job runs it again once its lease ends).
 */
export interface JobOptions {
  /** One job per key, however often it is enqueued. */
  key: string;
  /** Not before this time (epoch ms). */
  runAt?: number;
  /** Whose job this is (account deletion removes a person's queued jobs). */
  userId?: string;
}

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

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
  enqueue(kind: string, payload: Record<string, unknown>, options: JobOptions): Promise<void>;
  /** Registers what runs a kind of job (before start). */
  handle(kind: string, handler: JobHandler): void;
  /** Starts taking jobs in the background. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for those running. */
  stop(): Promise<void>;
  /** Runs every job due now, in this process, and returns how many ran (tests, scripts). */
  runDue(): Promise<number>;
  /** Jobs that failed every attempt, newest first (the back office shows them). */
  listFailed(limit: number): Promise<FailedJob[]>;
  /** Queues a failed job again, from now. */
  retry(id: string): Promise<boolean>;
}

/** Attempts before a job is kept as failed. */
export const MAX_JOB_ATTEMPTS = 6;

/** Wait before attempt n+1 (after n failures): 5 s, 20 s, 80 s, … at most an hour, ±20 %. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(5_000 * 4 ** Math.max(failures - 1, 0), 3_600_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}
