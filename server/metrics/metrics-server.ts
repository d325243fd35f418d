/**
 * The Prometheus scrape endpoint (decision 025): GET /metrics on its own port, never the public
 * one, on this machine unless a bearer token guards it. With several workers it runs in the
 * primary and adds up every worker's figures (prom-client's cluster aggregator).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { AggregatorRegistry } from "prom-client";
import type { Logger } from "../logger";
import { collectProcessMetrics, registry } from "./metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Workers: answer the primary's requests for this process's figures. */
export function shareMetricsWithPrimary(): void {
  collectProcessMetrics();
  // Constructing one adds the workers' listener; it then reads the registries set here.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** `aggregate`: this is the primary of several workers, and reports theirs; else this process's own. */
export function startMetricsServer(options: {
  port: number;
  host: string;
  token: string | undefined;
  aggregate: boolean;
  logger: Logger;
}): Server {
  const aggregator = options.aggregate ? new AggregatorRegistry() : null;
  if (!aggregator) collectProcessMetrics();
  const expected = options.token ? digest(`Bearer ${options.token}`) : null;

  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found. Metrics are at /metrics.");
      return;
    }
    if (expected) {
      const sent = req.headers.authorization;
      if (typeof sent !== "string" || !timingSafeEqual(digest(sent), expected)) {
        res
          .writeHead(401, { "Content-Type": "text/plain", "WWW-Authenticate": 'Bearer realm="metrics"' })
          .end("A valid bearer token is needed.");
        return;
      }
    }
    const read = aggregator ? aggregator.clusterMetrics() : registry.metrics();
    read.then(
      (text) =>
        res
          .writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" })
          .end(req.method === "HEAD" ? undefined : text),
      (error: unknown) => {
        options.logger.warn({ err: error }, "metrics could not be gathered");
        res.writeHead(503, { "Content-Type": "text/plain", "Retry-After": "5" }).end("Metrics are not available just now.");
      },
    );
  });
  server.listen(options.port, options.host, () => options.logger.info(`Metrics at http://${options.host}:${options.port}/metrics`));
  server.on("error", (error) => options.logger.error({ err: error }, "the metrics server could not start"));
  return server;
}
