/**
 * `npm run bench:alerts -- [--searches 100000] [--runs 200] [--scan-runs 10] [--listings 0] [--dense]`
 *
 * Matching one listing that has just become live against 100,000 saved searches (decisions 022
 * and 030), through the job's own path: `alerts.matchListing` of the app's services, which reads
 * the listing, asks the key index for candidates (narrowed in SQL by place, category, price and
 * grade), tests each with search's rules, records the matches and queues their email and push
 * jobs. As the baseline in the same run: reading every saved search and testing each, with the
 * query parsed per search, as before the index. Prints p50/p95 of each, and where the time goes.
 *
 * Saved searches and listings (default): drawn as a market's would be. Each saved search is
 * made from a listing the benchmark marketplace's own generator (syntheticListings) would make,
 * so the produce people search for is as skewed as what is listed: its catalogue name (54 %), a
 * Hinglish or regional alias (24 %) or its Hindi name (12 %), else only its category (10 %, always
 * in a district or a state). A produce search names a district (60 %), only a state (30 %), types
 * the district into its words (5 %) or asks anywhere in India (5 %);
 * a third cap the price near the produce's, 10 % ask for a grade, 5 % are paused. Places are
 * every district of core/locations, skewed so that a few dozen hold most of the trade. `--dense`
 * runs instead the old distribution: 20 produce words and 5 places for 100,000 searches, where
 * every listing matches thousands (the worst case, not a market).
 *
 * The database: a fresh SQLite file in a temp folder, or the PostgreSQL database DATABASE_URL
 * names (emptied of alert data first). Matching reads the listing table once, by primary key, so
 * the listings beside it hardly matter; `--listings 1000000` runs it inside the benchmark
 * marketplace of that size (bench:search's, built or reused) to show that.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { prepareDataDir } from "../../server/config";
import { createLogger } from "../../server/logger";
import { createServices } from "../../server/services";
import { listingKeys, readSavedQuery, savedSearchIndex, savedSearchMatches } from "../../core/alerts/saved-search-index";
import { storedSearchMatches } from "../../server/alerts/stored-search-matches";
import { createSavedSearchesRepository, keyRow } from "../../server/alerts/saved-searches.repository";
import type { FilterableListing } from "../../core/search/listing-filter";
import { seededRandom, syntheticListings } from "../../server/seed/factories";
import type { SavedQuery } from "../../core/alerts/saved-search";
import { normaliseSearchText } from "../../core/search/search-text";
import { districtName } from "../../core/locations";
import { STATES } from "../../core/locations/states";
import { matchProduce } from "../../core/catalogue/produce";
import { resolveCategory } from "../../core/catalogue/categories";
import { GRADES } from "../../core/catalogue/grades";
import { clearBenchAlerts, insertBenchListings, insertBenchSavedSearches, insertBenchUsers, type BenchListing } from "./bench.repository";
import { openMarketplace } from "./marketplace";
import { argument, ms, percentile } from "./measure";
import { benchPostgresUrl } from "./bench-database";

const COUNT = Number(argument("searches", "100000"));
const RUNS = Number(argument("runs", "200"));
const SCAN_RUNS = Number(argument("scan-runs", "10"));
const LISTINGS = Number(argument("listings", "0"));
const DENSE = process.argv.includes("--dense");
const PEOPLE = Math.max(1, Math.round(COUNT / 5));
const SELLER = "bench-alerts-seller";
const pgUrl = benchPostgresUrl();

// ---- The market's places and produce -------------------------------------------------------

const random = seededRandom(24);
const DISTRICTS = STATES.flatMap((state) => state.districts.map((d) => ({ state: state.slug, district: d.slug })));
for (let i = DISTRICTS.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [DISTRICTS[i], DISTRICTS[j]] = [DISTRICTS[j]!, DISTRICTS[i]!];
}
/** Low indexes far more often (as syntheticListings picks produce): a few districts hold most of the trade. */
const skewedPlace = () => DISTRICTS[Math.floor(DISTRICTS.length * random() ** 2)]!;
const chance = (p: number) => random() < p;
const pickOf = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

