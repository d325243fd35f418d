/**
 * Matching one new listing against 100,000 saved searches (decision 022), on SQLite in a temp
 * folder: through the key index (saved_search_term) as alerts do, and, as the baseline in the
 * same run, by reading every saved search and testing each. Prints p50/p95 of each.
 * Usage: npm run bench:alerts [-- <saved searches>]
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { savedSearchKeys, savedSearchMatches } from "../../server/alerts/alerts.service";
import { createSavedSearchesRepository } from "../../server/alerts/saved-searches.repository";
import { listingKeys } from "../../server/listings/browse-filter";
import type { SavedQuery } from "../../core/saved-search";
import { normaliseSearchText } from "../../core/search-terms";

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = 200;
const WORDS = ["onion", "pyaz", "potato", "aloo", "tomato", "rice", "basmati", "wheat", "mango", "grapes", "apple", "chilli", "garlic", "ginger", "banana", "guava", "carrot", "okra", "soybean", "mustard"];
const PLACES = [["maharashtra", "nashik"], ["maharashtra", "pune"], ["punjab", "ludhiana"], ["uttar-pradesh", "agra"], ["karnataka", "kolar"], ["", ""]];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

function queryFor(i: number): SavedQuery {
  const [state, district] = pick(PLACES, Math.floor(i / 7));
  const q: SavedQuery = { q: i % 10 === 9 ? "" : `${pick(WORDS, i)}${i % 13 === 0 ? ` ${pick(WORDS, i + 3)}` : ""}`, by: "any", category: i % 10 === 9 ? "vegetables" : "", state: state!, district: district! };
  if (i % 3 === 0) q.maxPaise = 2000 + (i % 50) * 100;
  return q;
}

const dir = mkdtempSync(path.join(tmpdir(), "mandi-bench-alerts-"));
const db = openDatabase(`sqlite:${path.join(dir, "bench.sqlite")}`, { poolSize: 1 });
try {
  await migrateToLatest(db);
  const repo = createSavedSearchesRepository(db.kysely);
  const started = Date.now();
  for (let i = 0; i < COUNT; i += 1000) {
    await db.kysely.transaction().execute(async (trx) => {
      const rows = [];
      const terms = [];
      for (let j = i; j < Math.min(i + 1000, COUNT); j++) {
        const id = randomUUID();
        const query = queryFor(j);
        rows.push({ id, user_id: `user-${j % 20_000}`, name: null, query: JSON.stringify(query), paused: 0, pace: "instant", digest_hour: 8, channels: "app", created_at: 0, updated_at: 0, seen_at: 0, last_digest_at: null });
        for (const term of savedSearchKeys(query)) terms.push({ id: `${id}|${term}`, term, saved_search_id: id });
      }
      for (let k = 0; k < rows.length; k += 200) await trx.insertInto("saved_search").values(rows.slice(k, k + 200)).execute();
      for (let k = 0; k < terms.length; k += 300) await trx.insertInto("saved_search_term").values(terms.slice(k, k + 300)).execute();
    });
  }
  console.log(`${COUNT.toLocaleString("en-IN")} saved searches stored in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const listingOf = (i: number) => {
    const [state, district] = pick(PLACES.slice(0, 5), i);
    return { sellerId: "seller", nameSearch: normaliseSearchText(`${pick(["Red", "Fresh", "Organic", "Nashik"], i)} ${pick(WORDS, i * 7)}`), category: "vegetables", pricePaise: 1500 + (i % 40) * 100, state: state!, district: district!, grade: null };
  };
  const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;

  const indexed: number[] = [];
  let matched = 0;
  let candidates = 0;
  for (let i = 0; i < RUNS; i++) {
    const listing = listingOf(i);
    const t0 = performance.now();
    const found = await repo.findCandidates(listingKeys(listing), listing.sellerId);
    matched += found.filter((row) => savedSearchMatches(JSON.parse(row.query) as SavedQuery, listing)).length;
    indexed.push(performance.now() - t0);
    candidates += found.length;
  }
  const scan: number[] = [];
  let scanned = 0;
  for (let i = 0; i < 20; i++) {
    const listing = listingOf(i);
    const t0 = performance.now();
    const all = await db.kysely.selectFrom("saved_search").select(["id", "query"]).where("paused", "=", 0).execute();
    scanned += all.filter((row) => savedSearchMatches(JSON.parse(row.query) as SavedQuery, listing)).length;
    scan.push(performance.now() - t0);
  }
  console.log(`Through the key index (${RUNS} listings): p50 ${percentile(indexed, 50).toFixed(1)} ms, p95 ${percentile(indexed, 95).toFixed(1)} ms; ${Math.round(candidates / RUNS)} candidates and ${Math.round(matched / RUNS)} matches per listing (goal p95 ≤ 50 ms)`);
  console.log(`Baseline, reading every saved search (20 listings): p50 ${percentile(scan, 50).toFixed(1)} ms, p95 ${percentile(scan, 95).toFixed(1)} ms; ${Math.round(scanned / 20)} matches per listing`);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
