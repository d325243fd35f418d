/**
 * `npm run build && npm run bench:hydration [-- --runs 5 --cpu 8 --langs en,hi --pages home,viewmore,view --port 4741 --builds build,other/build]`
 *
 * How long the main thread is held after the first paint, read from Chrome's own trace with the
 * CPU really slowed (DevTools protocol: `Emulation.setCPUThrottlingRate`), not simulated as
 * Lighthouse's Lantern does. Each build named by `--builds` (a folder holding `server/` and
 * `client/`, default `build`) serves the same freshly seeded demo data on its own port; runs
 * alternate between the builds, so the machine's load falls on both alike. Per page, language and
 * build, medians of:
 * - **tasks ms**: the renderer's main-thread tasks from the first module script's evaluation to
 *   the page going quiet (hydration, React Router's start, the effects), wall time; **CPU ms**:
 *   the CPU time those tasks used (Chrome's thread time: the throttling's pauses and the machine's
 *   load do not count, so it moves least from run to run);
 * - **longest ms** and **blocking ms** (the part of each such task over 50 ms, as TBT counts it);
 * - **hydrated**: elements React hydrated (those carrying a React fiber), of **elements** in `<body>`.
 * Figures, never pass/fail. Slowed 8×, a task's wall time still grows with the machine's load.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { argument, printTable } from "./measure";
import { startMarketServer, stopProcess } from "./servers";

const runs = Number(argument("runs", "5"));
const cpu = Number(argument("cpu", "8"));
const langs = argument("langs", "en,hi").split(",") as Array<"en" | "hi">;
const pages = argument("pages", "home,viewmore,view").split(",");
const builds = argument("builds", "build").split(",");
const firstPort = Number(argument("port", "4741"));
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

for (const build of builds) {
  if (!existsSync(path.join(build, "server/index.js"))) {
    console.error(`No production build in ${build}: run \`npm run build\` first.`);
    process.exit(1);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** CPU time (thread time) the task used, µs: what the load does not stretch. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string } };
}

interface Figures {
  tasks: number;
  cpu: number;
  longest: number;
  blocking: number;
  hydrated: number;
  elements: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function traceOnce(browser: Browser, url: string, lang: "en" | "hi"): Promise<Figures> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: lang === "hi" ? { "Accept-Language": "hi" } : {},
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.start", {
      categories: "toplevel,devtools.timeline,v8.execute,disabled-by-default-devtools.timeline",
      transferMode: "ReportEvents",
    });
    await page.goto(url, { waitUntil: "load" });
    // Hydrated when React has attached itself to the main landmark's element; then quiet for a while.
    await page.waitForFunction(
      () => Object.keys(document.getElementById("main") ?? {}).some((key) => key.startsWith("__reactFiber$")),
      null,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(1500);
    const counts = await page.evaluate(() => {
      const all = [...document.body.querySelectorAll("*")];
      return {
        elements: all.length,
        hydrated: all.filter((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"))).length,
      };
    });
    await cdp.send("Tracing.end");
    await done;
    const main = events.find(
      (e) =>
        e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((x) => x.pid === e.pid && x.name === "EvaluateScript"),
    );
    if (!main) throw new Error("no renderer main thread in the trace");
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
    // The first module script: the app's entry (React, React Router and the route modules).
    const start = Math.min(
      ...onMain
        .filter((e) => (e.name === "v8.evaluateModule" || e.name === "EvaluateScript") && e.ph === "X")
        .map((e) => e.ts)
        .filter((ts) => Number.isFinite(ts)),
    );
    const run = onMain.filter((e) => e.name === "RunTask" && e.ph === "X" && e.ts + (e.dur ?? 0) >= start);
    const tasks = run.map((e) => (e.dur ?? 0) / 1000);
    return {
      tasks: tasks.reduce((sum, d) => sum + d, 0),
      cpu: run.reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0),
      longest: Math.max(0, ...tasks),
      blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
      ...counts,
    };
  } finally {
    await context.close();
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), "mandi-bench-hydration-"));
const children: ChildProcess[] = [];
let browser: Browser | undefined;
try {
  const dataDir = path.join(work, "data");
  const databaseUrl = `sqlite:${path.join(dataDir, "mandi.sqlite")}`;
  console.error(`Seeding demo data into ${dataDir} …`);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("seeding failed");
  // One server per build on the same data (SQLite, read-only traffic), so runs can alternate.
  const bases: string[] = [];
  for (const [index, build] of builds.entries()) {
    const port = firstPort + index;
    children.push(
      await startMarketServer({
        port,
        dataDir,
        databaseUrl,
        env: { BASE_URL: `http://127.0.0.1:${port}` },
        entry: path.join(build, "server/index.js"),
      }),
    );
    bases.push(`http://127.0.0.1:${port}`);
  }
  const browse = await (await fetch(`${bases[0]}/viewmore`)).text();
  const viewId = /href="\/view\/([^"/?]+)"/.exec(browse)?.[1];
  if (!viewId) throw new Error("no listing found on /viewmore: did the seed run?");
  const targets: Record<string, string> = { home: "/", viewmore: "/viewmore", view: `/view/${viewId}` };

  browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--disable-gpu"] });
  // A first load warms Chromium up; not counted.
  await traceOnce(browser, `${bases[0]}/`, "en");
  const rows: string[][] = [];
  const load: string[] = [];
  for (const lang of langs) {
    for (const pageName of pages) {
      const target = targets[pageName];
      if (!target) throw new Error(`unknown page ${pageName} (home, viewmore, view)`);
      const all: Figures[][] = builds.map(() => []);
      for (let i = 0; i < runs; i++)
        for (const [b, base] of bases.entries()) all[b]!.push(await traceOnce(browser, `${base}${target}`, lang));
      for (const [b, build] of builds.entries()) {
        const m = (key: keyof Figures) => median(all[b]!.map((f) => f[key]));
        rows.push([
          pageName === "view" ? "/view/:id" : target,
          lang,
          build,
          m("tasks").toFixed(0),
          m("cpu").toFixed(0),
          m("longest").toFixed(0),
          m("blocking").toFixed(0),
          String(m("hydrated")),
          String(m("elements")),
        ]);
      }
      load.push(os.loadavg()[0]!.toFixed(1));
      process.stderr.write(`  done: ${target} ${lang} (load average ${os.loadavg()[0]!.toFixed(1)})\n`);
    }
  }
  console.log(
    `\n${browser.version()}, CPU ${cpu}× (DevTools throttling), 412×823 mobile viewport, no network throttling; medians of ${runs} runs, builds alternating`,
  );
  console.log(`Load average during the runs: ${load.join(", ")} (${os.cpus().length} CPUs); ${new Date().toISOString()}\n`);
  printTable(["page", "lang", "build", "tasks ms", "CPU ms", "longest ms", "blocking ms", "hydrated", "elements"], rows);
} finally {
  await browser?.close();
  for (const child of children) await stopProcess(child);
  rmSync(work, { recursive: true, force: true });
}
