/**
 * `npm run build && npm run bench:lighthouse [-- --runs 3 --cpu 4,8 --langs en,hi --hindi-by header --pages home,viewmore,view --no-system-devanagari --builds build,other/build --port 4481]`
 *
 * Lighthouse 12 (performance only, its default mobile emulation and simulated throttling) on
 * Debian's Chromium against the production server on freshly seeded demo data, and against a
 * trivial static page served by a bare node:http server on the same machine (the baseline: what
 * this machine scores with nothing of Mandi's in the way). Each page runs `--runs` times per
 * configuration (language × CPU slowdown); the table shows medians. Figures, never pass/fail.
 *
 * Hindi is asked for with `Accept-Language: hi` (`--hindi-by header`) or the `lang=hi` cookie
 * (`--hindi-by cookie`); before the Hindi interface exists both give the English page.
 * `--no-system-devanagari` hides this machine's Devanagari fonts from Chromium (fontconfig), as on
 * a phone without one: the page then downloads Mandi's own (app/fonts.css), and "font KB" shows it.
 * `--keep` leaves the JSON reports in the temporary folder (printed) to look into.
 *
 * `--builds` (a comma-separated list of folders holding `server/` and `client/`, default `build`)
 * compares builds back to back, e.g. main's copied aside and this one: each serves the same
 * seeded data on its own port (the first on `--port`, the static page on the next, the others
 * after it), and the runs alternate between them, so the machine's load falls on both alike.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { withoutDevanagariFonts } from "../../tests/support/no-devanagari-fonts";
import { argument, printTable, waitFor } from "./measure";
import { productionEnv } from "./servers";

const runs = Number(argument("runs", "3"));
const cpus = argument("cpu", "4,8").split(",").map(Number);
const langs = argument("langs", "en,hi").split(",") as Array<"en" | "hi">;
const hindiBy = argument("hindi-by", "header");
const pages = argument("pages", "home,viewmore,view").split(",");
const keep = process.argv.includes("--keep");
const hideSystemDevanagari = process.argv.includes("--no-system-devanagari");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Ports 4480–4499 belong to this benchmark.
const APP_PORT = Number(argument("port", "4481"));
const STATIC_PORT = APP_PORT + 1;
const builds = argument("builds", "build").split(",");
const buildPort = (index: number) => (index === 0 ? APP_PORT : STATIC_PORT + index);

for (const build of builds) {
  if (!existsSync(path.join(build, "server/index.js"))) {
    console.error(`No production build in ${build}: run \`npm run build\` first.`);
    process.exit(1);
  }
}
if (hindiBy !== "header" && hindiBy !== "cookie") {
  console.error("--hindi-by is header or cookie");
  process.exit(2);
}

const work = mkdtempSync(path.join(os.tmpdir(), "mandi-bench-lighthouse-"));
const dataDir = path.join(work, "data");
const children: ChildProcess[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
let staticServer: http.Server | undefined;

// The baseline: about what a hand-written page is, with nothing to fetch after the HTML.
const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title><meta name="description" content="A trivial static page"></head>
<body><h1>Fresh farm produce</h1><p>A static page with a heading and a paragraph of text, served by node:http from the same machine, so the figures show what the machine and the throttling give before any of Mandi's own work.</p></body></html>`;

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  jsKb: number;
  fontKb: number;
  totalKb: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One Lighthouse run; a run whose trace Lighthouse could not record (NO_NAVSTART, now and then) is run again, twice at most. */
async function audit(url: string, cpu: number, lang: "en" | "hi", reportName: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, cpu, lang, reportName);
    } catch (error) {
      if (attempt === 3) throw error;
      process.stderr.write(`  again: ${(error as Error).message}\n`);
    }
  }
}

