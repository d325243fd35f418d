/**
 * `npm run build && npm run bench:http [-- --listings 100000 --duration 10 --rates 50,200 --modes before,after]`
 * `npm run bench:http -- --targets mixed --modes after --connections 20 --rates 0 [--builds /tmp/base-build,build] [--port 4192] [--dir /tmp/mandi-bench]`
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
 *
 * `--targets mixed` (issue 27's throughput budget): pages nobody asked for a moment before, in one
 * rotation shared by all the connections: listing pages spread over the whole table (40%),
 * searches to any page down to the deepest (25%), browsing a category to any page, newest or by
 * price (15%), and suggestions for prefixes of the marketplace's own names (20%), each asking for a
 * compressed answer as a browser does. The sequence is
 * the same (seeded) for every server, so builds compare fairly; the page cache stays on (`npm
 * start`'s default) but sees each address about once. `--builds a,b,…` runs each mode on each
 * build's server in turn (back to back; name one twice to alternate). `--profile DIR` has each
 * server process (each worker) write a V8 CPU profile into DIR when it stops.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openMarketplace } from "./marketplace";
import { argument, ms, printTable } from "./measure";
import { requireProductionBuild, startHelloWorld, startMarketServer, stopProcess } from "./servers";
import { benchPostgresUrl } from "./bench-database";
import { CATEGORY_SLUGS } from "../../core/catalogue/categories";
import { DEEPEST, HINDI, PREFIX_5, TYPOS, WORDS } from "./inputs";

const listings = Number(argument("listings", "100000"));
const duration = Number(argument("duration", "10"));
const rates = argument("rates", "50,200").split(",").map(Number);
const connections = Number(argument("connections", "10"));
const modes = argument("modes", "before,after").split(",") as Array<"before" | "after">;
const workers = argument("workers", String(availableParallelism()));
const targets = argument("targets", "endpoints").split(",");
const builds = argument("builds", "build").split(",");
const dir = argument("dir", "/tmp/mandi-bench");
/** `--profile DIR`: every server process writes a V8 CPU profile there when it stops (node --cpu-prof). */
const profileDir = argument("profile", "");
/** `--page-concurrency N`: the servers' PAGE_CONCURRENCY (0: no load shedding, so every request is a page served). */
const pageConcurrency = argument("page-concurrency", "");
const MODE_ENV: Record<"before" | "after", Record<string, string>> = {
  before: { WEB_CONCURRENCY: "1", PAGE_CACHE_MS: "0" },
  after: { WEB_CONCURRENCY: workers, PAGE_CACHE_MS: "1000" },
};
// 4190 is on the fetch standard's blocked-port list (sieve), so not that one.
const APP_PORT = Number(argument("port", "4192"));
const HELLO_PORT = APP_PORT + 1;

requireProductionBuild();

