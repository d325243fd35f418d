/**
 * Price insight from Mandi's own listings (issue 23, decision 020): for a produce and a place, the
 * usual price per kg over the last 30 days, and the band the middle half of prices fall in.
 *
 * Robust by construction:
 * - one vote per seller: a seller's several listings in the sample collapse to one figure (their
 *   own median), so twenty listings by one seller weigh what one does;
 * - below a minimum sample (MIN_LISTINGS listings from MIN_SELLERS sellers) there is no figure,
 *   only "not enough listings yet";
 * - the place falls back district → state → all India, and within a place, like is compared with
 *   like (the same grade) when that sample is big enough on its own.
 * Which listings count (hidden never, sold always) is the aggregate table's business
 * (server/price-insight). Pure: no I/O, no framework.
 */
import type { Grade } from "../catalogue/grades";
import type { Unit } from "../money/units";
import { shortMonth } from "../shared/dates";
import type { Language } from "../i18n/languages";

/** Days of listings an insight covers. */
export const INSIGHT_DAYS = 30;
/** Days the price page's trend covers. */
export const TREND_DAYS = 90;
/** Days in one point of the trend. */
export const TREND_STEP_DAYS = 7;
/** The fewest listings, and sellers, a figure may rest on. */
export const MIN_LISTINGS = 5;
export const MIN_SELLERS = 3;

export const DAY_MS = 86_400_000;

/** One listing's price, as the aggregate table keeps it. */
export interface PricePoint {
  sellerId: string;
  /** Price per kg, in paise. */
  pricePaise: number;
  grade: string | null;
  state: string;
  district: string;
  /** Days since 1970-01-01 (UTC) of the listing's last change. */
  day: number;
}

export interface PriceSummary {
  /** The median of the sellers' figures, per kg, in paise. */
  medianPaise: number;
  /** 25th and 75th percentiles of the sellers' figures: most prices fall between them. */
  lowPaise: number;
  highPaise: number;
  listings: number;
  sellers: number;
}

export type InsightScope = "district" | "state" | "india";

export type PriceInsight =
  | { enough: true; scope: InsightScope; state: string | null; district: string | null; grade: Grade | null; summary: PriceSummary }
  | { enough: false; listings: number; sellers: number };

/** The q-th quantile (0..1) of numbers sorted ascending, interpolating between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) throw new RangeError("quantile of nothing");
  if (q < 0 || q > 1) throw new RangeError(`q must be within 0..1 (got ${q})`);
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

export function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Each seller's figure: the median of their prices. */
export function sellerFigures(points: ReadonlyArray<Pick<PricePoint, "sellerId" | "pricePaise">>): number[] {
  const bySeller = new Map<string, number[]>();
  for (const point of points) {
    const prices = bySeller.get(point.sellerId);
    if (prices) prices.push(point.pricePaise);
    else bySeller.set(point.sellerId, [point.pricePaise]);
  }
  return [...bySeller.values()].map(median);
}

/** The summary of a sample, or undefined when it is below the minimum. */
export function summarise(points: ReadonlyArray<Pick<PricePoint, "sellerId" | "pricePaise">>): PriceSummary | undefined {
  if (points.length < MIN_LISTINGS) return undefined;
  const figures = sellerFigures(points).sort((a, b) => a - b);
  if (figures.length < MIN_SELLERS) return undefined;
  return {
    medianPaise: Math.round(quantile(figures, 0.5)),
    lowPaise: Math.round(quantile(figures, 0.25)),
    highPaise: Math.round(quantile(figures, 0.75)),
    listings: points.length,
    sellers: figures.length,
  };
}

export interface InsightWanted {
  state?: string | null;
  district?: string | null;
  grade?: Grade | null;
}

/**
 * The insight for a place from the points of each scope, narrowest first: the district's (when a
 * district is wanted), the state's (when a state is), all India's. Within a scope the wanted
 * grade's own sample is used when it is big enough, else every grade's. Points must already be
 * the scope's and the window's; `samples` may be lazy so a wider scope is read only if needed.
 */
export async function chooseInsight(
  wanted: InsightWanted,
  samples: (scope: InsightScope) => Promise<readonly PricePoint[]>,
): Promise<PriceInsight> {
  const scopes: InsightScope[] = [];
  if (wanted.state && wanted.district) scopes.push("district");
  if (wanted.state) scopes.push("state");
  scopes.push("india");
  let widest = { listings: 0, sellers: 0 };
  for (const scope of scopes) {
    const points = await samples(scope);
    const place = { state: scope === "india" ? null : wanted.state!, district: scope === "district" ? wanted.district! : null };
    if (wanted.grade) {
      const graded = summarise(points.filter((point) => point.grade === wanted.grade));
      if (graded) return { enough: true, scope, ...place, grade: wanted.grade, summary: graded };
    }
    const all = summarise(points);
    if (all) return { enough: true, scope, ...place, grade: null, summary: all };
    widest = { listings: points.length, sellers: new Set(points.map((point) => point.sellerId)).size };
  }
  return { enough: false, ...widest };
}

