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
 * Figures, not tests: it never fails on a slow number.
 */
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEEPEST, HINDI, MISSES, PREFIX_2, PREFIX_3, PREFIX_5, TYPOS, WORDS } from "./inputs";
import { openDatabase } from "../../server/db/database";
import { importMandiRates } from "../../server/mandi-rates/import-mandi-rates";
import { createMandiRatesRepository } from "../../server/mandi-rates/mandi-rates.repository";
import { writeSyntheticCsv } from "../../tests/support/mandi-rates";
import { openMarketplace } from "./marketplace";
import { argument, measure, ms, printTable, type Timing } from "./measure";
import { requireProductionBuild, startHelloWorld, startMarketServer, stopProcess } from "./servers";
import { benchPostgresUrl } from "./bench-database";

const listings = Number(argument("listings", "1000000"));
const runs = Number(argument("runs", "200"));
const rates = Number(argument("rates", "1000000"));
const APP_PORT = Number(argument("port", "4194"));
const HELLO_PORT = APP_PORT + 1;

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
  console.log(`Imported: ${report.stored.toLocaleString("en-IN")} stored in ${seconds.toFixed(0)} s (${Math.round(rates / seconds).toLocaleString("en-IN")} rows / s).`);
  rmSync(path.dirname(csv), { recursive: true, force: true });
}
const ratesHeld = await createMandiRatesRepository(market.db.kysely).countRates();
const viewIds = (await market.db.kysely.selectFrom("listing").select("id").where("hidden_at", "is", null).orderBy("created_at", "desc").limit(runs).execute()).map(
  (row) => row.id,
);
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
const sellerIds = [
  ...new Set(
    (await market.db.kysely.selectFrom("listing").select("seller_id").where("id", "in", viewIds.length ? viewIds : [""]).execute()).map((row) => row.seller_id),
  ),
];
await market.db.close();

