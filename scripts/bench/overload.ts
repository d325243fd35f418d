/**
 * `npm run build && npm run bench:overload [-- --listings 20000 --duration 20 --connections 200]`
 * The server saturated: autocannon at 200 connections on /viewmore?q=onion, against two copies
 * of the production server on the same synthetic marketplace (SQLite, or DATABASE_URL's
 * PostgreSQL), one after the other in the same run: load shedding off (PAGE_CONCURRENCY=0,
 * the baseline: every request waits its turn) and on (the defaults, or --concurrency and
 * --queue-wait, --queue-length, --queue-target). Prints how many requests were served and shed, and the latency of each, beside
 * issue 27's goal. `--build DIR` runs another build (e.g. main's, copied aside) for a back-to-back
 * comparison; `--dir DIR` keeps the SQLite marketplace there; `--port N` moves the two ports.
 * Before the warm-up, each server is asked one page at a time for 3 s ("alone": what a page costs
 * on this machine at that moment), and during the run the listening socket's accept queue is sampled.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openMarketplace } from "./marketplace";
import { argument, ms, percentile, printTable, waitFor } from "./measure";
import { benchPostgresUrl } from "./bench-database";
import { BENCH_AUTH_SECRET, productionEnv } from "./servers";

const listings = Number(argument("listings", "20000"));
const duration = Number(argument("duration", "20"));
const connections = Number(argument("connections", "200"));
const concurrency = argument("concurrency", "");
const queueWait = argument("queue-wait", "");
const queueLength = argument("queue-length", "");
const queueTarget = argument("queue-target", "");
const portBase = Number(argument("port", "4344"));
const PORTS = { off: portBase, on: portBase + 1 };
const serverFile = path.join(argument("build", "build"), "server/index.js");
/** Issue 27's overload budget: what the "on" row must show. */
const GOAL = { servedP99Ms: 1_000, shedP99Ms: 100 };

if (!existsSync(serverFile)) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const url = benchPostgresUrl();
const market = await openMarketplace({ listings, url, dir: argument("dir", "/tmp/mandi-bench") });
await market.db.close();

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
/** Each run has the machine to itself: the previous server is stopped first. */
function startServer(port: number, env: Record<string, string>): ChildProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-overload-"));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [serverFile], {
    env: {
      ...process.env,
      ...productionEnv({ port, dataDir, databaseUrl: market.url }),
      LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
      AUTH_SECRET: BENCH_AUTH_SECRET,
      // One address asked for over and over would be answered from the page cache (decision 017);
      // shedding is about renders, so every request here renders.
      PAGE_CACHE_MS: "0",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  return child;
}

/**
 * Every answer's status and time, by status (autocannon's own histogram keeps only the 2xx),
 * and how many requests got no answer within autocannon's 10 s timeout.
 */
function drive(target: string, seconds: number, clients = connections): Promise<{ byStatus: Map<number, number[]>; unanswered: number }> {
  const byStatus = new Map<number, number[]>();
  return new Promise((resolve, reject) => {
    const tracker = autocannon({ url: target, connections: clients, duration: seconds }, (error, result) =>
      // autocannon counts a timed-out request in `errors` too: `errors` alone is every request without an answer.
      error ? reject(error) : resolve({ byStatus, unanswered: result.errors }),
    );
    tracker.on("response", (_client, statusCode, _bytes, responseTime) => {
      const times = byStatus.get(statusCode) ?? [];
      times.push(responseTime);
      byStatus.set(statusCode, times);
    });
  });
}

/**
 * The most connections the kernel held for `port` that the server had not yet accepted (the
 * listening socket's Recv-Q in `ss`), sampled every 250 ms until `stop` is called: time a request
 * spends there is counted by autocannon but never seen by the server.
 */
function watchAcceptQueue(port: number): () => number {
  let most = 0;
  const timer = setInterval(() => {
    execFile("ss", ["-Hltn", `sport = :${port}`], (error, stdout) => {
      const waiting = Number(stdout.trim().split(/\s+/)[1]);
      if (!error && waiting > most) most = waiting;
    });
  }, 250);
  return () => {
    clearInterval(timer);
    return most;
  };
}

/** One figure from the server's own metrics (METRICS_PORT), summed over its label sets. */
async function scrape(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(30_000) })).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

