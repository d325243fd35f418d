/**
 * Which of the government's mandi figures a page may show as a price (decision 050). The one rule:
 * the importer asks `plausibleFigures` of every record (a held-back record is counted, not stored),
 * and every page that shows a rate asks `farFromWeek` of each market's figure against the
 * produce's national median of that week (a week's range is only known once its rows are in, so
 * that half is read when the rates are). Pure; prices in paise per quintal, as AGMARKNET gives them.
 */
import { median } from "./price-insight";

export interface RateFigures {
  min: number;
  max: number;
  modal: number;
}

export type HeldBackReason = "no-modal" | "under-a-rupee" | "modal-outside-band";

/** ₹1 a kg, in paise per quintal. */
export const FLOOR_PER_QUINTAL = 10_000;

export type Plausible = ({ shown: true } & RateFigures) | { shown: false; reason: HeldBackReason };

/**
 * A record's own figures, made fit to show or held back:
 * - no modal price (0): nothing to show;
 * - a modal under ₹1 a kg (₹100 a quintal): a per-bunch or per-piece report, not a price per kg;
 * - a max of 0 is a max not written: the modal alone (min = max = modal), never a "₹0" band;
 * - a min of 0 is a min not written: the band runs from the modal to the max;
 * - a modal outside its own min–max (or a min above the max): the figures contradict each other.
 */
export function plausibleFigures(figures: RateFigures): Plausible {
  const { modal } = figures;
  if (!(modal > 0)) return { shown: false, reason: "no-modal" };
  if (modal < FLOOR_PER_QUINTAL) return { shown: false, reason: "under-a-rupee" };
  if (figures.max <= 0) return { shown: true, min: modal, max: modal, modal };
  const min = figures.min > 0 ? figures.min : Math.min(modal, figures.max);
  if (modal < min || modal > figures.max) return { shown: false, reason: "modal-outside-band" };
  return { shown: true, min, max: figures.max, modal };
}

/**
 * How far from the week's national median a market's modal may be, either way. Per-bunch and
 * per-piece reports (coriander at ₹18 a quintal: ₹0.18 a "kg") sit 20 to 300 times below it; a
 * real glut or shortage in one market stays well within 5 times of the rest of India.
 */
export const FAR_FACTOR = 10;

/** Days in the week a figure is compared with: its own day and the six before. */
export const WEEK_DAYS = 7;

/** True when `modal` is far outside the produce's national range that week (so is held back). */
export function farFromWeek(modal: number, weekMedian: number | undefined): boolean {
  if (weekMedian === undefined || weekMedian <= 0) return false;
  return modal * FAR_FACTOR < weekMedian || modal > weekMedian * FAR_FACTOR;
}

/** The national median of a week's modal prices, or undefined for a week without any. */
export function weekMedian(modals: readonly number[]): number | undefined {
  return modals.length ? median(modals) : undefined;
}
