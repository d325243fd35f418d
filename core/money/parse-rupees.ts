/**
 * Rupees as people type them, read into paise (core/money/money re-exports it).
 *
 * A module of its own to steer bundle chunks: pages that only show prices (every listing card)
 * load money.ts without this parser, which only the sell form needs in the browser (decision 019).
 */
// Whole rupees: plain digits, or grouped with commas the Indian way (1,23,456) or the Western
// way (123,456); either way the last group has three digits.
const RUPEES_PATTERN = /^\s*(?:₹|rs\.?|inr)?\s*(\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/i;

/** "1,250.5" → 125050. Undefined when the text is not a plain amount with at most 2 decimals. */
export function parseRupeesToPaise(text: string): number | undefined {
  const match = RUPEES_PATTERN.exec(text);
  if (!match) return undefined;
  const whole = Number(match[1]!.replace(/,/g, ""));
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  const paise = whole * 100 + fraction;
  return Number.isSafeInteger(paise) ? paise : undefined;
}