function wordsFor(name: string, category: string): string {
  const produce = matchProduce(name, resolveCategory(category));
  if (!produce) return normaliseSearchText(name).split(" ").at(-1)!;
  const roll = random();
  if (roll < 0.6) return (produce.searchName ?? produce.en.replace(/\s*\(.*\)\s*/g, " ")).trim().toLowerCase();
  if (roll < 0.87 && produce.aliases.length) return pickOf(produce.aliases);
  return produce.hi;
}

function marketQueries(count: number): SavedQuery[] {
  const queries: SavedQuery[] = [];
  for (const listing of syntheticListings(count, { seed: 2 })) {
    const place = skewedPlace();
    const where = random();
    const q: SavedQuery = { q: "", by: chance(0.2) ? "name" : "any", category: "", state: "", district: "" };
    if (chance(0.1)) {
      // A whole category is asked for near home: in a district, or a state.
      q.category = listing.category;
      Object.assign(q, where < 0.7 ? { state: place.state, district: place.district } : { state: place.state });
    } else {
      q.q = wordsFor(listing.name, listing.category);
      if (where < 0.6) Object.assign(q, { state: place.state, district: place.district });
      else if (where < 0.9) q.state = place.state;
      else if (where < 0.95) q.q = `${q.q} ${districtName(place.state, place.district).toLowerCase()}`;
    }
    if (chance(1 / 3)) q.maxPaise = Math.round((listing.pricePaise * (0.9 + random() * 0.4)) / 100) * 100;
    else if (chance(0.05)) q.minPaise = Math.round((listing.pricePaise * 0.7) / 100) * 100;
    if (chance(0.1)) q.grade = pickOf(GRADES);
    queries.push(q);
  }
  return queries;
}

function marketListings(count: number): BenchListing[] {
  return [...syntheticListings(count, { seed: 9 })].map((listing, i) => {
    const place = skewedPlace();
    return {
      id: randomUUID(),
      sellerId: SELLER,
      name: listing.name,
      category: listing.category,
      pricePaise: listing.pricePaise,
      ...place,
      grade: chance(0.6) ? pickOf(GRADES) : null,
      createdAt: Date.now() - i * 1000,
    };
  });
}

// ---- The old, dense distribution (--dense) ------------------------------------------------

const WORDS = [
  "onion",
  "pyaz",
  "potato",
  "aloo",
  "tomato",
  "rice",
  "basmati",
  "wheat",
  "mango",
  "grapes",
  "apple",
  "chilli",
  "garlic",
  "ginger",
  "banana",
  "guava",
  "carrot",
  "okra",
  "soybean",
  "mustard",
];
const PLACES = [
  ["maharashtra", "nashik"],
  ["maharashtra", "pune"],
  ["punjab", "ludhiana"],
  ["uttar-pradesh", "agra"],
  ["karnataka", "kolar"],
  ["", ""],
];
const at = <T>(list: readonly T[], i: number) => list[i % list.length]!;

function denseQueries(count: number): SavedQuery[] {
  return Array.from({ length: count }, (_, i) => {
    const [state, district] = at(PLACES, Math.floor(i / 7));
    const q: SavedQuery = {
      q: i % 10 === 9 ? "" : `${at(WORDS, i)}${i % 13 === 0 ? ` ${at(WORDS, i + 3)}` : ""}`,
      by: "any",
      category: i % 10 === 9 ? "vegetables" : "",
      state: state!,
      district: district!,
    };
    if (i % 3 === 0) q.maxPaise = 2000 + (i % 50) * 100;
    return q;
  });
}

function denseListings(count: number): BenchListing[] {
  return Array.from({ length: count }, (_, i) => {
    const [state, district] = at(PLACES.slice(0, 5), i);
    return {
      id: randomUUID(),
      sellerId: SELLER,
      name: `${at(["Red", "Fresh", "Organic", "Nashik"], i)} ${at(WORDS, i * 7)}`,
      category: "vegetables",
      pricePaise: 1500 + (i % 40) * 100,
      state: state!,
      district: district!,
      grade: null,
      createdAt: Date.now() - i * 1000,
    };
  });
}

// ---- The run -------------------------------------------------------------------------------