const search = (q: string, more = "") => `/viewmore?q=${encodeURIComponent(q)}${more}`;
const suggest = (q: string) => `/api/suggestions?q=${encodeURIComponent(q)}`;
const BROAD = ["rice", "onion", "basmati", "tomato", "potato", "mango", "wheat", "almonds"];
const PAGES = [1, Math.ceil(DEEPEST / 4), Math.ceil(DEEPEST / 2), DEEPEST].map(String);
const PRODUCE_IDS = ["onion", "basmati-rice", "tomato", "potato", "mango", "wheat", "almond"];
const INSIGHT_PLACES = ["&state=maharashtra&district=nashik", "&state=punjab&district=ludhiana", "&state=bihar&district=patna", "&state=kerala", ""];
const live = PRODUCE_IDS.flatMap((produce, i) =>
  INSIGHT_PLACES.map((place, j) => `/api/price-insight?name=${encodeURIComponent(produce.replace("-", " "))}&unit=${(i + j) % 2 ? "quintal" : "kg"}${place}&grade=${["", "A", "FAQ"][j % 3]}`),
);
type Group = "page" | "suggestions" | "live" | "api";
const cases: Array<{ name: string; group: Group; paths: string[]; signedIn?: boolean }> = [
  { name: "home page", group: "page", paths: ["/", "/?category=rice", "/?category=vegetables", "/?category=fruits"] },
  { name: "search, page 1", group: "page", paths: BROAD.map((q) => search(q)) },
  { name: `search, page ${DEEPEST} (the deepest)`, group: "page", paths: BROAD.map((q) => search(q, `&page=${DEEPEST}`)) },
  { name: `a name alone, page ${DEEPEST}`, group: "page", paths: BROAD.map((q) => search(q, `&by=name&page=${DEEPEST}`)) },
  { name: "search in a category", group: "page", paths: WORDS.map((q) => search(q, "&category=rice")) },
  { name: "search in Hindi or Hinglish", group: "page", paths: HINDI.map((q) => search(q)) },
  { name: "search with a typo", group: "page", paths: TYPOS.map((q) => search(q)) },
  { name: "search finding nothing", group: "page", paths: MISSES.map((q) => search(q)) },
  { name: `category, pages 1–${DEEPEST}`, group: "page", paths: PAGES.flatMap((p) => ["vegetables", "fruits"].map((c) => `/viewmore?category=${c}&page=${p}`)) },
  { name: `all, by price, pages 1–${DEEPEST}`, group: "page", paths: PAGES.flatMap((p) => ["price-asc", "price-desc"].map((s) => `/viewmore?sort=${s}&page=${p}`)) },
  // Issue 23: a grade by price (migration 0024), a common grade and a rare one.
  {
    name: `a grade, by price, pages 1–${DEEPEST}`,
    group: "page",
    paths: PAGES.flatMap((p) => ["A", "C"].flatMap((g) => ["price-asc", "price-desc"].map((s) => `/viewmore?grade=${g}&sort=${s}&page=${p}`))),
  },
  { name: "a listing's page (different ones)", group: "page", paths: viewIds.map((id) => `/view/${id}`) },
  // Issue 23: pages that show price insight, and the sell form's live request.
  { name: "a listing's page with price insight", group: "page", paths: insightIds.map((id) => `/view/${id}`) },
  { name: "/prices (every produce)", group: "page", paths: ["/prices"] },
  { name: "/prices/<produce> (chart and tables)", group: "page", paths: PRODUCE_IDS.map((id) => `/prices/${id}`) },
  { name: "sell form, Edit with price insight", group: "page", paths: insightIds.slice(0, 20).map((id) => `/my/listings/${id}/edit`), signedIn: true },
  { name: "live /api/price-insight", group: "live", paths: live },
  { name: "suggestions, 2 letters", group: "suggestions", paths: PREFIX_2.map(suggest) },
  { name: "suggestions, 3 letters", group: "suggestions", paths: PREFIX_3.map(suggest) },
  { name: "suggestions, 5 letters", group: "suggestions", paths: PREFIX_5.map(suggest) },
  { name: "suggestions, a typo", group: "suggestions", paths: TYPOS.map(suggest) },
  { name: "suggestions, no match", group: "suggestions", paths: MISSES.map(suggest) },
  { name: "suggestions, Hindi or Hinglish", group: "suggestions", paths: HINDI.map(suggest) },
  // The public read API (decision 032); its pages by cursor are added once the server answers (apiCursorCases).
  { name: "API: listings, a search", group: "api", paths: BROAD.map((q) => `/api/v1/listings?q=${encodeURIComponent(q)}`) },
  { name: "API: listings, category by price", group: "api", paths: ["vegetables", "fruits", "rice"].flatMap((c) => ["price-asc", "price-desc"].map((s) => `/api/v1/listings?category=${c}&sort=${s}&limit=50`)) },
  { name: "API: listings, place and price", group: "api", paths: BROAD.map((q) => `/api/v1/listings?q=${q}&state=maharashtra&district=nashik&max=25&sort=price-asc`) },
  { name: "API: one listing", group: "api", paths: viewIds.map((id) => `/api/v1/listings/${id}`) },
  { name: "API: a seller", group: "api", paths: sellerIds.map((id) => `/api/v1/sellers/${id}`) },
  { name: "API: price insight", group: "api", paths: PRODUCE_IDS.flatMap((produce) => INSIGHT_PLACES.map((place) => `/api/v1/price-insight?produce=${produce}${place}`)) },
  { name: "API: mandi rates", group: "api", paths: ["onion", "tomato", "potato", "wheat"].flatMap((produce) => [`/api/v1/mandi-rates?produce=${produce}&limit=50`, `/api/v1/mandi-rates?produce=${produce}&state=maharashtra&from=2020-01-01`]) },
  { name: "API: catalogue, places, MSP", group: "api", paths: ["/api/v1/produce", "/api/v1/categories", "/api/v1/states", "/api/v1/states/maharashtra", "/api/v1/msp"] },
];

