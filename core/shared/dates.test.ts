import { describe, expect, it } from "vitest";
import {
  expiryText,
  formatCalendarDay,
  formatShortDate,
  INDIA_OFFSET_MS,
  INDIA_UTC_OFFSET,
  indiaHour,
  indiaTimeOfDay,
  isoDate,
  isoDateTimeInIndia,
  shortMonth,
  startOfIndiaDay,
} from "./dates";
import { formatMonthYear } from "./month-year";
import { createTranslator, type MessageTree } from "../i18n/translate";
import { FULL_CATALOGUES } from "../i18n/catalogues";

const en = FULL_CATALOGUES.en;
const hi = FULL_CATALOGUES.hi;

const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min);

describe("month names in the ten other languages (issue 40)", () => {
  it("are the catalogue's words, as Intl writes them for the language's Indian locale", () => {
    expect(formatShortDate(utc(2026, 12, 1, 6), "ta")).toBe("1 டிச. 2026");
    expect(shortMonth(10, "ml")).toBe("നവം");
    for (const language of ["bn", "te", "mr", "ta", "gu", "or", "kn", "pa", "ur", "ml"] as const) {
      const months = FULL_CATALOGUES[language].date.months.split(" ");
      expect(months, language).toHaveLength(12);
      const intl = new Intl.DateTimeFormat(`${language}-IN`, { month: "short", timeZone: "UTC" });
      // Node's CLDR data, where it has the language (the catalogue is what pages show either way).
      if (intl.resolvedOptions().locale.startsWith(language)) expect(months[4], language).toBe(intl.format(Date.UTC(2026, 4, 15)));
    }
  });
});

describe("formatShortDate", () => {
  it("writes day, month and year, as a person in India reads a date (issue 42)", () => {
    expect(formatShortDate(utc(2026, 11, 22, 6))).toBe("22 Nov 2026");
    expect(formatShortDate(utc(2026, 12, 1, 6))).toBe("1 Dec 2026");
  });

  it("uses India's date for a UTC evening that is already the next day in India", () => {
    // 20:00 UTC on Saturday 21 Nov is 01:30 IST on Sunday 22 Nov.
    expect(formatShortDate(utc(2026, 11, 21, 20))).toBe("22 Nov 2026");
  });

  it("turns the day at midnight IST (18:30 UTC)", () => {
    expect(formatShortDate(utc(2026, 11, 22, 18, 29))).toBe("22 Nov 2026");
    expect(formatShortDate(utc(2026, 11, 22, 18, 30))).toBe("23 Nov 2026");
  });

  it("turns the year at midnight IST", () => {
    expect(formatShortDate(utc(2025, 12, 31, 18, 29))).toBe("31 Dec 2025");
    expect(formatShortDate(utc(2025, 12, 31, 18, 30))).toBe("1 Jan 2026");
  });

  it("handles a leap day", () => {
    expect(formatShortDate(utc(2028, 2, 29, 12))).toBe("29 Feb 2028");
  });

  it("is the one form of a calendar day: a mandi rate's date reads the same", () => {
    expect(formatCalendarDay(2026, 11, 1, "en")).toBe(formatShortDate(utc(2026, 12, 1, 6), "en"));
    expect(formatCalendarDay(2026, 11, 1, "hi")).toBe(formatShortDate(utc(2026, 12, 1, 6), "hi"));
  });
});

describe("isoDate", () => {
  it("gives YYYY-MM-DD", () => {
    expect(isoDate(utc(2026, 11, 22, 6))).toBe("2026-11-22");
  });

  it("uses India's date, not UTC's", () => {
    expect(isoDate(utc(2026, 11, 21, 20))).toBe("2026-11-22");
    expect(isoDate(utc(2026, 11, 22, 18, 29))).toBe("2026-11-22");
    expect(isoDate(utc(2026, 11, 22, 18, 30))).toBe("2026-11-23");
    expect(isoDate(utc(2025, 12, 31, 18, 30))).toBe("2026-01-01");
  });

  it("names the same day as formatShortDate", () => {
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    // every 97 minutes across a year reaches every time of day in both time zones
    for (let t = utc(2026, 1, 1); t < utc(2027, 1, 1); t += 97 * 60_000) {
      const [year, month, day] = isoDate(t).split("-");
      expect(formatShortDate(t)).toBe(`${Number(day)} ${months[Number(month) - 1]} ${year}`);
    }
  });
});

