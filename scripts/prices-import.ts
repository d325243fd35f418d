/**
 * `npm run prices:import -- FILE_OR_URL`: imports AGMARKNET's daily mandi rates (the open-data
 * resource "Current Daily Price of Various Commodities from Various Markets (Mandi)") from a CSV
 * export or the API's JSON, a file or a URL (decision 021, docs/operations.md). Safe to stop and
 * run again: records already stored are skipped. A progress bar on a terminal, a plain line every
 * few seconds in a log. Exit 1, with nothing written, for a file whose headers are wrong.
 */
import { Presets, SingleBar } from "cli-progress";
import { prepareDataDir } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { importMandiRates, WrongHeadersError, type ImportReport } from "../server/mandi-rates/import-mandi-rates";
import { openImportSource } from "../server/mandi-rates/import-source";

const target = process.argv.slice(2).find((arg) => arg !== "--");
if (!target) {
  console.error("Usage: npm run prices:import -- FILE_OR_URL (a CSV export or the API's JSON of AGMARKNET's daily mandi rates)");
  process.exit(2);
}

const number = (n: number) => n.toLocaleString("en-IN");
const config = prepareDataDir();
const db = openDatabase(config.databaseUrl);
let exitCode = 0;
const tty = Boolean(process.stdout.isTTY);
const bar = new SingleBar(
  { format: " mandi rates |{bar}| {percentage}% | {read} records, {stored} new", hideCursor: true },
  Presets.shades_classic,
);
let barStarted = false;
try {
  await migrateToLatest(db);
  const source = await openImportSource(target);
  console.log(`Importing mandi rates from ${source.label}`);
  const started = performance.now();
  let lastLine = started;
  const report = await importMandiRates({
    db,
    input: source.input,
    onProgress: ({ read, stored, bytes }) => {
      if (tty) {
        if (!barStarted) bar.start(source.size ?? 100, 0, { read: 0, stored: 0 });
        barStarted = true;
        bar.update(source.size ? Math.min(bytes, source.size) : 0, { read: number(read), stored: number(stored) });
      } else if (performance.now() - lastLine >= 5000) {
        lastLine = performance.now();
        const share = source.size ? ` (${Math.min(100, Math.round((bytes / source.size) * 100))}% of the file)` : "";
        console.log(`read ${number(read)} records${share}, ${number(stored)} new`);
      }
    },
  });
  if (barStarted) bar.stop();
  printReport(report, (performance.now() - started) / 1000);
} catch (error) {
  if (barStarted) bar.stop();
  exitCode = 1;
  console.error(error instanceof WrongHeadersError ? error.message : `The import stopped: ${(error as Error).message}`);
} finally {
  await db.close();
}
process.exit(exitCode);

function printReport(report: ImportReport, seconds: number) {
  console.log(
    `Read ${number(report.read)} records (${report.format.toUpperCase()}) in ${seconds.toFixed(1)} s: ${number(report.stored)} stored, ${number(report.alreadyStored)} already stored, ${number(report.skipped)} skipped (${number(report.heldBack)} held back as implausible, decision 050).`,
  );
  if (report.skipped) {
    console.log(`Skipped records${report.badRows.length < report.skipped ? ` (the first ${report.badRows.length})` : ""}:`);
    for (const bad of report.badRows) console.log(`  ${report.format === "csv" ? "line" : "record"} ${bad.line}: ${bad.problem}`);
  }
  const listNames = (title: string, names: Map<string, number>) => {
    if (!names.size) return;
    const total = [...names.values()].reduce((a, b) => a + b, 0);
    console.log(`${title}: ${number(names.size)} names, ${number(total)} records (kept, not matched):`);
    for (const [name, count] of [...names].sort((a, b) => b[1] - a[1])) console.log(`  ${name}: ${number(count)}`);
  };
  listNames("Commodities the produce catalogue does not know", report.unknownCommodities);
  listNames("Districts core/locations does not know", report.unknownPlaces);
}
