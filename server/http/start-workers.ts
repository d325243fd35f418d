/**
 * Several server processes on one port, so one machine's cores all render pages (decision 017).
 * Node's cluster module hands each connection to one of them. The first worker starts alone and
 * migrates the database; the others start once it listens. A worker that dies later is replaced;
 * one that cannot start at all stops the whole server (as a single process would exit). SIGTERM
 * and SIGINT reach every worker, which drain their requests as a single process does; the primary
 * exits 0 once they all have.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "../logger";

/** A worker replaced more often than this within a minute points at a fault, not bad luck. */
const MAX_RESTARTS_PER_MINUTE = 10;

/** Beyond a worker's own bound (SHUTDOWN_GRACE_MS, then 1.5 s to close the database): for a worker stuck outside JavaScript. */
const STOP_MARGIN_MS = 3_000;

export function startWorkers(options: {
  count: number;
  heapMb: number;
  semiSpaceMb: number;
  /** SHUTDOWN_GRACE_MS: how long a worker drains before it exits anyway. */
  graceMs: number;
  logger: Logger;
}): void {
  const { count, logger } = options;
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS, options) });
  process.env.MALLOC_ARENA_MAX ??= "2";
  let stopping = false;
  const restarts: number[] = [];

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const onExit = (code: number | null) =>
        reject(new Error(`worker ${worker.process.pid} exited with code ${code} before it was ready`));
      worker.once("exit", onExit);
      worker.once("listening", () => {
        worker.off("exit", onExit);
        worker.once("exit", (code, signal) => replace(worker, code, signal));
        resolve(worker);
      });
    });

  const replace = (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      logger.fatal({ restarts: restarts.length }, "workers keep dying; stopping");
      return stop("too many restarts", 1);
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a worker died; starting another");
    fork().catch((error: unknown) => {
      logger.fatal({ err: error }, "a replacement worker could not start");
      stop("worker start-up failed", 1);
    });
  };

  const stop = (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "stopping every worker");
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (!workers.length) process.exit(exitCode);
    let left = workers.length;
    for (const worker of workers) {
      worker.once("exit", () => {
        if (--left === 0) process.exit(exitCode);
      });
      worker.process.kill("SIGTERM");
    }
    // Each worker bounds its own drain; a worker that still has not exited cannot, so it is killed.
    setTimeout(() => {
      for (const worker of workers)
        if (worker.process.exitCode === null && worker.process.signalCode === null) {
          logger.error({ pid: worker.process.pid }, "a worker did not stop in time; killing it");
          worker.process.kill("SIGKILL");
        }
    }, options.graceMs + STOP_MARGIN_MS).unref();
  };
  // Kept (not `once`): a second signal (Ctrl-C pressed again, or the group signalled as well as
  // this process) must not kill the primary while its workers drain.
  process.on("SIGTERM", () => stop("SIGTERM", 0));
  process.on("SIGINT", () => stop("SIGINT", 0));

  // The first worker migrates the database; the rest would only wait for its lock (PostgreSQL) or
  // race it (SQLite), so they start after it listens.
  fork()
    .then(() => Promise.all(Array.from({ length: count - 1 }, fork)))
    .then(() => logger.info({ workers: count }, "all workers are serving"))
    .catch((error: unknown) => {
      logger.fatal({ err: error }, "Mandi could not start");
      stop("start-up failed", 1);
    });
}

/**
 * What keeps a worker within its memory budget (issue 27): a V8 heap limit, so the heap is
 * collected instead of growing with the machine's memory (decision 035); a small young generation,
 * which V8 otherwise lets take 32 MB a worker outside that limit (decision 041); and (set by
 * startWorkers) two malloc arenas, so the native memory freed by libuv's threads (compression,
 * hashing, photos) can be reused instead of piling up in an arena per thread. A flag the operator
 * gave in NODE_OPTIONS or on the command line wins, as does their MALLOC_ARENA_MAX.
 */
export function workerExecArgv(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
  limits: { heapMb: number; semiSpaceMb: number },
): string[] {
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)];
  // Node takes a flag with dashes or underscores alike.
  const has = (flag: string) => given.some((arg) => arg.replaceAll("_", "-").startsWith(flag));
  return [
    ...execArgv,
    ...(has("--max-old-space-size") ? [] : [`--max-old-space-size=${limits.heapMb}`]),
    ...(has("--max-semi-space-size") ? [] : [`--max-semi-space-size=${limits.semiSpaceMb}`]),
  ];
}
