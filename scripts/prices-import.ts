/**
 * `npm run prices:import -- [--check] FILE_FOLDER_OR_URL …`: imports AGMARKNET's mandi rates from
 * any of the open-data portal's shapes (the daily prices' CSV exports, the API's CSV or JSON read
 * page by page, the variety-wise history), files, folders of them or URLs (decisions 021 and 048,
 * docs/operations.md). Safe to stop and run again: records already stored are skipped. A progress
 * bar on a terminal, a plain line every few seconds in a log; per file, the share of its records
 * matched to a produce and a district; the unknown names, the most frequent first. `--check` reads
 * and checks every record and writes nothing. Exit 1 when a file was refused or could not be read
 * (the others are still imported); a refused file writes nothing.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { Presets, SingleBar } from "cli-progress";
import { prepareDataDir } from "../server/config";
import { openDatabase, type Db } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { importMandiRates, WrongHeadersError, type ImportReport } from "../server/mandi-rates/import-mandi-rates";
import { openImportSource } from "../server/mandi-rates/import-source";
import { SHAPES } from "../server/mandi-rates/record-shape";

const USAGE =
  "Usage: npm run prices:import -- [--check] FILE_FOLDER_OR_URL … (AGMARKNET's mandi rates: the data.gov.in CSV exports, the API's CSV or JSON, the variety-wise history; a folder is read as its .csv and .json files)";
/** Unknown names printed, the most frequent first: a daily cron log stays readable. */
const NAMES_SHOWN = 20;

let args: { values: { check?: boolean; help?: boolean }; positionals: string[] };
try {
  // "--" may come through from npm or tsx; it ends nothing here.
  args = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== "--"),
    allowPositionals: true,
    options: { check: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (args.values.help || !args.positionals.length) {
  (args.values.help ? console.log : console.error)(USAGE);
  process.exit(args.values.help ? 0 : 2);
}
const check = Boolean(args.values.check);

const number = (n: number) => n.toLocaleString("en-IN");
const percent = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(1)}%` : "—");

/** The files to read: a folder's .csv and .json files by name, a file or URL as given. */
function targetsOf(given: string): { targets: string[]; problem?: string } {
  if (/^https?:\/\//i.test(given)) return { targets: [given] };
  let stats;
  try {
    stats = statSync(given);
  } catch {
    return { targets: [], problem: `${given}: no such file or folder` };
  }
  if (!stats.isDirectory()) return { targets: [given] };
  const files = readdirSync(given, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && /\.(csv|json)$/i.test(entry.name))
    .map((entry) => path.join(given, entry.name))
    .sort();
  return files.length ? { targets: files } : { targets: [], problem: `${given}: a folder with no .csv or .json file` };
}

let exitCode = 0;
const targets: string[] = [];
for (const given of args.positionals) {
  const found = targetsOf(given);
  if (found.problem) {
    console.error(found.problem);
    exitCode = 1;
  }
  targets.push(...found.targets);
}

let db: Db | undefined;
if (!check && targets.length) {
  db = openDatabase(prepareDataDir().databaseUrl);
  await migrateToLatest(db);
}
const tty = Boolean(process.stdout.isTTY);
const reports: { label: string; report: ImportReport }[] = [];
const started = performance.now();
try {
  for (const target of targets) {
    const result = await importOne(target);
    if (result) reports.push(result);
    else exitCode = 1;
  }
} finally {
  await db?.close();
}
if (reports.length) printSummary();
process.exit(exitCode);

async function importOne(target: string): Promise<{ label: string; report: ImportReport } | undefined> {
  const bar = new SingleBar(
    { format: " mandi rates |{bar}| {percentage}% | {read} records, {stored} new", hideCursor: true },
    Presets.shades_classic,
  );
  let barStarted = false;
  let label = target;
  try {
    const source = await openImportSource(target);
    label = source.label;
    console.log(`${check ? "Checking" : "Importing"} mandi rates from ${label}`);
    const fileStarted = performance.now();
    let lastLine = fileStarted;
    const report = await importMandiRates({
      db,
      input: source.input,
      onProgress: ({ read, stored, bytes }) => {
        // A file's bytes, or the API's records out of its total.
        const [done, whole] = source.size ? [Math.min(bytes, source.size), source.size] : [read, source.records];
        if (tty) {
          if (!barStarted) bar.start(whole ?? 100, 0, { read: 0, stored: 0 });
          barStarted = true;
          if (whole) bar.setTotal(whole);
          bar.update(whole ? done : 0, { read: number(read), stored: number(stored) });
        } else if (performance.now() - lastLine >= 5000) {
          lastLine = performance.now();
          const share = whole ? ` (${Math.min(100, Math.round((done / whole) * 100))}%)` : "";
          console.log(`read ${number(read)} records${share}, ${number(stored)} new`);
        }
      },
    });
    if (barStarted) bar.stop();
    printReport(report, (performance.now() - fileStarted) / 1000);
    return { label, report };
  } catch (error) {
    if (barStarted) bar.stop();
    const message = error instanceof WrongHeadersError ? error.message : `The import stopped: ${(error as Error).message}`;
    console.error(`${label}: ${message}`);
    return undefined;
  }
}

function printReport(report: ImportReport, seconds: number) {
  const shape = report.shape ? SHAPES[report.shape] : report.format.toUpperCase();
  const good = report.read - report.skipped;
  const outcome = check
    ? `${number(good)} good, ${number(report.skipped)} skipped`
    : `${number(report.stored)} stored, ${number(report.alreadyStored)} already stored, ${number(report.skipped)} skipped`;
  console.log(`Read ${number(report.read)} records in ${seconds.toFixed(1)} s, ${shape}: ${outcome}.`);
  console.log(`  ${usable(report)}`);
  if (report.demoRatesRemoved)
    console.log(`  Removed the demo market's ${number(report.demoRatesRemoved)} made-up rates: pages now show only these.`);
  if (report.skipped) {
    console.log(`Skipped records${report.badRows.length < report.skipped ? ` (the first ${report.badRows.length})` : ""}:`);
    for (const bad of report.badRows) console.log(`  ${report.format === "csv" ? "line" : "record"} ${bad.line}: ${bad.problem}`);
  }
}

