/**
 * A government mandi rate as pages show it (decision 021): "Government mandi rate, Lasalgaon
 * (Nashik), 24 Nov 2026: ₹21.50 / kg (₹19–23)", with its source, and how old it is when it is more
 * than a week old. Pure: the server picks the rate, the page words it.
 */
import type { Language } from "../i18n/languages";
import { formatCalendarDay, isoDate } from "../shared/dates";
import { formatRupees } from "../money/money";

/** One market's figures, or a district's across its markets; paise per kg. */
export interface RateBand {
  minPerKg: number;
  maxPerKg: number;
  modalPerKg: number;
}

export interface MandiRateView extends RateBand {
  produceId: string;
  /**
   * The market the rate is named by: the only one that reported, or the district's principal
   * market (core/prices/principal-markets); null when several reported and none is the principal.
   * As AGMARKNET wrote it.
   */
  market: string | null;
  /** As AGMARKNET wrote it. */
  district: string;
  /** Our district's names (core/locations), which pages show; AGMARKNET's when it matched none. */
  districtNames: Record<Language, string>;
  state: string;
  stateSlug: string;
  districtSlug: string | null;
  /** YYYY-MM-DD, the day the produce arrived at the market. */
  arrivalDate: string;
  /**
   * Markets that reported that day (decision 050). With more than one, the band is the district's:
   * modal = the median of the markets' modals, min–max = the lowest and highest of them.
   */
  markets: number;
  /** The named market's own figures, when several markets reported. */
  marketRate: RateBand | null;
  /** The modal and band in the seller's unit (a quintal, a crate…), when it is not a kg. */
  inUnit: { unit: string; modalPaise: number; minPaise: number; maxPaise: number } | null;
  /** Found in the listing's district, or (none there) elsewhere in its state. */
  scope: "district" | "state";
  /** Whole days from the arrival date to the day it was looked up, in India. */
  ageDays: number;
  /** The demo market's made-up figures (`npm run seed`), never to be worded as the government's. */
  demo: boolean;
}

export const MANDI_RATE_SOURCE = "AGMARKNET / data.gov.in";
export const MANDI_RATE_SOURCE_URL = "https://www.data.gov.in/resource/current-daily-price-various-commodities-various-markets-mandi";

/** A rate older than this says when it was reported. */
export const MANDI_RATE_FRESH_DAYS = 7;

/** "2026-11-24" → "24 Nov 2026" ("24 नव॰ 2026"). */
export function formatRateDate(isoDate: string, lang: Language): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return formatCalendarDay(year ?? 0, (month ?? 1) - 1, day ?? 1, lang);
}

/** Whole days from the rate's date to today in India. */
export function rateAgeDays(arrivalDate: string, now: number): number {
  const today = Date.parse(isoDate(now));
  return Math.max(0, Math.round((today - Date.parse(arrivalDate)) / 86_400_000));
}

/** "₹19–23" per kg: rupees, without "/ kg" (the line says it once). */
export function rateBand(rate: Pick<RateBand, "minPerKg" | "maxPerKg">): string {
  const plain = (paise: number) => formatRupees(paise).replace(/^₹/, "");
  return rate.minPerKg === rate.maxPerKg ? formatRupees(rate.minPerKg) : `₹${plain(rate.minPerKg)}–${plain(rate.maxPerKg)}`;
}

/** "/prices/onion/markets/maharashtra/nashik?date=2026-11-24": every market's rate that day. */
export function marketsHref(rate: Pick<MandiRateView, "produceId" | "stateSlug" | "districtSlug" | "arrivalDate">): string | null {
  if (!rate.districtSlug) return null;
  return `/prices/${rate.produceId}/markets/${rate.stateSlug}/${rate.districtSlug}?date=${rate.arrivalDate}`;
}