describe("formatShortDate in Hindi", () => {
  it("writes the date as Intl's hi-IN does, in India's time zone, with no weekday", () => {
    expect(formatShortDate(utc(2026, 11, 22, 6), "hi")).toBe("22 नव॰ 2026");
    // 20:00 UTC on the 21st is already the 22nd in India.
    expect(formatShortDate(utc(2026, 11, 21, 20), "hi")).toBe("22 नव॰ 2026");
  });

  it("matches Intl's medium date for India (hi-IN; en-US's month names in English) on every day of a year, at every hour", () => {
    const hindi = new Intl.DateTimeFormat("hi-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium" });
    // en-IN now writes "Sept"; the English pages keep the three letters every other month has.
    const english = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata", month: "short", day: "numeric", year: "numeric" });
    for (let t = utc(2026, 1, 1); t < utc(2027, 1, 2); t += 61 * 60_000) {
      expect(formatShortDate(t, "hi")).toBe(hindi.format(t));
      const parts = Object.fromEntries(english.formatToParts(t).map((p) => [p.type, p.value]));
      expect(formatShortDate(t, "en")).toBe(`${parts.day} ${parts.month} ${parts.year}`);
    }
  });
});

describe("expiryText", () => {
  const english = { lang: "en" as const, t: createTranslator("en", en as unknown as MessageTree) };
  const hindi = { lang: "hi" as const, t: createTranslator("hi", hi as unknown as MessageTree) };
  const now = utc(2026, 11, 22, 6);
  const day = 86_400_000;

  it("says how long a listing has left, in English", () => {
    expect(expiryText(now + 3 * day + 1000, now, english)).toBe("Expires in 3 days");
    expect(expiryText(now + day + 1000, now, english)).toBe("Expires tomorrow");
    expect(expiryText(now + 1000, now, english)).toBe("Expires today");
    expect(expiryText(now - 1000, now, english)).toBe("Expired on 22 Nov 2026");
  });

  it("and in Hindi", () => {
    expect(expiryText(now + 3 * day + 1000, now, hindi)).toBe("3 दिन में ख़त्म होगी");
    expect(expiryText(now - 1000, now, hindi)).toBe("22 नव॰ 2026 को ख़त्म हो गई");
  });
});

describe("India's hour and day", () => {
  it("reads the hour and the day's start in Asia/Kolkata, as Intl does", () => {
    const hourOf = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", hour: "numeric", hourCycle: "h23" });
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2026, 0, 3); at += 15 * 60_000) {
      expect(indiaHour(at)).toBe(Number(hourOf.format(at)));
      const start = startOfIndiaDay(at);
      expect(indiaHour(start)).toBe(0);
      expect(new Date(start).toISOString().slice(11, 16)).toBe("18:30");
      expect(at - start).toBeLessThan(86_400_000);
    }
  });
});

describe("India's offset, month names and times of day", () => {
  it("says the offset one way in text and in ms", () => {
    expect(Date.parse(`2026-11-22T05:30:00${INDIA_UTC_OFFSET}`)).toBe(utc(2026, 11, 22));
    expect(Date.parse(`2026-11-22T05:30:00${INDIA_UTC_OFFSET}`) + INDIA_OFFSET_MS).toBe(Date.parse("2026-11-22T05:30:00Z"));
  });

  it("names the months in both languages, as the short dates do", () => {
    expect([0, 10, 11].map((month) => shortMonth(month, "en"))).toEqual(["Jan", "Nov", "Dec"]);
    expect(shortMonth(10, "hi")).toBe("नव॰");
    for (let month = 0; month < 12; month++) {
      const noon = utc(2026, month + 1, 15, 6);
      expect(formatShortDate(noon)).toContain(` ${shortMonth(month, "en")} `);
      expect(formatShortDate(noon, "hi")).toContain(` ${shortMonth(month, "hi")} `);
    }
  });

  it("writes an instant in India's time with its offset, and the time of day there", () => {
    expect(isoDateTimeInIndia(utc(2026, 11, 22, 6, 30))).toBe("2026-11-22T12:00:00+05:30");
    expect(Date.parse(isoDateTimeInIndia(utc(2026, 11, 22, 18, 45)))).toBe(utc(2026, 11, 22, 18, 45));
    expect(indiaTimeOfDay(utc(2026, 11, 22, 18, 29))).toBe("23:59");
    expect(indiaTimeOfDay(utc(2026, 11, 22, 18, 30))).toBe("00:00");
    expect(indiaTimeOfDay(utc(2026, 11, 22, 8, 35))).toBe("14:05");
  });
});

describe("formatMonthYear (month-year.ts)", () => {
  it("says the month and year in India, in either language", () => {
    // 20:00 UTC on 31 December 2026 is already 1 January 2027 in India.
    expect(formatMonthYear(Date.UTC(2026, 11, 31, 20), "en")).toBe("Jan 2027");
    expect(formatMonthYear(Date.UTC(2026, 11, 1, 6), "en")).toBe("Dec 2026");
    expect(formatMonthYear(Date.UTC(2026, 11, 1, 6), "hi")).toBe("दिस॰ 2026");
  });
});