/**
 * Pages of the API's listings by cursor: the second, and the twentieth of 50 (1,000 listings in),
 * reached by following next_cursor before timing.
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
  const deep = (await Promise.all(["price-asc", "newest"].map((s) => pageAfter(`/api/v1/listings?category=vegetables&sort=${s}&limit=50`, 19)))).filter((p): p is string => p !== null);
  return [
    { name: "API: listings, next page by cursor", group: "api", paths: second },
    { name: "API: listings, 1,000 in by cursor", group: "api", paths: deep },
  ].filter((c) => c.paths.length > 0) as typeof cases;
}

/** One GET after another on one keep-alive connection; any answer but 200 is counted. */
async function timeAll(origin: string, paths: string[], headers: Record<string, string> = {}): Promise<{ timing: Timing; errors: number }> {
  let errors = 0;
  const timing = await measure(paths, runs, async (p) => {
    const response = await fetch(origin + p, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) errors++;
  });
  return { timing, errors };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-pages-"));
const rows: string[][] = [];
const row = (name: string, { timing, errors }: { timing: Timing; errors: number }) =>
  rows.push([name, ms(timing.p50), ms(timing.p95), ms(timing.p99), String(errors)]);
try {
  const hello = await startHelloWorld(HELLO_PORT);
  row("node:http hello-world (baseline)", await timeAll(`http://127.0.0.1:${HELLO_PORT}`, ["/"]));
  await stopProcess(hello);

  // One process and no page cache: every request is rendered, and nothing else competes for the core.
  const server = await startMarketServer({
    port: APP_PORT,
    dataDir,
    databaseUrl: market.url,
    env: { WEB_CONCURRENCY: "1", PAGE_CACHE_MS: "0", API_PER_MINUTE: "100000000", API_CONTACT_PER_MINUTE: "100000000" },
  });
  try {
    const cookie = await benchSeller(`http://127.0.0.1:${APP_PORT}`, insightIds.slice(0, 20));
    cases.push(...(await apiCursorCases(`http://127.0.0.1:${APP_PORT}`)));
    for (const c of cases) {
      row(c.name, await timeAll(`http://127.0.0.1:${APP_PORT}`, c.paths, c.signedIn ? { cookie } : {}));
      process.stderr.write(`  done: ${c.name}\n`);
    }
  } finally {
    await stopProcess(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n${url ? "PostgreSQL" : "SQLite"}: ${market.listings.toLocaleString("en-IN")} listings, ${ratesHeld.toLocaleString("en-IN")} mandi rates; ${runs} requests per case, one at a time, ` +
    `page cache off, one process (after ${Math.min(10, runs)} untimed)\n`,
);
printTable(["case", "p50 ms", "p95 ms", "p99 ms", "not 200"], rows);
const worst = (group: Group, column: 1 | 2) => Math.max(...cases.filter((c) => c.group === group).map((c) => Number(rows.find((r) => r[0] === c.name)![column])));
console.log(`
Goals:
  search and browse pages p50 <= 25 ms, p95 <= 50 ms:   worst p50 ${worst("page", 1)} ms, worst p95 ${worst("page", 2)} ms
  suggestions p95 <= 10 ms, any input:                 worst p95 ${worst("suggestions", 2)} ms
  live price insight p95 <= 20 ms (issue 23):           worst p95 ${worst("live", 2)} ms
  public API p95 <= 20 ms (issue 25), JSON only:        worst p95 ${worst("api", 2)} ms
`);

/**
 * A seller signed in on the bench server who owns `listingIds` (moved to them in the database),
 * so their Edit pages, with price insight, can be timed. Returns the session cookie.
 */
async function benchSeller(origin: string, listingIds: string[]): Promise<string> {
  const headers = { "content-type": "application/json", origin };
  const seller = { name: "Bench Editor", email: `bench-editor-${Date.now()}@example.in`, password: "bench-editor-password", phone: `+9197${String(Date.now()).slice(-8)}` };
  const signedUp = await fetch(`${origin}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify(seller) });
  if (!signedUp.ok) throw new Error(`bench sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  const { user } = (await signedUp.json()) as { user: { id: string } };
  const signedIn = await fetch(`${origin}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email: seller.email, password: seller.password }) });
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const db = openDatabase(market.url);
  try {
    if (listingIds.length) await db.kysely.updateTable("listing").set({ seller_id: user.id }).where("id", "in", listingIds).execute();
  } finally {
    await db.close();
  }
  return cookie;
}
