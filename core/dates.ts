/**
 * The specification's short date form: "Sun Nov 22 2026" (shown in India's time zone). In Hindi
 * the date is written as Intl's hi-IN writes it: "रवि, 22 नव॰ 2026" (decision 015).
 */
import type { Language } from "./i18n/languages";

const PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Kolkata",
  weekday: "short",
  month: "short",
  day: "2-digit",
  year: "numeric",
});

const HINDI = new Intl.DateTimeFormat("hi-IN", {
  timeZone: "Asia/Kolkata",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});

export function formatShortDate(epochMs: number, language: Language = "en"): string {
  if (language === "hi") return HINDI.format(new Date(epochMs));
  const parts = Object.fromEntries(PARTS.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.month} ${parts.day} ${parts.year}`;
}

/** ISO date (YYYY-MM-DD) in India's time zone, for <time dateTime>. */
export function isoDate(epochMs: number): string {
  return new Date(epochMs + 5.5 * 3600_000).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * "Expires in 3 days", "Expires tomorrow", "Expires today", "Expired on Sun Nov 22 2026" (My
 * listings), in the page's words (decision 015).
 */
export function expiryText(
  expiresAt: number,
  now: number,
  { lang, t }: { lang: Language; t: (key: "date.expired" | "date.today" | "date.tomorrow" | "date.inDays", params?: Record<string, string | number>) => string },
): string {
  if (expiresAt <= now) return t("date.expired", { date: formatShortDate(expiresAt, lang) });
  const days = Math.floor((expiresAt - now) / DAY_MS);
  if (days === 0) return t("date.today");
  if (days === 1) return t("date.tomorrow");
  return t("date.inDays", { days });
}
