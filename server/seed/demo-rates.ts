/**
 * The demo market's mandi rates (issue 42, item 4): made-up daily figures for the staples, in the
 * markets the demo sellers are near, written in the open-data portal's CSV shape and imported
 * through the same importer as the government's files, marked "demo" (migration 0041). Pages say
 * plainly that they are made up; importing real rates removes them. Never the government's data:
 * each market's modal is a round figure in the range these mandis quoted in late 2026, moved a
 * little each day.
 */
import { Readable } from "node:stream";
import type { Db } from "../db/database";
import { importMandiRates, type ImportReport } from "../mandi-rates/import-mandi-rates";
import { CSV_HEADERS } from "../mandi-rates/mandi-rate-record";
import { createMandiRatesRepository } from "../mandi-rates/mandi-rates.repository";
import { isoDate } from "../../core/shared/dates";
import { seededRandom } from "./factories";

/** How many days of rates, up to yesterday. */
export const DEMO_RATE_DAYS = 30;

/** State, district, market, commodity, variety, and a modal in rupees per quintal to vary around. */
const DEMO_MARKETS: ReadonlyArray<readonly [string, string, string, string, string, number]> = [
  ["Maharashtra", "Nashik", "Lasalgaon", "Onion", "Red", 2150],
  ["Maharashtra", "Nashik", "Pimpalgaon", "Onion", "Red", 2200],
  ["Maharashtra", "Pune", "Pune", "Onion", "Red", 2300],
  ["Maharashtra", "Solapur", "Solapur", "Onion", "Red", 2050],
  ["Uttar Pradesh", "Agra", "Agra", "Potato", "Desi", 1250],
  ["Maharashtra", "Pune", "Pune", "Potato", "Talegaon", 1600],
  ["Karnataka", "Kolar", "Kolar", "Tomato", "Hybrid", 1300],
  ["Maharashtra", "Nashik", "Nashik", "Tomato", "Hybrid", 1150],
  ["Madhya Pradesh", "Indore", "Indore", "Wheat", "Lokwan", 2650],
  ["Madhya Pradesh", "Sehore", "Sehore", "Wheat", "Sharbati", 3100],
  ["Haryana", "Karnal", "Karnal", "Rice", "Common", 3400],
  ["Punjab", "Ludhiana", "Khanna", "Rice", "Common", 3300],
  ["Maharashtra", "Nashik", "Nashik", "Green Chilli", "Green Chilly", 3800],
  ["Madhya Pradesh", "Indore", "Indore", "Soyabean", "Yellow", 4450],
];

/** The made-up rates as the portal's CSV export would write them, the last `days` days before `now` (India). */
export function demoRatesCsv(now: number, days = DEMO_RATE_DAYS): string {
  const random = seededRandom(42);
  const lines = [CSV_HEADERS.join(",")];
  for (let ago = days; ago >= 1; ago--) {
    const [year, month, day] = isoDate(now - ago * 86_400_000).split("-");
    for (const [state, district, market, commodity, variety, base] of DEMO_MARKETS) {
      // Within ±6% of the market's figure, to the nearest ₹10, with a spread of about a tenth.
      const modal = Math.round((base * (0.94 + random() * 0.12)) / 10) * 10;
      const min = Math.round((modal * 0.9) / 10) * 10;
      const max = Math.round((modal * 1.08) / 10) * 10;
      lines.push([state, district, market, commodity, variety, "FAQ", `${day}/${month}/${year}`, min, max, modal].join(","));
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Imports the made-up rates, marked as demo; none where the government's rates are already
 * imported (null), so the two never mix. A second seed the same day stores none twice (same ids).
 */
export async function seedDemoRates(db: Db, now: number): Promise<ImportReport | null> {
  if (await createMandiRatesRepository(db.kysely).hasGovernmentRates()) return null;
  return importMandiRates({ db, input: Readable.from([demoRatesCsv(now)]), now, demo: true });
}
