/**
 * `npm run build && npm run bench:http [-- --listings 100000 --duration 10 --rates 50,200]`
 * Starts the production server on a synthetic marketplace (SQLite, or DATABASE_URL's
 * PostgreSQL) and a bare node:http hello-world, then drives each with autocannon: at fixed
 * request rates (latency under a steady load) and flat out (throughput, as a ratio of the
 * hello-world's, measured in the same run on the same machine). Prints one table.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openMarketplace } from "./marketplace";
import { argument, ms, printTable, waitFor } from "./measure";

const listings = Number(argument("listings", "100000"));
const duration = Number(argument("duration", "10"));
const rates = argument("rates", "50,200").split(",").map(Number);
const connections = Number(argument("connections", "10"));
// 4190 is on the fetch standard's blocked-port list (sieve), so not that one.
const APP_PORT = 4192;
const HELLO_PORT = 4193;

if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const url = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
const market = await openMarketplace({ listings, url });
const someListing = await market.db.kysely.selectFrom("listing").select("id").orderBy("created_at", "desc").executeTakeFirstOrThrow();
await market.db.close();

const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-http-"));
const children: ChildProcess[] = [];
function start(args: string[], env: Record<string, string>): void {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  children.push(child);
}

try {
  start(["build/server/index.js"], {
    NODE_ENV: "production",
    PORT: String(APP_PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: market.url,
    LOG_LEVEL: "warn",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  });
  start(["-e", `require("node:http").createServer((req, res) => res.end("hello")).listen(${HELLO_PORT}, "127.0.0.1")`], {});
  const app = `http://127.0.0.1:${APP_PORT}`;
  await Promise.all([waitFor(`${app}/healthz`), waitFor(`http://127.0.0.1:${HELLO_PORT}/`)]);

  const targets: Array<[string, string]> = [
    ["node:http hello-world (baseline)", `http://127.0.0.1:${HELLO_PORT}/`],
    ["GET /", `${app}/`],
    ["GET /viewmore?q=onion", `${app}/viewmore?q=onion`],
    ["GET /view/:id", `${app}/view/${someListing.id}`],
    ["GET /api/suggestions?q=ba", `${app}/api/suggestions?q=ba`],
  ];
  console.log(
    `\nMarketplace: ${market.listings.toLocaleString("en-IN")} listings (${url ? "PostgreSQL" : "SQLite"}); ` +
      `${connections} connections, ${duration} s per run\n`,
  );
  const rows: string[][] = [];
  let helloMax = 0;
  for (const [name, target] of targets) {
    await autocannon({ url: target, connections, duration: 2 }); // warm-up
    for (const rate of [...rates, 0]) {
      const result = await autocannon({ url: target, connections, duration, ...(rate ? { overallRate: rate } : {}) });
      const throughput = result.requests.average;
      if (!rate && name.startsWith("node:http")) helloMax = throughput;
      rows.push([
        name,
        rate ? `${rate}/s` : "flat out",
        throughput.toFixed(0),
        ms(result.latency.p50),
        ms(result.latency.p99),
        String(result.errors + result.timeouts + result.non2xx),
        rate ? "" : `${((throughput / helloMax) * 100).toFixed(1)}%`,
      ]);
      process.stderr.write(`  done: ${name} at ${rate || "full"} rate\n`);
    }
  }
  printTable(["endpoint", "offered", "req/s", "p50 ms", "p99 ms", "errors", "vs hello-world"], rows);
} finally {
  for (const child of children) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
