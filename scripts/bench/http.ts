/**
 * `npm run build && npm run bench:http [-- --listings 100000 --duration 10 --rates 50,200 --modes before,after]`
 * Starts the production server on a synthetic marketplace (SQLite, or DATABASE_URL's
 * PostgreSQL) and a bare node:http hello-world, then drives each with autocannon: at fixed
 * request rates (latency under a steady load) and flat out (throughput, as a ratio of the
 * hello-world's, measured in the same run on the same machine). Prints one table.
 *
 * Modes (decision 017), each a fresh server on the same data, one after the other:
 *   before  one process, no page cache (how the server ran before decision 017)
 *   after   `npm start`'s default: a worker per core (--workers), the page cache on
 * "/view/:id, 1,000 listings" cycles through a thousand different listings, so the page cache
 * mostly misses: what rendering costs when every visitor wants another page.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openMarketplace } from "./marketplace";
import { argument, ms, printTable } from "./measure";
import { requireProductionBuild, startHelloWorld, startMarketServer, stopProcess } from "./servers";
import { benchPostgresUrl } from "./bench-database";

const listings = Number(argument("listings", "100000"));
const duration = Number(argument("duration", "10"));
const rates = argument("rates", "50,200").split(",").map(Number);
const connections = Number(argument("connections", "10"));
const modes = argument("modes", "before,after").split(",") as Array<"before" | "after">;
const workers = argument("workers", String(availableParallelism()));
const MODE_ENV: Record<"before" | "after", Record<string, string>> = {
  before: { WEB_CONCURRENCY: "1", PAGE_CACHE_MS: "0" },
  after: { WEB_CONCURRENCY: workers, PAGE_CACHE_MS: "1000" },
};
// 4190 is on the fetch standard's blocked-port list (sieve), so not that one.
const APP_PORT = 4192;
const HELLO_PORT = 4193;

requireProductionBuild();

const url = benchPostgresUrl();
const market = await openMarketplace({ listings, url });
// Listings whose page answers 200 (a hidden one is a 404 to buyers; sold and expired ones still answer).
const viewIds = (await market.db.kysely.selectFrom("listing").select("id").where("hidden_at", "is", null).orderBy("created_at", "desc").limit(1000).execute()).map(
  (row) => row.id,
);
await market.db.close();

const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-http-"));

interface Target {
  name: string;
  url: string;
  /** Cycled through, one after another on each connection. */
  paths?: string[];
}

const rows: string[][] = [];
let helloMax = 0;
async function drive(mode: string, { name, url: target, paths }: Target): Promise<void> {
  const requests = paths?.map((p) => ({ method: "GET" as const, path: p }));
  await autocannon({ url: target, connections, duration: 2, requests }); // warm-up
  for (const rate of [...rates, 0]) {
    const result = await autocannon({ url: target, connections, duration, requests, ...(rate ? { overallRate: rate } : {}) });
    const throughput = result.requests.average;
    if (!rate && !mode) helloMax = throughput;
    rows.push([
      mode ? `${name} (${mode})` : name,
      rate ? `${rate}/s` : "flat out",
      throughput.toFixed(0),
      ms(result.latency.p50),
      ms(result.latency.p99),
      String(result.errors + result.timeouts + result.non2xx),
      rate ? "" : `${((throughput / helloMax) * 100).toFixed(1)}%`,
    ]);
    process.stderr.write(`  done: ${name} ${mode} at ${rate || "full"} rate\n`);
  }
}

const hello = await startHelloWorld(HELLO_PORT);
try {
  console.log(
    `\nMarketplace: ${market.listings.toLocaleString("en-IN")} listings (${url ? "PostgreSQL" : "SQLite"}); ` +
      `${connections} connections, ${duration} s per run; modes: ${modes.join(", ")} (after: ${workers} workers)\n`,
  );
  await drive("", { name: "node:http hello-world (baseline)", url: `http://127.0.0.1:${HELLO_PORT}/` });
  await stopProcess(hello);
  for (const mode of modes) {
    const server = await startMarketServer({ port: APP_PORT, dataDir, databaseUrl: market.url, env: MODE_ENV[mode] });
    try {
      const app = `http://127.0.0.1:${APP_PORT}`;
      // The other workers start once the first listens.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (const target of [
        { name: "GET /", url: `${app}/` },
        { name: "GET /viewmore?q=onion", url: `${app}/viewmore?q=onion` },
        { name: "GET /view/:id", url: `${app}/view/${viewIds[0]}` },
        { name: "GET /view/:id, 1,000 listings", url: app, paths: viewIds.map((id) => `/view/${id}`) },
        { name: "GET /api/suggestions?q=ba", url: `${app}/api/suggestions?q=ba` },
      ]) {
        await drive(mode, target);
      }
    } finally {
      await stopProcess(server);
    }
  }
  printTable(["endpoint", "offered", "req/s", "p50 ms", "p99 ms", "errors", "vs hello-world"], rows);
} finally {
  await stopProcess(hello);
  rmSync(dataDir, { recursive: true, force: true });
}