async function auditOnce(url: string, cpu: number, lang: "en" | "hi", reportName: string): Promise<Figures> {
  const extraHeaders: Record<string, string> = {};
  if (lang === "hi") {
    if (hindiBy === "header") extraHeaders["Accept-Language"] = "hi";
    else extraHeaders.Cookie = "lang=hi";
  }
  const result = await lighthouse(url, {
    port: chrome!.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    extraHeaders: Object.keys(extraHeaders).length ? extraHeaders : undefined,
    // Lighthouse's default mobile throttling (slow 4G, 150 ms RTT, simulated), CPU as asked.
    throttlingMethod: "simulate",
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu },
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (${url})`);
  if (keep) writeFileSync(path.join(work, `${reportName}.json`), result.report as string);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ??
    [];
  const bytesOf = (type?: string) =>
    requests.filter((r) => !type || r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    si: numeric("speed-index"),
    jsKb: bytesOf("Script"),
    fontKb: bytesOf("Font"),
    totalKb: bytesOf(),
  };
}

try {
  console.error(`Seeding demo data into ${dataDir} …`);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, "mandi.sqlite")}`, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("seeding failed");

  // One server per build on the same data (SQLite, read-only traffic), started one after the other.
  const apps: string[] = [];
  for (const [index, build] of builds.entries()) {
    const port = buildPort(index);
    const serverLog = path.join(work, `server-${index}.log`);
    const server = spawn(process.execPath, [path.join(build, "server/index.js")], {
      env: {
        ...process.env,
        ...productionEnv({ port, dataDir, databaseUrl: `sqlite:${path.join(dataDir, "mandi.sqlite")}` }),
        BASE_URL: `http://127.0.0.1:${port}`,
      },
      // Its log goes to a file: Lighthouse ends each run with photo requests still under way, which
      // the server logs as closed early.
      stdio: ["ignore", openSync(serverLog, "w"), openSync(serverLog, "a")],
    });
    children.push(server);
    apps.push(`http://127.0.0.1:${port}`);
    await waitFor(`${apps[index]}/healthz`);
  }
  staticServer = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(STATIC_PAGE));
  await new Promise<void>((resolve) => staticServer!.listen(STATIC_PORT, "127.0.0.1", resolve));
  const app = apps[0]!;

  // A seeded listing with its photo: the first card on /viewmore (newest first).
  const browse = await (await fetch(`${app}/viewmore`)).text();
  const viewId = /href="\/view\/([^"/?]+)"/.exec(browse)?.[1];
  if (!viewId) throw new Error("no listing found on /viewmore: did the seed run?");
  const targets: Record<string, string> = { home: "/", viewmore: "/viewmore", view: `/view/${viewId}` };

  const profile = path.join(work, "chrome-profile");
  mkdirSync(profile);
  chrome = await chromeLauncher.launch({
    envVars: hideSystemDevanagari ? { ...(process.env as Record<string, string>), ...withoutDevanagariFonts(work) } : undefined,
    chromePath,
    userDataDir: profile,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const version = ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;

  const rows: string[][] = [];
  const load: string[] = [];
  const compare = builds.length > 1;
  const row = (name: string, lang: string, cpu: number, all: Figures[], build?: string) => {
    const m = (key: keyof Figures) => median(all.map((f) => f[key]));
    rows.push([
      name,
      lang,
      ...(compare ? [build ?? "–"] : []),
      `${cpu}×`,
      String(m("score")),
      (m("fcp") / 1000).toFixed(2),
      (m("lcp") / 1000).toFixed(2),
      m("tbt").toFixed(0),
      m("cls").toFixed(3),
      (m("si") / 1000).toFixed(2),
      m("jsKb").toFixed(1),
      m("fontKb").toFixed(1),
      m("totalKb").toFixed(1),
    ]);
  };
  // A first run warms Chromium up (its first trace is slower); not counted.
  await audit(`http://127.0.0.1:${STATIC_PORT}/`, cpus[0]!, "en", "warm-up");
  for (const cpu of cpus) {
    const baseline: Figures[] = [];
    for (let i = 0; i < runs; i++) baseline.push(await audit(`http://127.0.0.1:${STATIC_PORT}/`, cpu, "en", `baseline-${cpu}x-${i}`));
    row("static page (baseline)", "–", cpu, baseline);
    for (const lang of langs) {
      for (const page of pages) {
        const target = targets[page];
        if (!target) throw new Error(`unknown page ${page} (home, viewmore, view)`);
        // Runs alternate between the builds: the machine's load falls on each alike.
        const all: Figures[][] = builds.map(() => []);
        for (let i = 0; i < runs; i++) {
          for (const [b, base] of apps.entries())
            all[b]!.push(await audit(`${base}${target}`, cpu, lang, `${page}-${lang}-${cpu}x-${compare ? `b${b}-` : ""}${i}`));
        }
        for (const [b, build] of builds.entries()) row(page === "view" ? "/view/:id" : target, lang, cpu, all[b]!, build);
        process.stderr.write(`  done: ${target} ${lang} ${cpu}× (load average ${os.loadavg()[0]!.toFixed(1)})\n`);
        load.push(os.loadavg()[0]!.toFixed(1));
      }
    }
  }
  console.log(
    `\n${version}, Lighthouse 12 default mobile (simulated throttling), medians of ${runs} runs; Hindi by ${hindiBy === "header" ? "Accept-Language: hi" : "the lang=hi cookie"}; ` +
      `${hideSystemDevanagari ? "no" : "the machine's"} system Devanagari fonts`,
  );
  console.log(`Load average during the runs: ${load.join(", ")} (${os.cpus().length} CPUs); ${new Date().toISOString()}\n`);
  if (compare) console.log(`Builds, runs alternating: ${builds.join(", ")}\n`);
  printTable(
    [
      "page",
      "lang",
      ...(compare ? ["build"] : []),
      "CPU",
      "score",
      "FCP s",
      "LCP s",
      "TBT ms",
      "CLS",
      "SI s",
      "JS KB",
      "font KB",
      "all KB",
    ],
    rows,
  );
  if (keep) console.log(`\nReports and the servers' logs kept in ${work}`);
} finally {
  if (chrome) await chrome.kill();
  staticServer?.close();
  for (const child of children) child.kill();
  if (!keep) rmSync(work, { recursive: true, force: true });
}