function usable(r: { read: number; matchedBoth: number; matchedProduce: number; matchedDistrict: number; heldBackImplausible: number }) {
  return (
    `Usable: ${number(r.matchedBoth)} of ${number(r.read)} records (${percent(r.matchedBoth, r.read)}) matched to a produce and a district; ` +
    `to a produce ${percent(r.matchedProduce, r.read)}, to a district ${percent(r.matchedDistrict, r.read)}; ` +
    `${number(r.heldBackImplausible)} held back as implausible (decision 050).`
  );
}

function printSummary() {
  const sum = (pick: (r: ImportReport) => number) => reports.reduce((total, { report }) => total + pick(report), 0);
  if (reports.length > 1) {
    const total = {
      read: sum((r) => r.read),
      matchedBoth: sum((r) => r.matchedBoth),
      matchedProduce: sum((r) => r.matchedProduce),
      matchedDistrict: sum((r) => r.matchedDistrict),
      heldBackImplausible: sum((r) => r.heldBackImplausible),
    };
    console.log(
      `\n${reports.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ${number(total.read)} records read, ` +
        (check ? "" : `${number(sum((r) => r.stored))} stored, ${number(sum((r) => r.alreadyStored))} already stored, `) +
        `${number(sum((r) => r.skipped))} skipped.`,
    );
    console.log(`  ${usable(total)}`);
    for (const { label, report } of reports)
      console.log(`  ${path.basename(label)}: ${percent(report.matchedBoth, report.read)} of ${number(report.read)} usable`);
  }
  listNames("Commodities the produce catalogue does not know", (r) => r.unknownCommodities);
  listNames("Districts core/locations does not know", (r) => r.unknownPlaces);
}

/** The names of every file together, the most frequent NAMES_SHOWN with their counts, then a total. */
function listNames(title: string, names: (report: ImportReport) => Map<string, number>) {
  const all = new Map<string, number>();
  for (const { report } of reports) for (const [name, count] of names(report)) all.set(name, (all.get(name) ?? 0) + count);
  if (!all.size) return;
  const total = [...all.values()].reduce((a, b) => a + b, 0);
  console.log(`${title}: ${number(all.size)} names, ${number(total)} records (kept, not matched):`);
  const sorted = [...all].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [name, count] of sorted.slice(0, NAMES_SHOWN)) console.log(`  ${name}: ${number(count)}`);
  if (sorted.length > NAMES_SHOWN) {
    const rest = sorted.slice(NAMES_SHOWN).reduce((a, [, count]) => a + count, 0);
    console.log(`  … and ${number(sorted.length - NAMES_SHOWN)} more names: ${number(rest)} records`);
  }
}
