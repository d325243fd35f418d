/** Starts the HTTP server and stops it cleanly on SIGTERM / SIGINT. */
import cluster from "node:cluster";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { configWarnings, prepareDataDir, type Config } from "../config";
import { createServices } from "../services";
import { startUploadExpirySweep } from "../uploads/uploads.service";
import { shareMetricsWithPrimary, startMetricsServer } from "../metrics/metrics-server";
import { startTracing, stopTracing } from "../tracing/tracing";
import { createHttpServer } from "./app";
import { drainUnreadBody } from "./drain-unread-body";
import { createWorkInHand } from "./work-in-hand";

/** After the grace period, how long closing the database may take before the process exits regardless. */
const CLOSE_BOUND_MS = 1_500;
/** How often uploads that never became part of a listing are looked for. */
const UPLOAD_SWEEP_INTERVAL_MS = 15 * 60_000;

export async function startServer(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  devMiddleware?: RequestHandler;
  config?: Config;
}) {
  const config = options.config ?? prepareDataDir();
  // From the start: the primary asks every worker, one still starting included, at each scrape.
  if (cluster.isWorker) shareMetricsWithPrimary();
  // Traces only when an operator gave a collector; each process sends its own.
  await startTracing({ endpoint: config.tracing.endpoint });
  const services = await createServices(config);
  // In the background: what a crash left behind is no reason to start late.
  services.removePhotoLeftovers().catch((error: unknown) => services.logger.error({ err: error }, "photo leftovers sweep failed"));
  // Said once, by one worker: settings to change, then listings saved before produce matching
  // existed, read from their names.
  if (cluster.isPrimary || cluster.worker?.id === 1) {
    for (const warning of configWarnings(config)) services.logger.warn(warning);
    services
      .backfillProduce()
      .then(({ done }) => done > 0 && services.logger.info({ listings: done }, "listings matched to produce"))
      .catch((error: unknown) => services.logger.warn({ err: error }, "produce backfill stopped; it resumes at the next start"));
  }
  // Alert matching and mail (decision 022): every process takes jobs; the queue's lock shares them out.
  await services.jobs.start();
  const stopUploadSweep = startUploadExpirySweep(services.uploads, { intervalMs: UPLOAD_SWEEP_INTERVAL_MS, logger: services.logger });
  // Metrics: a worker hands its figures to the primary, which serves them; a single process serves its own.
  const metricsServer =
    config.metrics && !cluster.isWorker ? startMetricsServer({ ...config.metrics, aggregate: false, logger: services.logger }) : null;
  // Load shedding decides in the server's own request listener, before Express (decision 038).
  // What a shutdown waits for: each request until its work has ended (work-in-hand.ts).
  const work = createWorkInHand();
  const server = createHttpServer({
    services,
    build: options.build,
    clientDir: options.clientDir,
    devMiddleware: options.devMiddleware,
    work,
  });
  const cannotListen = (error: Error) => {
    services.logger.fatal({ err: error }, `cannot listen on ${config.host}:${config.port}`);
    process.exit(1);
  };
  server.once("error", cannotListen);
  server.listen(config.port, config.host, () => {
    server.off("error", cannotListen);
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    services.logger.info(`Mandi is ready at http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`);
  });
  server.keepAliveTimeout = 65_000;
  // Every response, whichever part of the app sent it, leaves the connection ready for the next request.
  server.on("request", drainUnreadBody);

  // On the way out: nothing new starts; what is running gets SHUTDOWN_GRACE_MS to end (each
  // request until its work has ended, not until its connection closed, and the jobs running),
  // and only then is the database closed: a query that met a closed database was an error in the
  // log and, for a form, work lost (decision 038).
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.logger.info({ signal }, "shutting down");
    stopUploadSweep();
    metricsServer?.close();
    // A request on a connection still open is answered 503 and its connection closed.
    work.stop();
    // The queue takes no more jobs; those running are waited for.
    let jobsRunning = true;
    const jobsStopped = services.jobs
      .stop()
      .catch((error: unknown) => services.logger.warn({ err: error }, "job queue did not stop cleanly"))
      .finally(() => (jobsRunning = false));
    let connectionsOpen = true;
    const connectionsClosed = new Promise<void>((resolve) => server.close(() => resolve())).finally(() => (connectionsOpen = false));
    // Keep-alive connections become idle as their last response ends: close them as they do,
    // rather than waiting for each client to hang up.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    const ended = Promise.all([connectionsClosed, work.idle(), jobsStopped]);
    void settlesWithin(ended, config.shutdownGraceMs).then(async (inTime) => {
      if (!inTime) {
        const { requests, handlers } = work.counts();
        const running = [
          requests && `${requests} request(s)`,
          handlers && `${handlers} request handler(s), loader(s) or action(s)`,
          jobsRunning && "a job",
          connectionsOpen && !requests && "open connection(s)",
        ].filter(Boolean);
        services.logger.warn(
          { requests, handlers, jobs: jobsRunning, graceMs: config.shutdownGraceMs },
          `still running after the grace period: ${running.join(", ")}; closing anyway`,
        );
        server.closeAllConnections();
      }
      // Bounded too: a pool waits for its connections in use (a query still waiting for a lock).
      const closing = Promise.all([services.close(), stopTracing()]);
      const closed = await settlesWithin(closing, CLOSE_BOUND_MS).catch((error: unknown) => {
        services.logger.error({ err: error }, "error while closing");
        return null;
      });
      if (closed === false) services.logger.error(`the database did not close within ${CLOSE_BOUND_MS} ms; exiting anyway`);
      process.exit(closed ? 0 : 1);
    });
  };
  // Kept (not `once`): a second signal must not kill a draining process. Under `npm start` a
  // worker gets the signal twice when the whole process group is signalled (Ctrl-C, systemd's
  // control group): once itself, once forwarded by the primary.
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A worker whose primary is gone (killed, say) stops too, rather than serving on unmanaged.
  if (cluster.isWorker) process.once("disconnect", () => shutdown("primary gone"));
  return { server, services };
}

/** True when `work` resolves within `ms`, false when the time runs out first; rejects with it. */
function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([work.then(() => true), timeout]).finally(() => clearTimeout(timer));
}