/** Where a price stands against the usual one: -7 for 7% below, 0 within half a percent. */
export function percentFromUsual(pricePaise: number, medianPaise: number): number {
  if (medianPaise <= 0) throw new RangeError("the usual price must be above 0");
  const percent = Math.round(((pricePaise - medianPaise) / medianPaise) * 100);
  return percent === 0 ? 0 : percent;
}

/** A price per kg in another unit: 1800 paise a kg → 180000 paise a quintal (100,000 g). */
export function perUnitPaise(perKgPaise: number, gramsPerUnit: number): number {
  return Math.round((perKgPaise * gramsPerUnit) / 1000);
}

/** Rounds a price for a band's reading: whole rupees, and whole tens of rupees from ₹1,000. */
export function roundForBand(paise: number): number {
  if (paise >= 100_000) return Math.round(paise / 1000) * 1000;
  if (paise >= 1000) return Math.round(paise / 100) * 100;
  return paise;
}

/** Median per region, for the price page's tables: regions below the minimum sample are left out. */
export function summariseBy<K extends string>(
  points: readonly PricePoint[],
  keyOf: (point: PricePoint) => K,
): Array<{ key: K; summary: PriceSummary }> {
  const groups = new Map<K, PricePoint[]>();
  for (const point of points) {
    const key = keyOf(point);
    const group = groups.get(key);
    if (group) group.push(point);
    else groups.set(key, [point]);
  }
  const rows: Array<{ key: K; summary: PriceSummary }> = [];
  for (const [key, group] of groups) {
    const summary = summarise(group);
    if (summary) rows.push({ key, summary });
  }
  return rows.sort((a, b) => b.summary.listings - a.summary.listings || (a.key < b.key ? -1 : 1));
}

export interface TrendPoint {
  /** First day of the week (days since the epoch). */
  fromDay: number;
  toDay: number;
  summary: PriceSummary | undefined;
}

/**
 * The trend over the last TREND_DAYS up to `today`: one point per TREND_STEP_DAYS, the newest
 * ending today; a week below the minimum sample has no summary (a gap in the chart).
 */
export function weeklyTrend(points: readonly PricePoint[], today: number): TrendPoint[] {
  const weeks = Math.ceil(TREND_DAYS / TREND_STEP_DAYS);
  const trend: TrendPoint[] = [];
  for (let week = weeks - 1; week >= 0; week--) {
    const toDay = today - week * TREND_STEP_DAYS;
    const fromDay = toDay - TREND_STEP_DAYS + 1;
    trend.push({ fromDay, toDay, summary: summarise(points.filter((point) => point.day >= fromDay && point.day <= toDay)) });
  }
  return trend;
}

export function dayOf(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS);
}

/** What the sell form and a listing's page say, in the page's language (app/features/prices/price-insight.tsx); made on the server. */
export interface PriceInsightNote {
  produceId: string;
  /** The produce's name in the page's language. */
  produce: string;
  enough: boolean;
  scope: InsightScope | null;
  /** The district's or state's name in the page's language; "" for all India. */
  place: string;
  grade: Grade | null;
  /** Per kg, rounded for reading. */
  medianPaise: number;
  lowPaise: number;
  highPaise: number;
  listings: number;
  /** The band in the seller's unit, when it is not kg and its weight is known. */
  unit: Unit | null;
  lowUnitPaise: number | null;
  highUnitPaise: number | null;
}

/** Where a listing's price stands, as its page says it: "7% below the usual price in Nashik". */
export interface PriceStandingView {
  produceId: string;
  /** The produce's name in the page's language. */
  produce: string;
  /** -7 for 7% below the usual price. */
  percent: number;
  /** Where the usual price is from, in the page's language; "" for all India. */
  place: string;
}

/** A day (days since the epoch) as "24 Nov" / "24 नव॰", for the trend's axis and table. */
export function dayMonth(day: number, lang: Language): string {
  const date = new Date(day * DAY_MS);
  return `${date.getUTCDate()} ${shortMonth(date.getUTCMonth(), lang)}`;
}
