/**
 * `npm run bench:search -- --listings 1000000 [--runs 300] [--rebuild] [--build-only] [--dir /tmp/mandi-bench]`
 * Builds (or reuses) a synthetic marketplace, then times suggestions, search, deep pages and
 * "nearest first" (beside newest first, its baseline) through the real listings service, beside the same questions answered by a LIKE '%…%' scan,
 * and prints one table. SQLite by default; PostgreSQL when DATABASE_URL is postgres://….
 * Figures, not tests: it never fails on a slow number.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { browseQuerySchema } from "../../core/search/search-query";
import { prepareDataDir } from "../../server/config";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";
import { createLikeScan } from "./bench.repository";
import { DEEPEST, PREFIX_2, PREFIX_3, PREFIX_5, TYPOS, WORDS } from "./inputs";
import { openMarketplace } from "./marketplace";
import { argument, measure, ms, printTable, type Timing } from "./measure";
import { benchPostgresUrl } from "./bench-database";

const listings = Number(argument("listings", "1000000"));
const runs = Number(argument("runs", "300"));
const baselineRuns = Number(argument("baseline-runs", "15"));
const url = benchPostgresUrl();

const market = await openMarketplace({
  listings,
  url,
  rebuild: process.argv.includes("--rebuild"),
  dir: argument("dir", "/tmp/mandi-bench"),
});
if (process.argv.includes("--build-only")) {
  console.log(
    `Built: ${market.listings} listings, ${market.names} names${market.buildSeconds !== null ? `, in ${market.buildSeconds.toFixed(0)} s` : ""}.`,
  );
  await market.db.close();
  process.exit(0);
}
const mediaDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-media-"));
// The app's own services on the bench database (already migrated by openMarketplace).
const services = await createServices(
  prepareDataDir({
    NODE_ENV: "production",
    DATA_DIR: mediaDir,
    DATABASE_URL: market.url,
    AUTH_SECRET: "bench-only-secret-never-used-to-sign",
    LOG_LEVEL: "silent",
  }),
  { migrate: false, logger: createLogger("silent") },
);
const service = services.search;
const scan = createLikeScan(market.db.kysely);
const browse = (query: Record<string, string>) => {
  const parsed = browseQuerySchema.parse(query);
  return service.browseListings({ ...parsed, from: parsed.sort === "near" ? parsed.from : undefined });
};
/** Districts to sort from: beside the bench's crowded ones, and far from all of them. */
const NEAR_FROM = [
  "maharashtra/nashik",
  "maharashtra/thane",
  "bihar/patna",
  "tamil-nadu/chennai",
  "assam/kamrup-metropolitan",
  "rajasthan/jaipur",
];

interface Case {
  name: string;
  run: (input: string) => Promise<unknown>;
  inputs: string[];
  baseline?: (input: string) => Promise<unknown>;
}

const allCases: Case[] = [
  { name: "suggest, 2-letter prefix", inputs: PREFIX_2, run: (q) => service.suggestListings(q), baseline: (q) => scan.suggest(q) },
  { name: "suggest, 3-letter prefix", inputs: PREFIX_3, run: (q) => service.suggestListings(q), baseline: (q) => scan.suggest(q) },
  { name: "suggest, 5-letter prefix", inputs: PREFIX_5, run: (q) => service.suggestListings(q), baseline: (q) => scan.suggest(q) },
  { name: "suggest, typo (4+ letters)", inputs: TYPOS, run: (q) => service.suggestListings(q) },
  {
    name: "search in a category (rice)",
    inputs: WORDS,
    run: (q) => browse({ q, category: "rice" }),
    baseline: (q) => scan.search({ text: q, category: "rice", page: 1 }),
  },
  {
    name: "broad search 'rice', page 1",
    inputs: ["rice"],
    run: () => browse({ q: "rice" }),
    baseline: () => scan.search({ text: "rice", orCategory: "rice", page: 1 }),
  },
  {
    name: `broad search 'rice', page ${DEEPEST}`,
    inputs: ["rice"],
    run: () => browse({ q: "rice", page: String(DEEPEST) }),
    baseline: () => scan.search({ text: "rice", orCategory: "rice", page: DEEPEST }),
  },
  { name: "category 'vegetables', page 1", inputs: ["vegetables"], run: (c) => browse({ category: c }) },
  { name: `category 'vegetables', page ${DEEPEST}`, inputs: ["vegetables"], run: (c) => browse({ category: c, page: String(DEEPEST) }) },
  { name: "all listings, price low→high, page 1", inputs: [""], run: () => browse({ sort: "price-asc" }) },
  { name: `all listings, price low→high, page ${DEEPEST}`, inputs: [""], run: () => browse({ sort: "price-asc", page: String(DEEPEST) }) },
  // "Nearest first" (decision 024), beside newest first on the same filter as its baseline. The
  // bench's listings sit in six districts, so each is crowded (about 167,000): the hard case.
  { name: "all listings, newest, page 1", inputs: [""], run: () => browse({}) },
  { name: "all listings, nearest first, page 1", inputs: NEAR_FROM, run: (from) => browse({ sort: "near", from }) },
  { name: `all listings, newest, page ${DEEPEST}`, inputs: [""], run: () => browse({ page: String(DEEPEST) }) },
  {
    name: `all listings, nearest first, page ${DEEPEST}`,
    inputs: NEAR_FROM,
    run: (from) => browse({ sort: "near", from, page: String(DEEPEST) }),
  },
  { name: "search 'onion', newest, page 1", inputs: ["onion"], run: (q) => browse({ q }) },
  { name: "search 'onion', nearest first, page 1", inputs: NEAR_FROM, run: (from) => browse({ q: "onion", sort: "near", from }) },
  {
    name: "category 'fruits', nearest first, page 1",
    inputs: NEAR_FROM,
    run: (from) => browse({ category: "fruits", sort: "near", from }),
  },
  // "rice" names a category too: name or category, tested in listing_near_idx since migration 0028 (decision 024).
  { name: "broad search 'rice', nearest first, page 1", inputs: NEAR_FROM, run: (from) => browse({ q: "rice", sort: "near", from }) },
];

