/**
 * Numbers as Indian pages write them: digits grouped the Indian way ("12,34,567.5"), in both
 * languages (decision 015).
 *
 * Written by hand rather than with Intl.NumberFormat: the first Intl formatter a page makes costs
 * a phone's browser about 50 ms at 4× CPU slowdown (ICU's data for the locale loads), one unbroken
 * task in the page's start-up that Lighthouse counts as blocking (docs/performance/history/lighthouse-and-hydration.md). Grouping
 * digits is all we need of it. numbers.test.ts checks these against Intl's en-IN output.
 */

/** "1234567" → "12,34,567": the last three digits, then pairs. */
function groupDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;
}

/**
 * The number's shortest decimal form (what String(value) shows) rounded half away from zero to
 * `decimals` places, as digits of the whole part and of the fraction. Intl rounds that form, not
 * the binary value: 72.735 is 72.73499999… in binary, yet Intl (and a person) rounds it to 72.74,
 * where toFixed gives 72.73.
 */
function roundDecimal(value: number, decimals: number): { whole: string; fraction: string } {
  const [mantissa = "0", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  // Position of the decimal point within `digits`: after the first digit, moved by the exponent.
  const point = 1 + Number(exponentText);
  const padded = point <= 0 ? "0".repeat(1 - point) + digits : digits.padEnd(point, "0");
  const pointAt = Math.max(point, 1);
  const keep = padded.slice(0, pointAt + decimals).padEnd(pointAt + decimals, "0");
  const roundUp = (padded[pointAt + decimals] ?? "0") >= "5";
  const kept = roundUp ? (BigInt(keep) + 1n).toString().padStart(keep.length, "0") : keep;
  const wholeLength = kept.length - decimals;
  return { whole: kept.slice(0, wholeLength).replace(/^0+(?=\d)/, ""), fraction: kept.slice(wholeLength) };
}

/**
 * 1234567.891 → "12,34,567.89": at most `maxFractionDigits` decimals (trailing zeros dropped), at
 * least `minFractionDigits`, rounded as Intl's en-IN rounds. For finite numbers.
 */
export function formatIndianNumber(value: number, { maxFractionDigits = 2, minFractionDigits = 0 } = {}): string {
  const { whole, fraction } = roundDecimal(value, maxFractionDigits);
  let decimals = fraction.replace(/0+$/, "");
  if (decimals.length < minFractionDigits) decimals = decimals.padEnd(minFractionDigits, "0");
  const zero = /^0*$/.test(whole + decimals);
  return `${value < 0 && !zero ? "-" : ""}${groupDigits(whole)}${decimals ? `.${decimals}` : ""}`;
}
