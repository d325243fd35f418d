/** Mandi rate files for the importer's tests and benchmark, dated relative to today. */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { isoDate } from "../../core/shared/dates";
import { CSV_HEADERS } from "../../server/mandi-rates/mandi-rate-record";

export const CSV_HEADER_LINE = CSV_HEADERS.join(",");

/** Today minus `daysAgo`, in India, as AGMARKNET writes it ("24/11/2026"). */
export function agmarknetDate(daysAgo: number, now = Date.now()): string {
  const iso = isoDaysAgo(daysAgo, now);
  const [year, month, day] = iso.split("-");
  return `${day}/${month}/${year}`;
}

export function isoDaysAgo(daysAgo: number, now = Date.now()): string {
  return isoDate(now - daysAgo * 86_400_000);
}

const MARKETS = [
  ["Maharashtra", "Nashik", "Lasalgaon"],
  ["Maharashtra", "Ahmednagar", "Rahuri"],
  ["Maharashtra", "Pune", "Pune"],
  ["Haryana", "Gurgaon", "Gurgaon"],
  ["Uttar Pradesh", "Allahabad", "Allahabad"],
  ["Karnataka", "Bangalore", "Binny Mill (F&V)"],
  ["Gujarat", "Rajkot", "Rajkot"],
  ["Punjab", "Ludhiana", "Khanna"],
] as const;
const COMMODITIES = [
  "Onion",
  "Tomato",
  "Potato",
  "Wheat",
  "Paddy(Dhan)(Common)",
  "Bhindi(Ladies Finger)",
  "Arhar (Tur/Red Gram)(Whole)",
  "Cotton",
] as const;

/** The synthetic files' shapes: the daily export's, or the variety-wise history's (Commodity_Code, ISO dates). */
export type SyntheticShape = "daily" | "variety-wise";

const VARIETY_WISE_HEADER_LINE =
  "State,District,Market,Commodity,Variety,Grade,Arrival_Date,Min_Price,Max_Price,Modal_Price,Commodity_Code";

/** The i-th of a synthetic file's records: every one distinct (market, commodity, variety, date). */
export function syntheticRow(i: number, now = Date.now(), shape: SyntheticShape = "daily"): string {
  const [state, district, market] = MARKETS[i % MARKETS.length]!;
  const commodity = COMMODITIES[Math.floor(i / MARKETS.length) % COMMODITIES.length]!;
  const variety = `V${Math.floor(i / (MARKETS.length * COMMODITIES.length)) % 1000}`;
  const daysAgo = Math.floor(i / (MARKETS.length * COMMODITIES.length * 1000)) % 3000;
  const min = 1000 + (i % 997);
  if (shape === "variety-wise")
    return `${state},${district},"${market}","${commodity}",${variety},FAQ,${isoDaysAgo(daysAgo, now)},${min},${min + 500},${min + 250},${COMMODITIES.indexOf(commodity) + 1}`;
  return `${state},${district},"${market}","${commodity}",${variety},FAQ,${agmarknetDate(daysAgo, now)},${min},${min + 500},${min + 250}`;
}

/** Writes a CSV of `rows` synthetic records from the `first`-th on, streamed. */
export async function writeSyntheticCsv(
  file: string,
  rows: number,
  now = Date.now(),
  shape: SyntheticShape = "daily",
  first = 0,
): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${shape === "daily" ? CSV_HEADER_LINE : VARIETY_WISE_HEADER_LINE}\n`);
  let chunk = "";
  for (let i = first; i < first + rows; i++) {
    chunk += `${syntheticRow(i, now, shape)}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
}
