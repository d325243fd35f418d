/**
 * `npx tsx scripts/mandi-rates/unmatched-names.ts FILE…`: how many of AGMARKNET's rows in these
 * files the importer's matching reads as a produce, a district, and both; then every state and
 * district pair and every commodity it cannot read, most rows first. Writes nothing: an
 * operator's tool for finding the next spellings to add (core/locations/agmarknet-spellings.ts,
 * the catalogue's `agmarknet` names). Any of the portal's shapes: CSV with any of its header
 * spellings, the API's JSON (`records`) or a bare array. Bad rows are counted as the rows they are.
 */
import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import { parser as jsonParser } from "stream-json";
import { pick } from "stream-json/filters/pick.js";
import { streamArray } from "stream-json/streamers/stream-array.js";
import { produceForCommodity } from "../../core/catalogue/agmarknet-commodities";
import { isNotAgmarknetDistrict } from "../../core/locations/agmarknet-spellings";
import { matchPlace } from "../../server/mandi-rates/place-match";

interface Row {
  state: string;
  district: string;
  commodity: string;
}

interface Tally {
  rows: number;
  produce: number;
  district: number;
  both: number;
  /** Rows naming a place that is a district of India (not a market area AGMARKNET calls one). */
  realDistrict: number;
}

const args = process.argv.slice(2).filter((arg) => arg !== "--");
const limitArg = args.find((arg) => arg.startsWith("--limit="));
const limit = limitArg ? Number(limitArg.slice("--limit=".length)) : 40;
const files = args.filter((arg) => !arg.startsWith("--"));
if (files.length === 0) {
  console.error("Usage: npx tsx scripts/mandi-rates/unmatched-names.ts [--limit=N] FILE… (AGMARKNET CSV or JSON)");
  process.exit(2);
}

const field = (name: string) =>
  name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/_x0020_/g, "_");
const text = (value: unknown) => (value === null || value === undefined ? "" : String(value).replace(/\s+/g, " ").trim());
function rowOf(record: Record<string, unknown>): Row {
  const row: Row = { state: "", district: "", commodity: "" };
  for (const [name, value] of Object.entries(record)) {
    const key = field(name);
    if (key === "state" || key === "district" || key === "commodity") row[key] = text(value);
  }
  return row;
}

async function* rowsOf(file: string): AsyncGenerator<Row> {
  const head = await new Promise<string>((resolve, reject) => {
    const stream = createReadStream(file, { start: 0, end: 63, encoding: "utf8" });
    let read = "";
    stream.on("data", (chunk) => (read += chunk));
    stream.on("end", () => resolve(read));
    stream.on("error", reject);
  });
  const first = head.replace(/^\uFEFF/, "").trimStart()[0];
  if (first === "{" || first === "[") {
    const tokens = createReadStream(file).pipe(jsonParser.asStream());
    const records = first === "[" ? tokens : tokens.pipe(pick.asStream({ filter: "records" }));
    for await (const { value } of records.pipe(streamArray.asStream()) as AsyncIterable<{ value: Record<string, unknown> }>)
      yield rowOf(value);
    return;
  }
  const records = createReadStream(file).pipe(parse({ bom: true, columns: true, relax_column_count: true, skip_empty_lines: true }));
  for await (const record of records as AsyncIterable<Record<string, unknown>>) yield rowOf(record);
}

const empty = (): Tally => ({ rows: 0, produce: 0, district: 0, both: 0, realDistrict: 0 });
const total = empty();
const places = new Map<string, number>();
const commodities = new Map<string, number>();
const percent = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(1)}%` : "-");
const line = (name: string, t: Tally) =>
  `${name.padEnd(58)} ${String(t.rows).padStart(7)}  produce ${percent(t.produce, t.rows).padStart(6)}  district ${percent(t.district, t.realDistrict).padStart(6)} of ${String(t.realDistrict).padStart(6)}  both ${percent(t.both, t.rows).padStart(6)}`;

for (const file of files) {
  const tally = empty();
  for await (const row of rowsOf(file)) {
    const produce = Boolean(produceForCommodity(row.commodity));
    const place = matchPlace(row.state, row.district);
    const district = Boolean(place.district);
    const real = district || !isNotAgmarknetDistrict(row.state, row.district);
    for (const t of [tally, total]) {
      t.rows++;
      t.produce += Number(produce);
      t.district += Number(district);
      t.both += Number(produce && district);
      t.realDistrict += Number(real);
    }
    if (!district) {
      const key = `${row.state}${place.state ? "" : " (state unknown)"} | ${row.district}${real ? "" : " (not a district)"}`;
      places.set(key, (places.get(key) ?? 0) + 1);
    }
    if (!produce) commodities.set(row.commodity, (commodities.get(row.commodity) ?? 0) + 1);
  }
  console.log(line(file.replace(/^.*\//, ""), tally));
}
console.log(line("All files", total));
console.log("(district: of the rows whose district is a district of India; both: of all rows)");

const listed = (title: string, names: Map<string, number>) => {
  const sorted = [...names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const rows = sorted.reduce((sum, [, count]) => sum + count, 0);
  console.log(`\n${title}: ${sorted.length} names, ${rows} rows`);
  for (const [name, count] of sorted.slice(0, limit)) console.log(`${String(count).padStart(7)}  ${name}`);
  if (sorted.length > limit) console.log(`   … and ${sorted.length - limit} more (--limit=N)`);
};
listed("Places not read as a district (state | district)", places);
listed("Commodities not read as a produce", commodities);
