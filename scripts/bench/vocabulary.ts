/**
 * `npm run bench:vocabulary [-- --names 100000,1000000 --runs 3 --dir /tmp/mandi-bench]`
 * What the word list typos are corrected against (server/listings/name-vocabulary.ts) costs a
 * worker each time it is read again: the CPU time of one full rebuild, on SQLite, from a file
 * holding N distinct listing names, and that cost as a share of one core if it is paid every 5 s
 * (the refresh period of a marketplace that is written to at least that often). Decision 036.
 *
 * The file holds `listing_name` and its count index as migrations 0002 and 0009 make them, and
 * nothing else: the rebuild reads only that (an index-only walk of listing_name_count_idx), and
 * loading ten million names through the listing triggers and the FTS index would take hours. The
 * names: the synthetic marketplace's (server/seed/factories.ts), each with one place word of
 * 20,000 made-up ones, so every name is distinct and the words grow with the catalogue as real
 * ones do. In the same run, as the baseline, the read alone (the same pages, nothing filed).
 * CPU time is this process's (user + system), which with SQLite includes the database's work.
 * Then what a worker pays with the wait after each read (LOAD_COST_FACTOR, decision 036): the
 * rebuild's wall time, the wait it earns, and the resulting share of a core.
 * Figures, not tests.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { openDatabase } from "../../server/db/database";
import { createListingSearchRepository } from "../../server/listings/listing-search.repository";
import { createNameVocabulary, LOAD_COST_FACTOR } from "../../server/listings/name-vocabulary";
import { normaliseSearchText } from "../../core/search/search-text";
import { syntheticListings } from "../../server/seed/factories";
import { argument, printTable } from "./measure";

const sizes = argument("names", "100000,1000000").split(",").map(Number);
const runs = Number(argument("runs", "3"));
const dir = argument("dir", "/tmp/mandi-bench");
/** As listing-search.service.ts keeps (NAMES_PER_CORRECTION). */
const NAMES_PER_WORD = 50;
const PERIOD_MS = 5_000;
const PLACES = 20_000;

/** Made-up place words ("kavelu", "moripa"…): distinct, lower case, no digits. */
function placeWord(index: number): string {
  const syllables = [
    "ka",
    "ve",
    "lu",
    "mo",
    "ri",
    "pa",
    "su",
    "ne",
    "to",
    "gi",
    "ba",
    "de",
    "ho",
    "ja",
    "ku",
    "la",
    "mi",
    "no",
    "pu",
    "ra",
  ];
  let word = "";
  let n = index;
  do {
    word += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  } while (n > 0);
  return word + "pur";
}

/** A SQLite file of `count` distinct names, built once and reused. */
function namesFile(count: number): string {
  const file = path.join(dir, `listing-names-${count}.sqlite`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const bases = [...new Set([...syntheticListings(200_000)].map((listing) => normaliseSearchText(listing.name)))];
  const db = new SQLite(`${file}.part`);
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.exec(`create table listing_name (name_search text primary key, name text not null, category text not null, listing_count integer not null, listing_id text not null);
           create index listing_name_count_idx on listing_name (listing_count, name_search);`);
  const insert = db.prepare("insert into listing_name values (?, ?, 'vegetables', ?, ?)");
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const base = bases[i % bases.length]!;
      // Distinct for each i: the base by i's remainder, the place by its quotient (< PLACES).
      const name = `${base} ${placeWord((Math.floor(i / bases.length) + (i % bases.length) * 31) % PLACES)}`;
      // Most names carry one listing, a few carry many.
      insert.run(name, name, 1 + Math.floor(200 * random() ** 12), `l${i}`);
    }
  });
  for (let at = 0; at < count; at += 100_000) batch(at, Math.min(count, at + 100_000));
  db.close();
  rmSync(file, { force: true });
  // Renamed when complete, so an interrupted build is not reused.
  renameSync(`${file}.part`, file);
  console.log(`Built ${count.toLocaleString("en-IN")} names in ${((performance.now() - started) / 1000).toFixed(0)} s (${file}).`);
  return file;
}

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const rows: string[][] = [];
for (const count of sizes) {
  const db = openDatabase(`sqlite:${namesFile(count)}`);
  const repository = createListingSearchRepository(db.kysely, db.dialect);
  const readOnly: number[] = [];
  const rebuild: number[] = [];
  const rebuildWall: number[] = [];
  for (let run = 0; run < runs; run++) {
    // The baseline: the same pages read, nothing filed.
    let started = process.cpuUsage();
    let read = 0;
    for await (const page of repository.listNamesByCount(5_000)) read += page.length;
    readOnly.push(cpuMs(started));
    if (read !== count) throw new Error(`read ${read} names of ${count}`);

    // A full rebuild, as a worker does it: a new copy is read at its first question.
    const vocabulary = createNameVocabulary({
      loadNames: repository.listNamesByCount,
      version: async () => 1,
      namesPerWord: NAMES_PER_WORD,
    });
    started = process.cpuUsage();
    const wallStarted = performance.now();
    await vocabulary.namesWithWord("onion");
    // namesWithWord reads in the background: wait for the copy.
    while (!(await vocabulary.namesWithWord("onion"))) await new Promise((resolve) => setTimeout(resolve, 1));
    rebuild.push(cpuMs(started));
    rebuildWall.push(performance.now() - wallStarted);
  }
  await db.close();
  const share = (ms: number) => `${((ms / PERIOD_MS) * 100).toFixed(1)}%`;
  rows.push([
    count.toLocaleString("en-IN"),
    median(readOnly).toFixed(0),
    share(median(readOnly)),
    median(rebuild).toFixed(0),
    share(median(rebuild)),
    // With the wait: a read of W ms, then at least LOAD_COST_FACTOR × W ms before the next.
    median(rebuildWall).toFixed(0),
    `${((LOAD_COST_FACTOR * median(rebuildWall)) / 1000).toFixed(1)} s`,
    `${((median(rebuild) / Math.max(PERIOD_MS, (1 + LOAD_COST_FACTOR) * median(rebuildWall))) * 100).toFixed(1)}%`,
  ]);
  process.stderr.write(`  done: ${count} names\n`);
}

console.log(
  `\nSQLite, one process; CPU ms (user + system), median of ${runs}; "per 5 s" = that CPU time every 5 s, as a share of one core\n`,
);
printTable(
  ["names", "read alone ms", "per 5 s", "full rebuild ms", "per 5 s", "rebuild wall ms", "then waits", "share with the wait"],
  rows,
);
