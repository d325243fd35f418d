/** Starts the HTTP server and stops it cleanly on SIGTERM / SIGINT. */
import cluster from "node:cluster";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { loadConfig, type Config } from "../config";
import { createServices } from "../services";
import { startUploadExpirySweep } from "../uploads/uploads.service";
import { shareMetricsWithPrimary, startMetricsServer } from "../metrics/metrics-server";
import { startTracing, stopTracing } from "../tracing/tracing";
import { createHttpServer } from "./app";
import { drainUnreadBody } from "./drain-unread-body";

const SHUTDOWN_GRACE_MS = 10_000;
/** How often uploads that never became part of a listing are looked for. */
const UPLOAD_SWEEP_INTERVAL_MS = 15 * 60_000;

export async function startServer(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir?: string;
  devMiddleware?: RequestHandler;
  config?: Config;
}) {
  const config = options.config ?? loadConfig();
  // From the start: the primary asks every worker, one still starting included, at each scrape.
  if (cluster.isWorker) shareMetricsWithPrimary();
  // Traces only when an operator gave a collector; each process sends its own.
  await startTracing({ endpoint: config.tracing.endpoint });
  const services = await createServices(config);
  // In the background: what a crash left behind is no reason to start late.
  services.removePhotoLeftovers().catch((error: unknown) => services.logger.error({ err: error }, "photo leftovers sweep failed"));
  // Listings saved before produce matching existed are read from their names, once, by one worker.
  if (cluster.isPrimary || cluster.worker?.id === 1) {
    services
      .backfillProduce()
      .then(({ done }) => done > 0 && services.logger.info({ listings: done }, "listings matched to produce"))
      .catch((error: unknown) => services.logger.warn({ err: error }, "produce backfill stopped; it resumes at the next start"));
  }
  // Alert matching and mail (decision 022): every process takes jobs; the queue's lock shares them out.
  await services.jobs.start();
  const stopUploadSweep = startUploadExpirySweep(services.uploads, { intervalMs: UPLOAD_SWEEP_INTERVAL_MS, logger: services.logger });
  // Metrics: a worker hands its figures to the primary, which serves them; a single process serves its own.
  const metricsServer = config.metrics && !cluster.isWorker ? startMetricsServer({ ...config.metrics, aggregate: false, logger: services.logger }) : null;
  // Load shedding decides in the server's own request listener, before Express (decision 038).
  const server = createHttpServer({ services, build: options.build, clientDir: options.clientDir, devMiddleware: options.devMiddleware });
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

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.logger.info({ signal }, "shutting down");
    stopUploadSweep();
    metricsServer?.close();
    const force = setTimeout(() => {
      services.logger.warn("requests still running after the grace period; closing them");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      Promise.all([services.close(), stopTracing()])
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          services.logger.error({ err: error }, "error while closing");
          process.exit(1);
        });
    });
    // Keep-alive connections become idle as their last response ends: close them as they do,
    // rather than waiting for each client to hang up.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  // A worker whose primary is gone (killed, say) stops too, rather than serving on unmanaged.
  if (cluster.isWorker) process.once("disconnect", () => shutdown("primary gone"));
  return { server, services };
}