try {
  const settings = {
    off: { PAGE_CONCURRENCY: "0" },
    on: {
      ...(concurrency ? { PAGE_CONCURRENCY: concurrency } : {}),
      ...(queueWait ? { PAGE_QUEUE_WAIT_MS: queueWait } : {}),
      ...(queueLength ? { PAGE_QUEUE_LENGTH: queueLength } : {}),
      ...(queueTarget ? { PAGE_QUEUE_TARGET_MS: queueTarget } : {}),
    },
  };
  console.log(
    `\nMarketplace: ${market.listings.toLocaleString("en-IN")} listings (${url ? "PostgreSQL" : "SQLite"}); ` +
      `${connections} connections on /viewmore?q=onion, ${duration} s per run; shedding on = ` +
      `PAGE_CONCURRENCY ${concurrency || "default"}, PAGE_QUEUE_LENGTH ${queueLength || "default"}, ` +
      `PAGE_QUEUE_TARGET_MS ${queueTarget || "default"}, PAGE_QUEUE_WAIT_MS ${queueWait || "default"}; server ${serverFile}; ` +
      `load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}\n`,
  );
  const rows: string[][] = [];
  for (const mode of argument("modes", "off,on").split(",") as Array<"off" | "on">) {
    const port = PORTS[mode];
    const metricsPort = port + 10;
    const server = startServer(port, { ...settings[mode], METRICS_PORT: String(metricsPort) });
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    const target = `http://127.0.0.1:${port}/viewmore?q=onion`;
    // Start-up work (the word list, the produce backfill) can hold a busy machine's worker for
    // seconds after /healthz answers: measured from the first page served, not from then.
    await waitFor(target);
    // One page at a time: what a page costs on this machine now. A 503 can be no faster than the
    // longest stretch a page holds the event loop, and that is at most this.
    const alone = ((await drive(target, 3, 1)).byStatus.get(200) ?? []).sort((a, b) => a - b);
    await drive(target, 3); // warm-up
    // The loop's longest stall is kept between two scrapes: this one starts the count afresh.
    await scrape(metricsPort, "mandi_nodejs_eventloop_lag_max_seconds");
    const serverCpuBefore = await scrape(metricsPort, "mandi_process_cpu_seconds_total");
    const clientCpuBefore = process.cpuUsage();
    const stopWatching = watchAcceptQueue(port);
    const { byStatus, unanswered } = await drive(target, duration);
    const acceptQueue = stopWatching();
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const loopStallMs = (await scrape(metricsPort, "mandi_nodejs_eventloop_lag_max_seconds")) * 1000;
    const serverCpu = (await scrape(metricsPort, "mandi_process_cpu_seconds_total")) - serverCpuBefore;
    const served = (byStatus.get(200) ?? []).sort((a, b) => a - b);
    const shed = (byStatus.get(503) ?? []).sort((a, b) => a - b);
    const other = [...byStatus].filter(([status]) => status !== 200 && status !== 503).reduce((n, [, times]) => n + times.length, 0);
    rows.push([
      `shedding ${mode}`,
      alone.length ? ms(percentile(alone, 50)) : "–",
      alone.length ? ms(percentile(alone, 99)) : "–",
      String(served.length),
      (served.length / duration).toFixed(0),
      ms(percentile(served, 50)),
      ms(percentile(served, 99)),
      ms(served.at(-1) ?? NaN),
      String(shed.length),
      shed.length ? ms(percentile(shed, 50)) : "–",
      shed.length ? ms(percentile(shed, 99)) : "–",
      String(other),
      String(unanswered),
      String(acceptQueue),
      ms(loopStallMs),
      `${Math.round((serverCpu / duration) * 100)}%`,
      `${Math.round(((clientCpu.user + clientCpu.system) / 1e6 / duration) * 100)}%`,
    ]);
    process.stderr.write(`  done: shedding ${mode}\n`);
    server.kill();
    await new Promise((resolve) => server.once("exit", resolve));
  }
  rows.push(["goal (issue 27)", "", "", "", "", "", `≤ ${GOAL.servedP99Ms}`, "", "", "", `≤ ${GOAL.shedP99Ms}`, "", "", "", "", "", ""]);
  printTable(
    [
      "run",
      "alone p50 ms",
      "alone p99 ms",
      "served",
      "served/s",
      "served p50 ms",
      "served p99 ms",
      "served max ms",
      "shed (503)",
      "shed p50 ms",
      "shed p99 ms",
      "other",
      "no answer",
      "accept queue max",
      "loop stall max ms",
      "server CPU",
      "client CPU",
    ],
    rows,
  );
  console.log(
    `\n"alone": one connection for 3 s before the warm-up (a page's own time). "accept queue max": most connections the kernel held unaccepted ` +
      `(ss Recv-Q, every 250 ms). ` +
      `"loop stall max": the server's longest event-loop delay in the run (its metrics); "server CPU", "client CPU": of one core, ` +
      `the server's and autocannon's (this process). Load average at the end ${loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}.`,
  );
} finally {
  for (const child of children) child.kill();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
