/**
 * What an operator graphs (issue 27, decision 025), in the Prometheus format with prom-client.
 * One registry per process; with several workers the primary asks each for its figures and adds
 * them up (prom-client's cluster aggregator), so one scrape sees the whole instance.
 *
 * Labels take only values from short fixed sets (a route *template*, a method from a list, a
 * status class, a cache result), never anything a client typed, so fuzzing cannot grow them, and
 * never anything personal.
 */
import cluster from "node:cluster";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();

let defaultsCollected = false;
/** Node's own figures (RSS, heap, event-loop lag, GC), once per process, labelled by worker so workers stay apart. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry, prefix: "mandi_", labels: { worker: String(cluster.worker?.id ?? 0) } });
}

/** Seconds: from 5 ms (a cached page) to 10 s (far past any budget). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new Histogram({
  name: "mandi_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by route template, method and status class.",
  labelNames: ["route", "method", "status_class"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const pageCacheResults = new Counter({
  name: "mandi_page_cache_requests_total",
  help: "Pages answered by the page cache: hit (fresh), stale (served while a newer copy renders), shared (joined a render in progress), miss (rendered).",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const requestsShed = new Counter({
  name: "mandi_requests_shed_total",
  help: "Page requests answered 503 by load shedding: queue_full, standing_queue, waited_too_long, or background (a phone's offline save, turned away while the server is busy).",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const pageQueueWait = new Histogram({
  name: "mandi_page_queue_wait_seconds",
  help: "Time a page request waited in line for a render slot (0 when there was a free one).",
  buckets: [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2],
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: "mandi_db_query_duration_seconds",
  help: "Time of each database query, by kind of statement.",
  labelNames: ["statement"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

export const repositoryCallDuration = new Histogram({
  name: "mandi_repository_call_duration_seconds",
  help: "Time of each repository call (its queries and the work between them), by repository function.",
  labelNames: ["function"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

export const unavailableEvents = new Counter({
  name: "mandi_unavailable_total",
  help: "Failures because a service outside the process did not answer (database, photo storage), SQLite lock waits that ran out included.",
  labelNames: ["component"] as const,
  registers: [registry],
});

export const photoBytesStored = new Counter({
  name: "mandi_photo_bytes_stored_total",
  help: "Bytes of photo variants written to photo storage (local folder or S3).",
  labelNames: ["driver"] as const,
  registers: [registry],
});

export const imagePipelineDuration = new Histogram({
  name: "mandi_image_pipeline_duration_seconds",
  help: "Time to turn one uploaded photo into its WebP variants, by outcome (ok or refused).",
  labelNames: ["outcome"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  registers: [registry],
});

export const shareCardRenders = new Counter({
  name: "mandi_share_card_renders_total",
  help: "Listing preview cards drawn, by who asked: saved (the job after a listing's save) or request (a card asked for before it was made).",
  labelNames: ["by"] as const,
  registers: [registry],
});

export const uploadRequestsInFlight = new Gauge({
  name: "mandi_upload_requests_in_flight",
  help: "Resumable-upload (tus) requests being answered right now: a photo's chunks arriving.",
  registers: [registry],
});

/** PostgreSQL pool figures, read at scrape time from whatever pools registered. */
const pools: Array<() => { total: number; idle: number; waiting: number }> = [];
export function watchPool(read: () => { total: number; idle: number; waiting: number }): void {
  pools.push(read);
}
new Gauge({
  name: "mandi_db_pool_connections",
  help: "PostgreSQL pool connections: in_use, idle, and requests waiting for one.",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    let inUse = 0;
    let idle = 0;
    let waiting = 0;
    for (const read of pools) {
      const figures = read();
      inUse += figures.total - figures.idle;
      idle += figures.idle;
      waiting += figures.waiting;
    }
    if (pools.length) {
      this.set({ state: "in_use" }, inUse);
      this.set({ state: "idle" }, idle);
      this.set({ state: "waiting" }, waiting);
    }
  },
});

/** Background jobs (decision 028): each attempt's outcome and time, by kind (a fixed set in our code). */
export const jobsRun = new Counter({
  name: "mandi_jobs_total",
  help: "Job attempts by kind and outcome: done, retry (failed, will run again) or failed (no attempts left).",
  labelNames: ["kind", "outcome"] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: "mandi_job_duration_seconds",
  help: "Time of one job attempt, by kind.",
  labelNames: ["kind"] as const,
  buckets: [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 30, 60],
  registers: [registry],
});

export interface JobStats {
  /** Waiting to run (due or not). */
  queued: number;
  /** Seconds the longest-waiting due job has waited; 0 when none is due. */
  oldestAgeSeconds: number;
  /** Failed every attempt, kept for the back office. */
  failed: number;
}

/**
 * The queue's figures are the database's, the same in every process: read at scrape time (cached
 * a few seconds by the reader), and the largest, not the sum, when the primary adds up its workers.
 */
let readJobStats: (() => Promise<JobStats>) | null = null;
const JOB_STATS_WAIT_MS = 1_000;
export function watchJobs(read: () => Promise<JobStats>): void {
  readJobStats = read;
}
const jobGauges = [
  ["mandi_jobs_queued", "Jobs waiting to run.", "queued"],
  ["mandi_jobs_oldest_age_seconds", "Seconds the longest-waiting due job has waited.", "oldestAgeSeconds"],
  ["mandi_jobs_failed", "Jobs that failed every attempt (the back office's Failed jobs page).", "failed"],
] as const;
for (const [name, help, field] of jobGauges) {
  new Gauge({
    name,
    help,
    aggregator: "max",
    registers: [registry],
    async collect() {
      if (!readJobStats) return;
      // A slow or unavailable database leaves the figure out of this scrape rather than failing it
      // (the primary gives each worker 5 s to answer).
      const stats = await Promise.race([
        readJobStats().catch(() => null),
        new Promise<null>((resolve) => setTimeout(resolve, JOB_STATS_WAIT_MS, null).unref()),
      ]);
      if (stats) this.set(stats[field]);
    },
  });
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** A method from the list, else "other": a client may send any token as a method. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "other";
}

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** A statement's kind from its first word: select, insert, update, delete, or other. */
export function statementLabel(sql: string): string {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  return word === "select" || word === "insert" || word === "update" || word === "delete" || word === "with" ? word : "other";
}
