/**
 * `npm run build && npm run bench:pages [-- --listings 1000000 --rates 1000000 --runs 200 --port 4194]`
 * Rendered pages and suggestions over HTTP, one request at a time with the page cache off: what a
 * visitor waits for when nobody asked for that page a moment before (issue 12's goals: search and
 * browse pages p50 <= 25 ms and p95 <= 50 ms, suggestions p95 <= 10 ms for any input). Each case
 * cycles through different inputs. A bare node:http hello-world, measured the same way in the
 * same run, is the baseline. SQLite by default; DATABASE_URL's PostgreSQL when set. The marketplace
 * also holds `--rates` government mandi rates (issue 23), imported once through the real importer
 * from a synthetic AGMARKNET file (timed), so the pages that show a rate read them at that size.
 * `--port` (and the next port) are the server's and the baseline's. The public read API (/api/v1,
 * issue 25, decision 032) is timed too, JSON only (its goal: p95 <= 20 ms), with its rate limits
 * raised out of the way.
 *
 * `--group api` (or page, suggestions, live; comma-separated) times only those cases.
 *
 * `--observability off,metrics,tracing` (issue 27's "at most 5% at p50", decision 036) runs every
 * case against one server per setting, all started together: "off" as above; "metrics" with
 * METRICS_PORT (scraped once at the end); "tracing" with OTEL_EXPORTER_OTLP_ENDPOINT at a collector
 * this script runs on 127.0.0.1, which accepts OTLP/HTTP posts and throws them away. The servers
 * take each request in turn, so the machine's noise falls on each alike, and it prints each case's
 * p50 beside the first setting's, in %. "off" records no metrics at all (no METRICS_PORT, decision
 * 036). The other servers take the ports after `--port`'s two, two each.
 * Figures, not tests: it never fails on a slow number.
 */
import type { ChildProcess } from "node:child_process";
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { DEEPEST, HINDI, MISSES, PREFIX_2, PREFIX_3, PREFIX_5, TYPOS, WORDS } from "./inputs";
import { openDatabase } from "../../server/db/database";
import { importMandiRates } from "../../server/mandi-rates/import-mandi-rates";
import { createMandiRatesRepository } from "../../server/mandi-rates/mandi-rates.repository";
import { writeSyntheticCsv } from "../../tests/support/mandi-rates";
import { openMarketplace } from "./marketplace";
import { argument, measure, ms, percentile, printTable, type Timing } from "./measure";
import { requireProductionBuild, startHelloWorld, startMarketServer, stopProcess } from "./servers";
import { benchPostgresUrl } from "./bench-database";

const listings = Number(argument("listings", "1000000"));
const runs = Number(argument("runs", "200"));
const rates = Number(argument("rates", "1000000"));
const APP_PORT = Number(argument("port", "4194"));
const HELLO_PORT = APP_PORT + 1;
const SETTINGS = ["off", "metrics", "tracing"] as const;
type Setting = (typeof SETTINGS)[number];
const settingsArgument = z
  .array(z.enum(SETTINGS))
  .min(1)
  .refine((list) => new Set(list).size === list.length, "each setting once")
  .safeParse(argument("observability", "off").split(","));
if (!settingsArgument.success) {
  console.error(`--observability: a comma-separated list of ${SETTINGS.join(", ")} (${settingsArgument.error.issues[0]!.message})`);
  process.exit(1);
}
const settings: Setting[] = settingsArgument.data;
const GROUPS = ["page", "suggestions", "live", "api"] as const;
type Group = (typeof GROUPS)[number];
const groupsArgument = z
  .array(z.enum(GROUPS))
  .min(1)
  .safeParse(argument("group", GROUPS.join(",")).split(","));
if (!groupsArgument.success) {
  console.error(`--group: a comma-separated list of ${GROUPS.join(", ")}`);
  process.exit(1);
}
const groups = new Set<Group>(groupsArgument.data);

