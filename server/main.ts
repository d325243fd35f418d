/** Production entry, bundled by `react-router build` into build/server/index.js. */
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { ConfigError, loadConfig, prepareDataDir } from "./config";
import { StartupError } from "./db/wait-for-database";
import { startServer } from "./http/start-server";
import { startWorkers } from "./http/start-workers";
import { createLogger } from "./logger";
import { startMetricsServer } from "./metrics/metrics-server";

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

/** What the operator must fix is one clear message; anything else is a bug, with its stack. */
function fail(error: unknown): never {
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
}

let config;
try {
  // Checked (and the auth secret and VAPID pair made) once, before any worker starts.
  config = cluster.isPrimary ? prepareDataDir() : loadConfig();
} catch (error) {
  fail(error);
}
if (cluster.isPrimary && config.workers > 1) {
  const logger = createLogger(config.logLevel);
  startWorkers({
    count: config.workers,
    heapMb: config.workerHeapMb,
    semiSpaceMb: config.workerSemiSpaceMb,
    graceMs: config.shutdownGraceMs,
    logger,
  });
  if (config.metrics) startMetricsServer({ ...config.metrics, aggregate: true, logger });
} else startServer({ build, clientDir, config }).catch(fail);
