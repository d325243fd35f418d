/** Prices are kept as whole paise per kg; people type and read rupees. */
import { formatIndianNumber } from "../shared/numbers";

// Reading typed rupees is its own module: pages that only show prices (every listing card) share
// this one without the parser, which the sell form needs in the browser (core/prices/msp-note).

/** 125000 → "₹1,250"; 4550 → "₹45.50"; 12345678 → "₹1,23,456.78" (Indian digit grouping). */
export function formatRupees(paise: number): string {
  const whole = paise % 100 === 0;
  return `₹${formatIndianNumber(paise / 100, { maxFractionDigits: whole ? 0 : 2, minFractionDigits: whole ? 0 : 2 })}`;
}

/** 9500 → "₹95 / kg". */
export function formatPricePerKg(paise: number): string {
  return `${formatRupees(paise)} / kg`;
}