const tempDir = mkdtempSync(path.join(tmpdir(), "mandi-bench-alerts-"));
let db: Db;
let url: string;
if (LISTINGS > 0) {
  const market = await openMarketplace({ listings: LISTINGS, url: pgUrl, dir: argument("dir", "/tmp/mandi-bench") });
  ({ db, url } = market);
} else {
  url = pgUrl ?? `sqlite:${path.join(tempDir, "bench.sqlite")}`;
  db = openDatabase(url);
  await migrateToLatest(db);
}
const services = await createServices(
  prepareDataDir({
    NODE_ENV: "production",
    DATA_DIR: tempDir,
    DATABASE_URL: url,
    AUTH_SECRET: "bench-only-secret-never-used-to-sign",
    LOG_LEVEL: "silent",
    BASE_URL: "https://mandi.example.in",
    // Email on, so matching queues the email jobs it would (nothing is sent: the jobs never run here).
    SMTP_URL: "smtp://127.0.0.1:2525",
    MAIL_FROM: "Mandi <alerts@mandi.example.in>",
  }),
  { migrate: false, logger: createLogger("silent") },
);

try {
  await clearBenchAlerts(db.kysely);
  const people = Array.from({ length: PEOPLE }, (_, i) => ({
    id: `bench-alerts-${i}`,
    name: `Buyer ${i}`,
    email: `buyer${i}@bench.example.in`,
  }));
  await insertBenchUsers(db.kysely, db.dialect, [{ id: SELLER, name: "Bench seller", email: "seller@bench.example.in" }, ...people]);

  const started = performance.now();
  const queries = DENSE ? denseQueries(COUNT) : marketQueries(COUNT);
  const searches = queries.map((query, i) => {
    const id = randomUUID();
    const daily = i % 5 === 4;
    const row = {
      id,
      user_id: people[i % PEOPLE]!.id,
      name: null,
      query: JSON.stringify(query),
      paused: !DENSE && i % 20 === 7 ? 1 : 0,
      pace: daily ? "daily" : "instant",
      digest_hour: 8,
      channels: DENSE ? "app" : i % 10 === 3 ? "app,email,push" : i % 20 === 11 ? "app" : "app,email",
      created_at: 0,
      updated_at: 0,
      seen_at: 0,
      last_digest_at: null,
      language: i % 10 < 3 ? "hi" : "en",
    };
    return { row, keys: savedSearchIndex(query).map((key) => keyRow(id, key)) };
  });
  await insertBenchSavedSearches(db.kysely, searches);
  const keyRows = searches.reduce((n, s) => n + s.keys.length, 0);
  const all = DENSE ? denseListings(RUNS + 5) : marketListings(RUNS + 5);
  await insertBenchListings(db.kysely, all);
  const [warmup, listings] = [all.slice(RUNS), all.slice(0, RUNS)];
  if (db.dialect === "postgres") await sql`analyze`.execute(db.kysely);
  console.log(
    `${COUNT.toLocaleString("en-IN")} saved searches (${DENSE ? "dense: 20 words, 5 places" : "market-like"}; ${keyRows.toLocaleString("en-IN")} index rows), ${PEOPLE.toLocaleString("en-IN")} people, on ${db.dialect}${LISTINGS ? ` beside ${LISTINGS.toLocaleString("en-IN")} listings` : ""}: stored in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The job's path, one listing after another (each is new: its matches are recorded, its jobs queued).
  const filterable = (l: BenchListing): FilterableListing => ({
    sellerId: l.sellerId,
    nameSearch: normaliseSearchText(l.name),
    category: l.category,
    pricePaise: l.pricePaise,
    state: l.state,
    district: l.district,
    grade: l.grade,
  });
  for (const listing of warmup) await services.alerts.matchListing(listing.id);
  // Where the job's own time goes: its queueing of email and push jobs, timed around the queue it calls.
  const queueing: Record<string, number[]> = {};
  const enqueueMany = services.jobs.enqueueMany.bind(services.jobs);
  services.jobs.enqueueMany = async (job, jobs, within) => {
    const t0 = performance.now();
    await enqueueMany(job, jobs, within);
    (queueing[job.kind] ??= []).push(performance.now() - t0);
  };
  const times: number[] = [];
  // The job's CPU time in this process (user + system): SQLite's writes run here, so on a shared
  // machine this moves with the work done far less than the wall time does with the load.
  const cpuTimes: number[] = [];
  let candidates = 0;
  let matched = 0;
  const matchCounts: number[] = [];
  for (const listing of listings) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const result = await services.alerts.matchListing(listing.id);
    const cpu = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    candidates += result.candidates;
    matched += result.matched.length;
    matchCounts.push(result.matched.length);
  }
  // Where the time goes, for the same listings: the candidates' SQL alone, and the tests in memory.
  const repository = createSavedSearchesRepository(db.kysely);
  const sqlTimes: number[] = [];
  const testTimes: number[] = [];
  for (const listing of listings) {
    const l = filterable(listing);
    const t0 = performance.now();
    const found = await repository.findCandidates(listingKeys(l), l);
    const t1 = performance.now();
    found.filter((row) => storedSearchMatches(row.query, l));
    sqlTimes.push(t1 - t0);
    testTimes.push(performance.now() - t1);
  }
  const scan: number[] = [];
  let scanned = 0;
  for (const listing of listings.slice(0, SCAN_RUNS)) {
    const l = filterable(listing);
    const t0 = performance.now();
    const all = await db.kysely
      .selectFrom("saved_search")
      .select(["id", "user_id", "query"])
      .where("paused", "=", 0)
      .where("user_id", "<>", l.sellerId)
      .execute();
    scanned += all.filter((row) => savedSearchMatches(readSavedQuery(row.query), l)).length;
    scan.push(performance.now() - t0);
  }

  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const line = (list: number[]) => `p50 ${ms(percentile(sorted(list), 50))} ms, p95 ${ms(percentile(sorted(list), 95))} ms`;
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const queued = (kind: string) => queueing[kind] ?? [0];
  // The goal is the match itself; the job around it also writes what it found (decision 030).
  console.log(
    `Goal: matching one new listing against ${COUNT.toLocaleString("en-IN")} saved searches, p95 ≤ 50 ms (${RUNS} listings; ${Math.round(candidates / RUNS)} candidates and ${Math.round(matched / RUNS)} matches per listing)`,
  );
  console.log(
    `  MATCHING (the goal's figure: the candidates' SQL and the tests in memory, run again alone): ${line(sqlTimes.map((t, i) => t + testTimes[i]!))}; the SQL alone ${line(sqlTimes)}`,
  );
  console.log(
    `  THE WHOLE JOB (alerts.matchListing: reads the listing, matches, records the matches, queues their email and push jobs): ${line(times)}`,
  );
  console.log(
    `    its CPU time (user + system, this process): ${line(cpuTimes)}, mean ${ms(mean(cpuTimes))} ms; wall time mean ${ms(mean(times))} ms`,
  );
  console.log(
    `    of which queueing email jobs ${line(queued("email-match"))}, mean ${ms(mean(queued("email-match")))} ms; push jobs mean ${ms(mean(queued("push-match")))} ms`,
  );
  console.log(
    `    the rest (reading the listing, recording the matches), mean ${ms(mean(times) - mean(sqlTimes) - mean(testTimes) - mean(queued("email-match")) - mean(queued("push-match")))} ms: the writes grow with the matches, not with the saved searches`,
  );
  // A million listings over two years is about 1,370 new ones a day: what each saved search is then sent.
  console.log(
    `  matches per listing: p50 ${percentile(sorted(matchCounts), 50)}, p95 ${percentile(sorted(matchCounts), 95)}; at 1,370 new listings a day (a million in two years) each saved search would be told of ${(((matched / RUNS) * 1370) / COUNT).toFixed(1)} listings a day`,
  );
  console.log(
    `Baseline, reading every saved search and testing each (${SCAN_RUNS} listings): ${line(scan)}; ${Math.round(scanned / Math.max(1, SCAN_RUNS))} matches per listing`,
  );
} finally {
  // Its listings out of the marketplace again, so the next run finds the size it was built at
  // (else it holds 205 more: rebuilt on PostgreSQL, refused on SQLite).
  if (LISTINGS > 0) await db.kysely.deleteFrom("listing").where("image_key", "=", "listings/bench-alerts").execute();
  await services.close();
  await db.close();
  rmSync(tempDir, { recursive: true, force: true });
}