const url = benchPostgresUrl();
const market = await openMarketplace({ listings, url, dir });
// Listings whose page answers 200 (a hidden one is a 404 to buyers; sold and expired ones still answer).
const viewIds = (
  await market.db.kysely
    .selectFrom("listing")
    .select("id")
    .where("hidden_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(1000)
    .execute()
).map((row) => row.id);
const mixedPaths = targets.includes("mixed") ? await mixedRotation() : [];
await market.db.close();

/** 20,000 addresses in a seeded random order (mulberry32): the same for every server and build. */
async function mixedRotation(): Promise<string[]> {
  let seed = 27;
  const random = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
  const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;
  const stride = Math.max(1, Math.floor(market.listings / 20_000));
  const ids = (
    await market.db.kysely.selectFrom("listing").select("id").where("hidden_at", "is", null).orderBy("created_at", "desc").execute()
  )
    .filter((_, i) => i % stride === 0)
    .map((row) => row.id);
  // Prefixes (2–6 letters) of the words in the marketplace's own names, so suggestions vary as much as pages do.
  const names = await market.db.kysely.selectFrom("listing_name").select("name").orderBy("name").limit(20_000).execute();
  const prefixSet = new Set<string>();
  for (const { name } of names)
    for (const word of name.toLowerCase().split(/\s+/)) for (let n = 2; n <= Math.min(6, word.length); n++) prefixSet.add(word.slice(0, n));
  const prefixes = [...prefixSet, ...TYPOS, ...HINDI];
  const terms = [...PREFIX_5, ...WORDS, ...HINDI];
  const paths: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const roll = random(100);
    if (roll < 40) paths.push(`/view/${pick(ids)}`);
    else if (roll < 65) paths.push(`/viewmore?q=${encodeURIComponent(pick(terms))}&page=${1 + random(DEEPEST)}`);
    else if (roll < 80)
      paths.push(`/viewmore?category=${pick(CATEGORY_SLUGS)}&page=${1 + random(DEEPEST)}${random(2) ? "&sort=price-asc" : ""}`);
    else paths.push(`/api/suggestions?q=${encodeURIComponent(pick(prefixes))}`);
  }
  return paths;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-http-"));

interface Target {
  name: string;
  url: string;
  /** Cycled through, one after another on each connection. */
  paths?: string[];
  /** Taken in turn by whichever connection asks next (one rotation shared by all). */
  shared?: string[];
}

/** One request whose path is the rotation's next, whichever connection sends it. */
function sharedRotation(rotation: string[]) {
  let next = 0;
  // As a browser asks: compressed (the compression middleware's work is part of every page served).
  const headers = { "accept-encoding": "gzip, deflate, br" };
  return {
    method: "GET" as const,
    headers,
    setupRequest: (request: Record<string, unknown>) => ({ ...request, path: rotation[next++ % rotation.length] }),
  };
}

const rows: string[][] = [];
let helloMax = 0;
/** CPU time (user + system, ms) the process and its children (the workers) have used so far, from /proc (Linux). */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const ticks = (id: number | string) => {
    const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  return ((ticks(pid) + children.reduce((sum, child) => sum + ticks(child), 0)) * 1000) / 100;
}

async function drive(mode: string, { name, url: target, paths, shared }: Target, pid?: number): Promise<void> {
  const requests = shared ? [sharedRotation(shared)] : paths?.map((p) => ({ method: "GET" as const, path: p }));
  await autocannon({ url: target, connections, duration: 2, requests }); // warm-up
  for (const rate of [...rates.filter(Boolean), 0]) {
    const cpuBefore = cpuMsOf(pid);
    const result = await autocannon({ url: target, connections, duration, requests, ...(rate ? { overallRate: rate } : {}) });
    const cpuMs = cpuMsOf(pid) - cpuBefore;
    const throughput = result.requests.average;
    const served = result["2xx"] / result.duration;
    if (!rate && !mode) helloMax = throughput;
    rows.push([
      mode ? `${name} (${mode})` : name,
      rate ? `${rate}/s` : "flat out",
      throughput.toFixed(0),
      served.toFixed(0),
      ms(result.latency.p50),
      ms(result.latency.p99),
      String(result.errors + result.timeouts + result.non2xx),
      rate ? "" : `${((throughput / helloMax) * 100).toFixed(1)}%`,
      Number.isNaN(cpuMs) || !result["2xx"] ? "" : ms(cpuMs / result["2xx"]),
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
  for (const [b, build] of builds.entries())
    for (const mode of modes) {
      const server = await startMarketServer({
        port: APP_PORT,
        dataDir,
        databaseUrl: market.url,
        env: { ...MODE_ENV[mode], ...(pageConcurrency ? { PAGE_CONCURRENCY: pageConcurrency } : {}) },
        entry: path.join(build, "server/index.js"),
        nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
      });
      const label = builds.length > 1 ? `${mode}, ${build}, #${b + 1}` : mode;
      try {
        const app = `http://127.0.0.1:${APP_PORT}`;
        // The other workers start once the first listens.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const all: Array<Target & { group: string }> = [
          { group: "endpoints", name: "GET /", url: `${app}/` },
          { group: "endpoints", name: "GET /viewmore?q=onion", url: `${app}/viewmore?q=onion` },
          { group: "endpoints", name: "GET /view/:id", url: `${app}/view/${viewIds[0]}` },
          { group: "endpoints", name: "GET /view/:id, 1,000 listings", url: app, paths: viewIds.map((id) => `/view/${id}`) },
          { group: "endpoints", name: "GET /api/suggestions?q=ba", url: `${app}/api/suggestions?q=ba` },
          { group: "mixed", name: "mixed: listings, searches, pages, suggestions", url: app, shared: mixedPaths },
        ];
        for (const target of all.filter((t) => targets.includes(t.group))) await drive(label, target, server.pid);
      } finally {
        await stopProcess(server);
      }
    }
  // served/s: 2xx answers a second (req/s counts load shedding's 503s too); p50 and p99 are of the 2xx answers only
  // (autocannon's); server CPU ms: the server's processes' CPU time (all workers) per 2xx answer, which a
  // busy machine changes far less than the rate.
  printTable(["endpoint", "offered", "req/s", "served/s", "p50 ms", "p99 ms", "errors", "vs hello-world", "server CPU ms / served"], rows);
} finally {
  await stopProcess(hello);
  rmSync(dataDir, { recursive: true, force: true });
}
