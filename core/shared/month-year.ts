/**
 * "Member since Dec 2026" (decision 057). Apart from dates.ts, whose chunk the home page loads:
 * only the listing's and the seller's pages need this.
 */
import type { Language } from "../i18n/languages";
import { INDIA_OFFSET_MS, shortMonth } from "./dates";

/** The month and year of this instant in India: "Dec 2026", "दिस॰ 2026". */
export function formatMonthYear(epochMs: number, language: Language = "en"): string {
  const inIndia = new Date(epochMs + INDIA_OFFSET_MS);
  return `${shortMonth(inIndia.getUTCMonth(), language)} ${inIndia.getUTCFullYear()}`;
}
