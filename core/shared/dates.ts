/**
 * Dates and times in India, the one place that knows India's offset from UTC and the month names.
 * A date is shown as day, month and year in the page's language, as Intl's medium date writes it
 * for India: "1 Dec 2026", "1 दिस॰ 2026" (issue 42). Stored dates stay UTC epoch milliseconds
 * (decision 002); the words are only for showing.
 */
import type { Language } from "../i18n/languages";

/*
 * Written out by hand rather than with Intl.DateTimeFormat: the first DateTimeFormat with a time
 * zone costs a phone's browser 45–57 ms at 4× CPU slowdown (its time-zone data loads), one
 * unbroken task that showed as Lighthouse's longest in the page's start-up (docs/performance/history/lighthouse-and-hydration.md).
 * India keeps one offset all year (UTC+05:30, no daylight saving), so the date in India is the UTC
 * date of the instant moved by that offset. The Hindi names are Intl's hi-IN short forms;
 * dates.test.ts checks both languages against Intl for every day of a year.
 */
/** India's offset from UTC, as ISO 8601 writes it and in ms. */
export const INDIA_UTC_OFFSET = "+05:30";
export const INDIA_OFFSET_MS = 5.5 * 3600_000;
const MONTHS = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  hi: ["जन॰", "फ़र॰", "मार्च", "अप्रैल", "मई", "जून", "जुल॰", "अग॰", "सित॰", "अक्टू॰", "नव॰", "दिस॰"],
};

/**
 * The ten other languages' month names (CLDR's short forms for their Indian locales), from each
 * catalogue's `date.months`: the server hands them over with the catalogues and a page with its
 * own (app/features/i18n/i18n.ts), so the first load carries no table of them and the server and
 * the browser write the same words whatever their Intl data.
 */
const provided: Partial<Record<Language, readonly string[]>> = {};

export function provideMonthNames(language: Language, names: string): void {
  provided[language] ??= names.split(" ");
}

/** A month's short name, 0 for January: "Nov", "नव॰", "நவ."; English until a language's names are provided. */
export function shortMonth(month: number, language: Language): string {
  return (language === "hi" ? MONTHS.hi : (provided[language] ?? MONTHS.en))[month]!;
}

/** A calendar day as every page shows one: "1 Dec 2026", "1 दिस॰ 2026" (month 0 is January). */
export function formatCalendarDay(year: number, month: number, day: number, language: Language): string {
  return `${day} ${shortMonth(month, language)} ${year}`;
}

/** The day of this instant in India, as pages show it: "1 Dec 2026" ("1 दिस॰ 2026"). */
export function formatShortDate(epochMs: number, language: Language = "en"): string {
  const inIndia = new Date(epochMs + INDIA_OFFSET_MS);
  return formatCalendarDay(inIndia.getUTCFullYear(), inIndia.getUTCMonth(), inIndia.getUTCDate(), language);
}

/** ISO date (YYYY-MM-DD) in India's time zone, for <time dateTime>. */
export function isoDate(epochMs: number): string {
  return new Date(epochMs + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** "2026-11-22T12:00:00+05:30": the instant in India's time, said with its offset. */
export function isoDateTimeInIndia(epochMs: number): string {
  return `${new Date(epochMs + INDIA_OFFSET_MS).toISOString().slice(0, 19)}${INDIA_UTC_OFFSET}`;
}

/** "14:05": the time of day in India (24-hour), for staff pages that say "IST" beside it. */
export function indiaTimeOfDay(epochMs: number): string {
  return new Date(epochMs + INDIA_OFFSET_MS).toISOString().slice(11, 16);
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The hour of the day (0–23) in India at this instant: a daily digest's hour is India's. */
export function indiaHour(epochMs: number): number {
  return Math.floor(((((epochMs + INDIA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
}

/** The instant India's day began (midnight, Asia/Kolkata) for this instant. */
export function startOfIndiaDay(epochMs: number): number {
  return epochMs - ((((epochMs + INDIA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * "Expires in 3 days", "Expires tomorrow", "Expires today", "Expired on 22 Nov 2026" (My
 * listings), in the page's words (decision 015).
 */
export function expiryText(
  expiresAt: number,
  now: number,
  {
    lang,
    t,
  }: {
    lang: Language;
    t: (key: "date.expired" | "date.today" | "date.tomorrow" | "date.inDays", params?: Record<string, string | number>) => string;
  },
): string {
  if (expiresAt <= now) return t("date.expired", { date: formatShortDate(expiresAt, lang) });
  const days = Math.floor((expiresAt - now) / DAY_MS);
  if (days === 0) return t("date.today");
  if (days === 1) return t("date.tomorrow");
  return t("date.inDays", { days });
}
