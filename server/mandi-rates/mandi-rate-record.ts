/**
 * One record of AGMARKNET's "Current Daily Price of Various Commodities from Various Markets
 * (Mandi)", as the open-data portal gives it (a CSV export, or the API's JSON), read into a row
 * for the mandi_rate table, or the reason it cannot be one (decision 021). Pure.
 */
import { createHash } from "node:crypto";
import { produceForCommodity } from "../../core/catalogue/agmarknet-commodities";
import type { MandiRateTable } from "../db/schema";
import { matchPlace } from "./place-match";
import { plausibleFigures, type HeldBackReason } from "../../core/prices/plausible-rate";

/** The CSV export's headers, in its order (the other shapes' spellings: record-shape.ts). */
export const CSV_HEADERS = [
  "State",
  "District",
  "Market",
  "Commodity",
  "Variety",
  "Grade",
  "Arrival_Date",
  "Min_x0020_Price",
  "Max_x0020_Price",
  "Modal_x0020_Price",
] as const;

/** The API's JSON fields, in the same order. */
export const JSON_FIELDS = [
  "state",
  "district",
  "market",
  "commodity",
  "variety",
  "grade",
  "arrival_date",
  "min_price",
  "max_price",
  "modal_price",
] as const;

export type RecordField = (typeof JSON_FIELDS)[number];
export type RawRecord = Partial<Record<RecordField, unknown>>;

/** A mandi_rate row as the importer writes it: the table's columns, prices as numbers, without the import time. */
export type MandiRateRow = Omit<MandiRateTable, "imported_at" | "min_price" | "max_price" | "modal_price"> & {
  min_price: number;
  max_price: number;
  modal_price: number;
};

export type RecordResult = { ok: true; row: MandiRateRow } | { ok: false; problem: string; heldBack?: HeldBackReason };

const text = (value: unknown): string =>
  value === null || value === undefined ? "" : String(value).normalize("NFC").replace(/\s+/g, " ").trim();

/** "2150", "2150.50", 2150 → paise (215050); undefined for anything else. */
function paise(value: unknown): number | undefined {
  const written = text(value).replace(/,/g, "");
  if (!/^\d{1,9}(?:\.\d+)?$/.test(written)) return undefined;
  return Math.round(Number(written) * 100);
}

/** "24/11/2026" (or "24-11-2026", or already "2026-11-24") → "2026-11-24"; undefined when no such day. */
export function isoArrivalDate(value: unknown): string | undefined {
  const written = text(value);
  let match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(written);
  let [day, month, year] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match) {
    match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(written);
    if (!match) return undefined;
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 2000) return undefined;
  return date.toISOString().slice(0, 10);
}

/** The natural key's hash: the same record, from the CSV or the JSON, gets the same id. */
export function recordId(parts: readonly string[]): string {
  return createHash("sha256")
    .update(parts.map((p) => p.toLowerCase()).join("\u001f"))
    .digest("base64url")
    .slice(0, 24);
}

export function readRecord(record: RawRecord, today: string): RecordResult {
  const commodity = text(record.commodity);
  if (!commodity) return { ok: false, problem: "the commodity is empty" };
  const state = text(record.state);
  const district = text(record.district);
  const market = text(record.market);
  if (!state || !district || !market) return { ok: false, problem: "the state, district or market is empty" };
  const arrivalDate = isoArrivalDate(record.arrival_date);
  if (!arrivalDate) return { ok: false, problem: `the arrival date "${text(record.arrival_date).slice(0, 40)}" is not a dd/mm/yyyy date` };
  if (arrivalDate > today) return { ok: false, problem: `the arrival date ${arrivalDate} is in the future` };
  const min = paise(record.min_price);
  const max = paise(record.max_price);
  const modal = paise(record.modal_price);
  for (const [name, value, field] of [
    ["min", min, record.min_price],
    ["max", max, record.max_price],
    ["modal", modal, record.modal_price],
  ] as const) {
    if (value === undefined) return { ok: false, problem: `the ${name} price "${text(field).slice(0, 40)}" is not a number` };
  }
  // Decision 050: figures that would mislead are held back (counted apart from bad rows).
  const figures = plausibleFigures({ min: min!, max: max!, modal: modal! });
  if (!figures.shown)
    return {
      ok: false,
      heldBack: figures.reason,
      problem:
        figures.reason === "no-modal"
          ? "the modal price is zero"
          : figures.reason === "under-a-rupee"
            ? `the modal price (${modal! / 100} a quintal) is under ₹1 a kg: a per-bunch or per-piece figure`
            : `the modal price (${modal! / 100}) is outside its min–max (${min! / 100}–${max! / 100})`,
    };
  const variety = text(record.variety);
  const grade = text(record.grade);
  const place = matchPlace(state, district);
  return {
    ok: true,
    row: {
      id: recordId([state, district, market, commodity, variety, grade, arrivalDate]),
      state,
      district,
      state_slug: place.state ?? null,
      district_slug: place.district ?? null,
      market,
      commodity,
      produce_id: produceForCommodity(commodity)?.id ?? null,
      variety,
      grade,
      arrival_date: arrivalDate,
      min_price: figures.min,
      max_price: figures.max,
      modal_price: figures.modal,
      source: "agmarknet",
    },
  };
}
