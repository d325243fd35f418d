/**
 * `npm run bench:prices-import -- [--rows 1000000] [--shape variety-wise|daily] [--dir /tmp/mandi-bench-rates] [--database mandi_bench_rates]`
 * Writes a synthetic AGMARKNET CSV of that many distinct records, in the variety-wise history's
 * shape (Commodity_Code, ISO dates; issue 41) or the daily export's, then, in one run:
 *   1. the baseline: the same file read and checked record by record, nothing written (a dry run);
 *   2. the import into a fresh database (SQLite by default; PostgreSQL when DATABASE_URL is
 *      postgres://…, into a fresh database created beside it and dropped after, named
 *      `--database` and the time);
 *   3. the same file imported again (every record already stored).
 * Prints rows per second and the process's peak resident memory during each phase.
 * Figures, not tests: it never fails on a slow number. Memory does not grow with the rows (one
 * batch at a time), so --rows 10000000 runs in the same memory; the file is about 90 bytes a row.
 */
import { createReadStream, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { importMandiRates, type ImportReport } from "../../server/mandi-rates/import-mandi-rates";
import { createMandiRatesRepository } from "../../server/mandi-rates/mandi-rates.repository";
import { writeSyntheticCsv, type SyntheticShape } from "../../tests/support/mandi-rates";
import { argument, printTable } from "./measure";

const rows = Number(argument("rows", "1000000"));
const dir = argument("dir", "/tmp/mandi-bench-rates");
const shape = argument("shape", "variety-wise") as SyntheticShape;
if (shape !== "variety-wise" && shape !== "daily") throw new Error(`--shape must be variety-wise or daily (got ${shape as string})`);
const pgAdmin = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `rates-${shape}-${rows}.csv`);

console.log(`Writing ${rows.toLocaleString("en-IN")} records (${shape}) to ${file} …`);
await writeSyntheticCsv(file, rows, Date.now(), shape);
const megabytes = statSync(file).size / 1e6;

/** Peak RSS while `run` runs, sampled every 50 ms. */
async function phase(run: () => Promise<ImportReport>): Promise<{ seconds: number; peakMb: number; report: ImportReport }> {
  global.gc?.();
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const started = performance.now();
  const report = await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { seconds, peakMb: peak / 2 ** 20, report };
}

let db: Db;
let drop = async () => {};
if (pgAdmin) {
  const name = `${argument("database", "mandi_bench_rates")}_${Date.now()}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database must be lower-case letters, digits and _ (got ${name})`);
  const admin = new pg.Client({ connectionString: pgAdmin });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgAdmin);
  url.pathname = `/${name}`;
  db = openDatabase(url.toString());
  drop = async () => {
    const again = new pg.Client({ connectionString: pgAdmin });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  };
} else {
  const sqliteFile = path.join(dir, "bench.sqlite");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(sqliteFile + suffix, { force: true });
  db = openDatabase(`sqlite:${sqliteFile}`);
}
try {
  await migrateToLatest(db);
  // Each phase's figures as it ends too, so a run cut short still tells what it measured.
  const said = <T extends { seconds: number; peakMb: number }>(name: string, result: T) => {
    console.log(
      `  ${name}: ${result.seconds.toFixed(1)} s, ${Math.round(rows / result.seconds).toLocaleString("en-IN")} rows / s, peak RSS ${result.peakMb.toFixed(0)} MB`,
    );
    return result;
  };
  const baseline = said("baseline", await phase(() => importMandiRates({ input: createReadStream(file) })));
  const first = said("import", await phase(() => importMandiRates({ db, input: createReadStream(file) })));
  const again = said("import again", await phase(() => importMandiRates({ db, input: createReadStream(file) })));
  const stored = await createMandiRatesRepository(db.kysely).countRates();
  const perSecond = (seconds: number) => Math.round(rows / seconds).toLocaleString("en-IN");
  console.log(
    `\n${rows.toLocaleString("en-IN")} records (${megabytes.toFixed(0)} MB of ${shape} CSV) on ${db.dialect}; ${stored.toLocaleString("en-IN")} stored. Node ${process.version}.\n`,
  );
  printTable(
    ["phase", "seconds", "rows / s", "peak RSS (MB)", "stored"],
    [
      ["baseline: read and check, no writes", baseline.seconds.toFixed(1), perSecond(baseline.seconds), baseline.peakMb.toFixed(0), "0"],
      [
        "import into an empty table",
        first.seconds.toFixed(1),
        perSecond(first.seconds),
        first.peakMb.toFixed(0),
        first.report.stored.toLocaleString("en-IN"),
      ],
      [
        "import again (all already stored)",
        again.seconds.toFixed(1),
        perSecond(again.seconds),
        again.peakMb.toFixed(0),
        again.report.stored.toLocaleString("en-IN"),
      ],
    ],
  );
} finally {
  await db.close();
  await drop();
}