requireProductionBuild();
const url = benchPostgresUrl();
const benchDir = argument("dir", "/tmp/mandi-bench");
const market = await openMarketplace({ listings, url, dir: benchDir });
if (market.buildSeconds !== null) console.log(`Built in ${market.buildSeconds.toFixed(0)} s.`);
const storedRates = await createMandiRatesRepository(market.db.kysely).countRates();
if (storedRates < rates) {
  // The same synthetic file as bench:prices-import (distinct records: markets, commodities, varieties, days).
  const csv = path.join(mkdtempSync(path.join(tmpdir(), "mandi-bench-rates-")), "rates.csv");
  await writeSyntheticCsv(csv, rates);
  console.log(`Importing ${rates.toLocaleString("en-IN")} mandi rates (${storedRates.toLocaleString("en-IN")} stored)…`);
  const started = performance.now();
  const report = await importMandiRates({ db: market.db, input: createReadStream(csv) });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Imported: ${report.stored.toLocaleString("en-IN")} stored in ${seconds.toFixed(0)} s (${Math.round(rates / seconds).toLocaleString("en-IN")} rows / s).`,
  );
  rmSync(path.dirname(csv), { recursive: true, force: true });
}
const ratesHeld = await createMandiRatesRepository(market.db.kysely).countRates();
const viewIds = (
  await market.db.kysely
    .selectFrom("listing")
    .select("id")
    .where("hidden_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(runs)
    .execute()
).map((row) => row.id);
// Issue 23: listings that know their produce, listed in the last 30 days (their pages say where their price stands).
const insightIds = (
  await market.db.kysely
    .selectFrom("listing")
    .select("id")
    .where("hidden_at", "is", null)
    .where("produce_id", "is not", null)
    .where("created_at", ">", Date.now() - 30 * 86_400_000)
    .orderBy("created_at", "desc")
    .limit(runs)
    .execute()
).map((row) => row.id);
// Not the sellers of the listings the bench's editor is given (benchSeller): on a marketplace used
// before, those belong to the last run's editor until this run moves them, and that seller's page
// is then rightly a 404 (issue 25's "a seller" 404: the bench's, not the API's).
const editorsListings = new Set(insightIds.slice(0, 20));
const sellerIds = [
  ...new Set(
    // The newest listings past the editor's: with `--runs 20`, the newest 20 can all be the editor's.
    (
      await market.db.kysely
        .selectFrom("listing")
        .select(["id", "seller_id"])
        .where("hidden_at", "is", null)
        .orderBy("created_at", "desc")
        .limit(runs + editorsListings.size)
        .execute()
    )
      .filter((row) => !editorsListings.has(row.id))
      .slice(0, runs)
      .map((row) => row.seller_id),
  ),
];
await market.db.close();

const search = (q: string, more = "") => `/viewmore?q=${encodeURIComponent(q)}${more}`;
const suggest = (q: string) => `/api/suggestions?q=${encodeURIComponent(q)}`;
const BROAD = ["rice", "onion", "basmati", "tomato", "potato", "mango", "wheat", "almonds"];
const PAGES = [1, Math.ceil(DEEPEST / 4), Math.ceil(DEEPEST / 2), DEEPEST].map(String);
const PRODUCE_IDS = ["onion", "basmati-rice", "tomato", "potato", "mango", "wheat", "almond"];
const INSIGHT_PLACES = [
  "&state=maharashtra&district=nashik",
  "&state=punjab&district=ludhiana",
  "&state=bihar&district=patna",
  "&state=kerala",
  "",
];
const live = PRODUCE_IDS.flatMap((produce, i) =>
  INSIGHT_PLACES.map(
    (place, j) =>
      `/api/price-insight?name=${encodeURIComponent(produce.replace("-", " "))}&unit=${(i + j) % 2 ? "quintal" : "kg"}${place}&grade=${["", "A", "FAQ"][j % 3]}`,
  ),
);
const allCases: Array<{ name: string; group: Group; paths: string[]; signedIn?: boolean }> = [
  { name: "home page", group: "page", paths: ["/", "/?category=rice", "/?category=vegetables", "/?category=fruits"] },
  { name: "search, page 1", group: "page", paths: BROAD.map((q) => search(q)) },
  { name: `search, page ${DEEPEST} (the deepest)`, group: "page", paths: BROAD.map((q) => search(q, `&page=${DEEPEST}`)) },
  { name: `a name alone, page ${DEEPEST}`, group: "page", paths: BROAD.map((q) => search(q, `&by=name&page=${DEEPEST}`)) },
  { name: "search in a category", group: "page", paths: WORDS.map((q) => search(q, "&category=rice")) },
  { name: "search in Hindi or Hinglish", group: "page", paths: HINDI.map((q) => search(q)) },
  { name: "search with a typo", group: "page", paths: TYPOS.map((q) => search(q)) },
  { name: "search finding nothing", group: "page", paths: MISSES.map((q) => search(q)) },
  {
    name: `category, pages 1–${DEEPEST}`,
    group: "page",
    paths: PAGES.flatMap((p) => ["vegetables", "fruits"].map((c) => `/viewmore?category=${c}&page=${p}`)),
  },
  {
    name: `all, by price, pages 1–${DEEPEST}`,
    group: "page",
    paths: PAGES.flatMap((p) => ["price-asc", "price-desc"].map((s) => `/viewmore?sort=${s}&page=${p}`)),
  },
  // Issue 23: a grade by price (migration 0024), a common grade and a rare one.
  {
    name: `a grade, by price, pages 1–${DEEPEST}`,
    group: "page",
    paths: PAGES.flatMap((p) =>
      ["A", "C"].flatMap((g) => ["price-asc", "price-desc"].map((s) => `/viewmore?grade=${g}&sort=${s}&page=${p}`)),
    ),
  },
  { name: "a listing's page (different ones)", group: "page", paths: viewIds.map((id) => `/view/${id}`) },
  // Issue 23: pages that show price insight, and the sell form's live request.
  { name: "a listing's page with price insight", group: "page", paths: insightIds.map((id) => `/view/${id}`) },
  { name: "/prices (every produce)", group: "page", paths: ["/prices"] },
  { name: "/prices/<produce> (chart and tables)", group: "page", paths: PRODUCE_IDS.map((id) => `/prices/${id}`) },
  {
    name: "sell form, Edit with price insight",
    group: "page",
    paths: insightIds.slice(0, 20).map((id) => `/my/listings/${id}/edit`),
    signedIn: true,
  },
  { name: "live /api/price-insight", group: "live", paths: live },
  { name: "suggestions, 2 letters", group: "suggestions", paths: PREFIX_2.map(suggest) },
  { name: "suggestions, 3 letters", group: "suggestions", paths: PREFIX_3.map(suggest) },
  { name: "suggestions, 5 letters", group: "suggestions", paths: PREFIX_5.map(suggest) },
  { name: "suggestions, a typo", group: "suggestions", paths: TYPOS.map(suggest) },
  { name: "suggestions, no match", group: "suggestions", paths: MISSES.map(suggest) },
  { name: "suggestions, Hindi or Hinglish", group: "suggestions", paths: HINDI.map(suggest) },
  // The public read API (decision 032); its pages by cursor are added once the server answers (apiCursorCases).
  { name: "API: listings, a search", group: "api", paths: BROAD.map((q) => `/api/v1/listings?q=${encodeURIComponent(q)}`) },
  {
    name: "API: listings, category by price",
    group: "api",
    paths: ["vegetables", "fruits", "rice"].flatMap((c) =>
      ["price-asc", "price-desc"].map((s) => `/api/v1/listings?category=${c}&sort=${s}&limit=50`),
    ),
  },
  {
    name: "API: listings, place and price",
    group: "api",
    paths: BROAD.map((q) => `/api/v1/listings?q=${q}&state=maharashtra&district=nashik&max=25&sort=price-asc`),
  },
  { name: "API: one listing", group: "api", paths: viewIds.map((id) => `/api/v1/listings/${id}`) },
  { name: "API: a seller", group: "api", paths: sellerIds.map((id) => `/api/v1/sellers/${id}`) },
  {
    name: "API: price insight",
    group: "api",
    paths: PRODUCE_IDS.flatMap((produce) => INSIGHT_PLACES.map((place) => `/api/v1/price-insight?produce=${produce}${place}`)),
  },
  {
    name: "API: mandi rates",
    group: "api",
    paths: ["onion", "tomato", "potato", "wheat"].flatMap((produce) => [
      `/api/v1/mandi-rates?produce=${produce}&limit=50`,
      `/api/v1/mandi-rates?produce=${produce}&state=maharashtra&from=2020-01-01`,
    ]),
  },
  // Each filter of listRates on its own (migration 0029's indexes).
  {
    name: "API: mandi rates, a produce",
    group: "api",
    paths: ["onion", "tomato", "potato", "wheat"].map((produce) => `/api/v1/mandi-rates?produce=${produce}&limit=50`),
  },
  {
    name: "API: mandi rates, a district",
    group: "api",
    paths: ["onion", "tomato", "potato", "wheat"].map(
      (produce) => `/api/v1/mandi-rates?produce=${produce}&state=maharashtra&district=nashik&limit=50`,
    ),
  },
  {
    name: "API: mandi rates, a market",
    group: "api",
    paths: ["onion", "tomato", "potato", "wheat"].map((produce) => `/api/v1/mandi-rates?produce=${produce}&market=lasalgaon&limit=50`),
  },
  {
    name: "API: catalogue, places, MSP",
    group: "api",
    paths: ["/api/v1/produce", "/api/v1/categories", "/api/v1/states", "/api/v1/states/maharashtra", "/api/v1/msp"],
  },
];
const cases = allCases.filter((c) => groups.has(c.group));

/**
 * Pages of the API's listings by cursor: the second, and the twentieth of 50 (1,000 listings in),
 * and the twentieth of 50 mandi rates, reached by following next_cursor before timing.
 */
async function apiCursorCases(origin: string): Promise<typeof cases> {
  const pageAfter = async (first: string, pages: number): Promise<string | null> => {
    let path: string | null = first;
    for (let i = 0; i < pages && path; i++) {
      const body = (await (await fetch(origin + path)).json()) as { next_cursor?: string | null };
      path = body.next_cursor ? `${first}&cursor=${body.next_cursor}` : null;
    }
    return path;
  };
  const second = (await Promise.all(BROAD.map((q) => pageAfter(`/api/v1/listings?q=${q}`, 1)))).filter((p): p is string => p !== null);
  const deep = (
    await Promise.all(["price-asc", "newest"].map((s) => pageAfter(`/api/v1/listings?category=vegetables&sort=${s}&limit=50`, 19)))
  ).filter((p): p is string => p !== null);
  const rates = (
    await Promise.all(["onion", "wheat"].map((produce) => pageAfter(`/api/v1/mandi-rates?produce=${produce}&limit=50`, 19)))
  ).filter((p): p is string => p !== null);
  return [
    { name: "API: listings, next page by cursor", group: "api", paths: second },
    { name: "API: listings, 1,000 in by cursor", group: "api", paths: deep },
    { name: "API: mandi rates, 1,000 in by cursor", group: "api", paths: rates },
  ].filter((c) => c.paths.length > 0) as typeof cases;
}

/** Answers other than 200, by status: "2 (503, 404)" in the table says what went wrong, not just how often. */
interface Errors {
  count: number;
  statuses: Set<number>;
  /** The first such answer's address and the start of its body, printed under the table. */
  first?: string;
}
const noErrors = (): Errors => ({ count: 0, statuses: new Set() });
const countError = (errors: Errors, status: number, path: string, body: ArrayBuffer) => {
  errors.count++;
  errors.statuses.add(status);
  errors.first ??= `${status} ${path}: ${Buffer.from(body).toString("utf8", 0, 200).replace(/\s+/g, " ")}`;
};
const describeErrors = ({ count, statuses }: Errors) => (count ? `${count} (${[...statuses].sort().join(", ")})` : "0");

/** One GET after another on one keep-alive connection; any answer but 200 is counted. */
async function timeAll(origin: string, paths: string[], headers: Record<string, string> = {}): Promise<{ timing: Timing; errors: Errors }> {
  const errors = noErrors();
  const timing = await measure(paths, runs, async (p) => {
    const response = await fetch(origin + p, { headers });
    const body = await response.arrayBuffer();
    if (response.status !== 200) countError(errors, response.status, p, body);
  });
  return { timing, errors };
}

/**
 * The same requests against each server, a request to each in turn (the first server changing
 * each round), so a moment of noise on the shared machine falls on every setting alike.
 */
async function timeInTurn(
  origins: string[],
  paths: string[],
  headers: Record<string, string>,
): Promise<Array<{ timing: Timing; errors: Errors }>> {
  if (paths.length === 0) throw new Error("a case has no addresses to ask for: the marketplace holds too few listings for it");
  const times = origins.map(() => [] as number[]);
  const errors = origins.map(noErrors);
  const warmup = Math.min(10, runs);
  const started = performance.now();
  for (let i = 0; i < warmup + runs; i++) {
    for (let turn = 0; turn < origins.length; turn++) {
      const at = (i + turn) % origins.length;
      const start = performance.now();
      const response = await fetch(origins[at]! + paths[i % paths.length]!, { headers });
      const body = await response.arrayBuffer();
      if (i >= warmup) {
        times[at]!.push(performance.now() - start);
        if (response.status !== 200) countError(errors[at]!, response.status, paths[i % paths.length]!, body);
      }
    }
  }
  const total = performance.now() - started;
  return times.map((list, at) => {
    list.sort((a, b) => a - b);
    return {
      timing: {
        runs,
        p50: percentile(list, 50),
        p95: percentile(list, 95),
        p99: percentile(list, 99),
        qps: (runs * origins.length * 1000) / total,
      },
      errors: errors[at]!,
    };
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-pages-"));
const rows: string[][] = [];
const firstErrors: string[] = [];
const row = (name: string, { timing, errors }: { timing: Timing; errors: Errors }) => {
  rows.push([name, ms(timing.p50), ms(timing.p95), ms(timing.p99), describeErrors(errors)]);
  if (errors.first) firstErrors.push(`  ${name}: ${errors.first}`);
};
/** Each case's timings under each setting, for the comparison (the first setting's also fill `rows`). */
const bySetting = new Map<Setting, Map<string, { timing: Timing; errors: Errors }>>(settings.map((s) => [s, new Map()]));
let collector: Awaited<ReturnType<typeof startCollector>> | undefined;
let scrape: { status: number; series: number; requests: number } | undefined;
try {
  const hello = await startHelloWorld(HELLO_PORT);
  row("node:http hello-world (baseline)", await timeAll(`http://127.0.0.1:${HELLO_PORT}`, ["/"]));
  await stopProcess(hello);

  // One process and no page cache: every request is rendered, and nothing else competes for the core.
  const servers: Array<{ setting: Setting; port: number; sidePort: number; child: ChildProcess }> = [];
  try {
    for (const [index, setting] of settings.entries()) {
      const port = index === 0 ? APP_PORT : APP_PORT + 2 * index;
      const sidePort = index === 0 ? APP_PORT + 2 * settings.length : port + 1;
      const env: Record<string, string> = {
        WEB_CONCURRENCY: "1",
        PAGE_CACHE_MS: "0",
        API_PER_MINUTE: "100000000",
        API_CONTACT_PER_MINUTE: "100000000",
      };
      if (setting === "metrics") env.METRICS_PORT = String(sidePort);
      if (setting === "tracing") {
        collector = await startCollector(sidePort);
        env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${sidePort}`;
      }
      servers.push({
        setting,
        port,
        sidePort,
        child: await startMarketServer({ port, dataDir: path.join(dataDir, setting), databaseUrl: market.url, env }),
      });
    }
    // Sessions live in the database and every server has the same secret: one seller signs in on all.
    const cookie = await benchSeller(`http://127.0.0.1:${APP_PORT}`, [...editorsListings]);
    if (groups.has("api")) cases.push(...(await apiCursorCases(`http://127.0.0.1:${APP_PORT}`)));
    for (const c of cases) {
      const results = await timeInTurn(
        servers.map((server) => `http://127.0.0.1:${server.port}`),
        c.paths,
        c.signedIn ? { cookie } : {},
      );
      for (const [index, server] of servers.entries()) bySetting.get(server.setting)!.set(c.name, results[index]!);
      row(c.name, results[0]!);
      process.stderr.write(`  done: ${c.name}\n`);
    }
    const metricsServer = servers.find((s) => s.setting === "metrics");
    if (metricsServer) {
      const response = await fetch(`http://127.0.0.1:${metricsServer.sidePort}/metrics`);
      const text = await response.text();
      const requests = text
        .split("\n")
        .filter((line) => line.startsWith("mandi_http_request_duration_seconds_count"))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
      scrape = { status: response.status, series: text.split("\n").filter((line) => line && !line.startsWith("#")).length, requests };
    }
  } finally {
    for (const server of servers) await stopProcess(server.child);
    await collector?.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n${url ? "PostgreSQL" : "SQLite"}: ${market.listings.toLocaleString("en-IN")} listings, ${ratesHeld.toLocaleString("en-IN")} mandi rates; ${runs} requests per case, one at a time, ` +
    `page cache off, one process (after ${Math.min(10, runs)} untimed)\n`,
);
printTable(["case", "p50 ms", "p95 ms", "p99 ms", "not 200"], rows);
if (firstErrors.length) console.log(`\nThe first answer other than 200 in each case that had one:\n${firstErrors.join("\n")}`);
const worst = (group: Group, column: 1 | 2) =>
  Math.max(...cases.filter((c) => c.group === group).map((c) => Number(rows.find((r) => r[0] === c.name)![column])));
const goals: Array<[Group, string]> = [
  ["page", `search and browse pages p50 <= 25 ms, p95 <= 50 ms:   worst p50 ${worst("page", 1)} ms, worst p95 ${worst("page", 2)} ms`],
  ["suggestions", `suggestions p95 <= 10 ms, any input:                 worst p95 ${worst("suggestions", 2)} ms`],
  ["live", `live price insight p95 <= 20 ms (issue 23):           worst p95 ${worst("live", 2)} ms`],
  ["api", `public API p95 <= 20 ms (issue 25), JSON only:        worst p95 ${worst("api", 2)} ms`],
];
console.log(
  `\nGoals:\n${goals
    .filter(([group]) => groups.has(group))
    .map(([, line]) => `  ${line}`)
    .join("\n")}\n`,
);

if (settings.length > 1) {
  const base = bySetting.get(settings[0]!)!;
  const others = settings.slice(1);
  const pct = (value: number, baseline: number) => `${value >= baseline ? "+" : ""}${(((value - baseline) / baseline) * 100).toFixed(1)}%`;
  const compared = cases.map((c) => [
    c.name,
    ms(base.get(c.name)!.timing.p50),
    ...others.flatMap((setting) => {
      const { timing, errors } = bySetting.get(setting)!.get(c.name)!;
      return [ms(timing.p50), pct(timing.p50, base.get(c.name)!.timing.p50) + (errors.count ? ` (${describeErrors(errors)} not 200)` : "")];
    }),
  ]);
  const sum = (setting: Setting) => cases.reduce((total, c) => total + bySetting.get(setting)!.get(c.name)!.timing.p50, 0);
  compared.push([
    "sum of the p50s",
    ms(sum(settings[0]!)),
    ...others.flatMap((setting) => [ms(sum(setting)), pct(sum(setting), sum(settings[0]!))]),
  ]);
  console.log(`p50 by setting, each server started with the same settings but for its own (goal: at most 5% over "${settings[0]}"):\n`);
  printTable(["case", `${settings[0]} p50 ms`, ...others.flatMap((setting) => [`${setting} p50 ms`, "vs " + settings[0]])], compared);
  if (scrape)
    console.log(
      `\nmetrics: one scrape at the end answered ${scrape.status}, ${scrape.series} series, ${scrape.requests} requests in mandi_http_request_duration_seconds_count.`,
    );
  if (collector)
    console.log(
      `tracing: the collector took ${collector.posts()} OTLP posts, ${(collector.bytes() / 1e6).toFixed(1)} MB, and threw them away.`,
    );
}

/**
 * A seller signed in on the bench server who owns `listingIds` (moved to them in the database),
 * so their Edit pages, with price insight, can be timed. Returns the session cookie.
 */
async function benchSeller(origin: string, listingIds: string[]): Promise<string> {
  const headers = { "content-type": "application/json", origin };
  const seller = {
    name: "Bench Editor",
    email: `bench-editor-${Date.now()}@example.in`,
    password: "bench-editor-password",
    phone: `+9197${String(Date.now()).slice(-8)}`,
  };
  const signedUp = await fetch(`${origin}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify(seller) });
  if (!signedUp.ok) throw new Error(`bench sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  const { user } = (await signedUp.json()) as { user: { id: string } };
  const signedIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: seller.email, password: seller.password }),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const db = openDatabase(market.url);
  try {
    if (listingIds.length) await db.kysely.updateTable("listing").set({ seller_id: user.id }).where("id", "in", listingIds).execute();
  } finally {
    await db.close();
  }
  return cookie;
}

/** A stand-in OpenTelemetry collector on 127.0.0.1: takes any OTLP/HTTP post, counts it, keeps nothing. */
async function startCollector(port: number): Promise<{ posts: () => number; bytes: () => number; close: () => Promise<void> }> {
  let posts = 0;
  let bytes = 0;
  const server: Server = createServer((req, res) => {
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => {
      posts++;
      // An empty ExportTraceServiceResponse: everything accepted.
      const json = String(req.headers["content-type"] ?? "").includes("json");
      res.writeHead(200, { "content-type": json ? "application/json" : "application/x-protobuf" });
      res.end(json ? "{}" : undefined);
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
  return { posts: () => posts, bytes: () => bytes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
