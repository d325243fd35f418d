/**
 * Measures what decision 050's rule holds back in AGMARKNET files, without a database:
 * `npx tsx scripts/measure-implausible-rates.ts <files or folders>`. Reads every CSV and JSON
 * (the API's wrapper or a bare array) whose records have the rate's fields, applies
 * `plausibleFigures` to each record and `farFromWeek` to each shown one (the commodity's median
 * across India over the record's day and the six before), and prints the counts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { farFromWeek, plausibleFigures, WEEK_DAYS, weekMedian } from "../core/prices/plausible-rate";
import { isoArrivalDate } from "../server/mandi-rates/mandi-rate-record";

const key = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/_x0020_/g, "_");
const files = process.argv
  .slice(2)
  .flatMap((path) => (statSync(path).isDirectory() ? readdirSync(path).map((name) => join(path, name)) : [path]))
  .filter((path) => /\.(csv|json)$/i.test(path));

interface Shown {
  commodity: string;
  day: number;
  modal: number;
}
const counts = { read: 0, zeroBand: 0, maxZero: 0, noModal: 0, underOneRupee: 0, modalOutside: 0, farFromWeek: 0, underOneRupeeBefore: 0 };
const shown: Shown[] = [];
for (const file of files) {
  const text = readFileSync(file, "utf8");
  let records: Array<Record<string, unknown>>;
  if (/\.json$/i.test(file)) {
    const parsed = JSON.parse(text) as unknown;
    records = (Array.isArray(parsed) ? parsed : ((parsed as { records?: unknown[] }).records ?? [])) as Array<Record<string, unknown>>;
  } else records = parse(text, { bom: true, columns: true, relax_column_count: true, skip_empty_lines: true });
  for (const raw of records) {
    const record = Object.fromEntries(Object.entries(raw).map(([name, value]) => [key(name), value]));
    const date = isoArrivalDate(record.arrival_date);
    if (!record.modal_price || !date || !record.commodity) continue;
    counts.read++;
    const [min, max, modal] = [record.min_price, record.max_price, record.modal_price].map((v) => Math.round(Number(v) * 100)) as [
      number,
      number,
      number,
    ];
    if (min === 0 && max === 0) counts.zeroBand++;
    else if (max === 0) counts.maxZero++;
    if (modal < 10_000) counts.underOneRupeeBefore++;
    const figures = plausibleFigures({ min, max, modal });
    if (!figures.shown) {
      if (figures.reason === "no-modal") counts.noModal++;
      else if (figures.reason === "under-a-rupee") counts.underOneRupee++;
      else counts.modalOutside++;
      continue;
    }
    shown.push({ commodity: String(record.commodity).trim().toLowerCase(), day: Date.parse(date) / 86_400_000, modal: figures.modal });
  }
}
// The week's national median, per commodity and day, over that day and the six before.
const byCommodityDay = new Map<string, number[]>();
for (const row of shown) {
  const k = `${row.commodity}|${row.day}`;
  byCommodityDay.set(k, [...(byCommodityDay.get(k) ?? []), row.modal]);
}
const farBy = new Map<string, number>();
const medians = new Map<string, number | undefined>();
for (const row of shown) {
  const k = `${row.commodity}|${row.day}`;
  if (!medians.has(k)) {
    const week: number[] = [];
    for (let day = row.day - WEEK_DAYS + 1; day <= row.day; day++) week.push(...(byCommodityDay.get(`${row.commodity}|${day}`) ?? []));
    medians.set(k, weekMedian(week));
  }
  if (farFromWeek(row.modal, medians.get(k))) {
    counts.farFromWeek++;
    const side = row.modal < medians.get(k)! ? "below" : "above";
    farBy.set(`${row.commodity} (${side})`, (farBy.get(`${row.commodity} (${side})`) ?? 0) + 1);
  }
}
console.log(`${files.length} files`);
for (const [name, value] of Object.entries(counts)) console.log(`${name}: ${value}`);
console.log("far from the week, by commodity (the 15 most):");
for (const [name, value] of [...farBy].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${name}: ${value}`);
