/** The specification's short date form: "Sun Nov 22 2026" (shown in India's time zone). */

const PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Kolkata",
  weekday: "short",
  month: "short",
  day: "2-digit",
  year: "numeric",
});

export function formatShortDate(epochMs: number): string {
  const parts = Object.fromEntries(PARTS.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.month} ${parts.day} ${parts.year}`;
}

/** ISO date (YYYY-MM-DD) in India's time zone, for <time dateTime>. */
export function isoDate(epochMs: number): string {
  return new Date(epochMs + 5.5 * 3600_000).toISOString().slice(0, 10);
}