/** `--only WORDS`: only the cases whose name holds the words (e.g. --only "newest,nearest"). */
const only = argument("only", "").split(",").filter(Boolean);
const cases = only.length ? allCases.filter((c) => only.some((word) => c.name.includes(word))) : allCases;

console.log(
  `\n${market.db.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}: ${market.listings.toLocaleString("en-IN")} listings, ` +
    `${market.names.toLocaleString("en-IN")} distinct names` +
    (market.buildSeconds !== null ? `, built in ${market.buildSeconds.toFixed(0)} s` : ", reused") +
    (market.sizeBytes ? `, ${(market.sizeBytes / 2 ** 20).toFixed(0)} MB on disk` : "") +
    `; ${runs} runs per case, ${baselineRuns} per baseline\n`,
);

const results = new Map<string, { timing: Timing; baseline?: Timing }>();
for (const c of cases) {
  const timing = await measure(c.inputs, runs, c.run);
  const baseline = c.baseline ? await measure(c.inputs, baselineRuns, c.baseline, 1) : undefined;
  results.set(c.name, { timing, baseline });
  process.stderr.write(`  done: ${c.name}\n`);
}

printTable(
  ["case", "p50 ms", "p95 ms", "p99 ms", "q/s", "LIKE scan p50", "LIKE scan p95", "speed-up (p50)"],
  cases.map((c) => {
    const { timing, baseline } = results.get(c.name)!;
    return [
      c.name,
      ms(timing.p50),
      ms(timing.p95),
      ms(timing.p99),
      timing.qps.toFixed(0),
      baseline ? ms(baseline.p50) : "–",
      baseline ? ms(baseline.p95) : "–",
      baseline ? `${(baseline.p50 / timing.p50).toFixed(0)}×` : "–",
    ];
  }),
);

const get = (name: string) => results.get(name)!;
const suggestions = ["suggest, 3-letter prefix", "suggest, 5-letter prefix"].map(get);
const pageRatio = (deep: string, first: string) => (get(deep).timing.p50 / get(first).timing.p50).toFixed(2);
if (cases.some((c) => c.name.includes("nearest"))) {
  console.log(`
Nearest first (decision 024) at ${market.listings.toLocaleString("en-IN")} listings:
  nearest first p95 <= 50 ms (page 1 / page ${DEEPEST} / 'onion' / fruits): ${["all listings, nearest first, page 1", `all listings, nearest first, page ${DEEPEST}`, "search 'onion', nearest first, page 1", "category 'fruits', nearest first, page 1"].map((n) => ms(get(n).timing.p95)).join(" / ")} ms
  nearest first against newest first (p50 ratio): page 1 ${pageRatio("all listings, nearest first, page 1", "all listings, newest, page 1")}, page ${DEEPEST} ${pageRatio(`all listings, nearest first, page ${DEEPEST}`, `all listings, newest, page ${DEEPEST}`)}, 'onion' ${pageRatio("search 'onion', nearest first, page 1", "search 'onion', newest, page 1")}
`);
}
if (cases === allCases) {
  console.log(`
Goals at 1,000,000 listings:
  suggestions (3- and 5-letter) p95 <= 10 ms:       ${suggestions.map((s) => ms(s.timing.p95)).join(" / ")} ms
  suggestions >= 100x faster than the scan (p50):   ${["suggest, 2-letter prefix", "suggest, 3-letter prefix", "suggest, 5-letter prefix"].map((n) => `${(get(n).baseline!.p50 / get(n).timing.p50).toFixed(0)}x`).join(" / ")}
  2-letter prefixes p95 <= 50 ms:                   ${ms(get("suggest, 2-letter prefix").timing.p95)} ms
  page ${DEEPEST} (the deepest) within 2x of page 1 (p50 ratio): search ${pageRatio(`broad search 'rice', page ${DEEPEST}`, "broad search 'rice', page 1")}, category ${pageRatio(`category 'vegetables', page ${DEEPEST}`, "category 'vegetables', page 1")}, price sort ${pageRatio(`all listings, price low→high, page ${DEEPEST}`, "all listings, price low→high, page 1")}
`);
}

await services.close();
await market.db.close();
rmSync(mediaDir, { recursive: true, force: true });
