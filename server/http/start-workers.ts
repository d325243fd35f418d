/**
 * Several server processes on one port, so one machine's cores all render pages (decision 017).
 * Node's cluster module hands each connection to one of them. The first worker starts alone and
 * migrates the database; the others start once it listens. A worker that dies later is replaced;
 * one that cannot start at all stops the whole server (as a single process would exit). SIGTERM
 * and SIGINT reach every worker, which drain their requests as a single process does.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "../logger";

/** A worker replaced more often than this within a minute points at a fault, not bad luck. */
const MAX_RESTARTS_PER_MINUTE = 10;

export function startWorkers(options: { count: number; heapMb: number; logger: Logger }): void {
  const { count, logger } = options;
  limitWorkerMemory(options.heapMb);
  let stopping = false;
  const restarts: number[] = [];

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const onExit = (code: number | null) => reject(new Error(`worker ${worker.process.pid} exited with code ${code} before it was ready`));
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
  };
  process.once("SIGTERM", () => stop("SIGTERM", 0));
  process.once("SIGINT", () => stop("SIGINT", 0));

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
 * What keeps a worker within its memory budget (issue 27, decision 035): a V8 heap limit, so the
 * heap is collected instead of growing with the machine's memory, and two malloc arenas, so the
 * native memory freed by libuv's threads (compression, hashing, photos) can be reused instead of
 * piling up in an arena per thread. A limit the operator gave in NODE_OPTIONS or on the command
 * line wins, as does their MALLOC_ARENA_MAX.
 */
function limitWorkerMemory(heapMb: number): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((flag) => flag.startsWith("--max-old-space-size"));
  if (!given) cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-old-space-size=${heapMb}`] });
  process.env.MALLOC_ARENA_MAX ??= "2";
}
