/**
 * What of /api/v1 is deprecated, and when it stops (decision 032's versioning rules). The one
 * table both the OpenAPI document (`deprecated: true`, and a note in the description) and the
 * answers' headers are made from, so the two cannot disagree:
 *
 * - `Deprecation: @<unix seconds>` (RFC 9745), the moment it was deprecated;
 * - `Sunset: <HTTP date>` (RFC 8594), the moment it may stop answering;
 * - `Link` to the notice on the reference page, `rel="deprecation"` and `rel="sunset"`, and to
 *   what replaces it, `rel="successor-version"` (RFC 5829).
 *
 * A deprecated operation sends them on every answer; a deprecated parameter only when a request
 * uses it. Nothing in v1 is deprecated today; tests pass a table of their own.
 */
import type { RequestHandler } from "express";

export interface DeprecationNotice {
  /** The day it was deprecated, YYYY-MM-DD (00:00 UTC). */
  since: string;
  /** The day it may stop answering, YYYY-MM-DD (00:00 UTC): at least six months after `since`. */
  sunset: string;
  /** What to use instead: a path under /api/v1 (`/listings?sort=newest`) or an absolute URL. */
  replacement: string;
}

export interface ApiDeprecations {
  /** By operationId. */
  operations?: Readonly<Record<string, DeprecationNotice>>;
  /** By operationId, then the parameter's name. */
  parameters?: Readonly<Record<string, Readonly<Record<string, DeprecationNotice>>>>;
}

/** Nothing in v1 is deprecated today. */
export const V1_DEPRECATIONS: ApiDeprecations = Object.freeze({});

const MIN_NOTICE_MONTHS = 6;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The reference page's anchor for a notice: `deprecated-listMandiRates` or `deprecated-listMandiRates-market`. */
export const noticeAnchor = (operationId: string, parameter?: string) => `deprecated-${operationId}${parameter ? `-${parameter}` : ""}`;

/** The sentence the document and the reference page add to a deprecated operation's or parameter's description. */
export function noticeText(notice: DeprecationNotice): string {
  return `Deprecated since ${notice.since}; it may stop answering on ${notice.sunset}. Use \`${notice.replacement}\` instead.`;
}

/**
 * Refuses a table that names an operation or parameter the document does not have, or whose dates
 * are not days or leave less than six months' notice: a mistake here would announce the wrong thing
 * to every client, so it stops the server at start rather than ship.
 */
export function checkDeprecations(table: ApiDeprecations, known: ReadonlyMap<string, ReadonlySet<string>>): void {
  const check = (where: string, notice: DeprecationNotice) => {
    if (!DAY.test(notice.since) || Number.isNaN(midnight(notice.since)))
      throw new Error(`${where}: since "${notice.since}" is not a YYYY-MM-DD day`);
    if (!DAY.test(notice.sunset) || Number.isNaN(midnight(notice.sunset)))
      throw new Error(`${where}: sunset "${notice.sunset}" is not a YYYY-MM-DD day`);
    const earliest = new Date(midnight(notice.since));
    earliest.setUTCMonth(earliest.getUTCMonth() + MIN_NOTICE_MONTHS);
    if (midnight(notice.sunset) < earliest.getTime())
      throw new Error(`${where}: sunset ${notice.sunset} is less than ${MIN_NOTICE_MONTHS} months after ${notice.since}`);
    if (!notice.replacement.startsWith("/") && !/^https:\/\//.test(notice.replacement))
      throw new Error(`${where}: replacement must be a path under /api/v1 or an https URL`);
  };
  for (const [operationId, notice] of Object.entries(table.operations ?? {})) {
    if (!known.has(operationId)) throw new Error(`deprecations: no operation "${operationId}"`);
    check(operationId, notice);
  }
  for (const [operationId, parameters] of Object.entries(table.parameters ?? {})) {
    const names = known.get(operationId);
    if (!names) throw new Error(`deprecations: no operation "${operationId}"`);
    for (const [name, notice] of Object.entries(parameters)) {
      if (!names.has(name)) throw new Error(`deprecations: ${operationId} has no parameter "${name}"`);
      check(`${operationId} ${name}`, notice);
    }
  }
}

/** The headers one notice adds to an answer. `base` is the API's absolute address (`https://…/api/v1`). */
export function deprecationHeaders(
  notice: DeprecationNotice,
  noticeUrl: string,
  base: string,
): { deprecation: string; sunset: string; links: string[] } {
  const replacement = notice.replacement.startsWith("/") ? `${base}${notice.replacement}` : notice.replacement;
  return {
    deprecation: `@${midnight(notice.since) / 1000}`,
    sunset: new Date(midnight(notice.sunset)).toUTCString(),
    links: [
      `<${noticeUrl}>; rel="deprecation"; type="text/html"`,
      `<${noticeUrl}>; rel="sunset"; type="text/html"`,
      `<${replacement}>; rel="successor-version"`,
    ],
  };
}

/**
 * The middleware that sends one operation's deprecation headers: always for the operation, and
 * for each deprecated parameter the request uses. The earliest sunset wins when several apply.
 * Undefined when nothing of the operation is deprecated.
 */
export function deprecationMiddleware(table: ApiDeprecations, operationId: string, base: string): RequestHandler | undefined {
  const whole = table.operations?.[operationId];
  const parameters = Object.entries(table.parameters?.[operationId] ?? {});
  if (!whole && !parameters.length) return undefined;
  const docs = `${base}/docs#`;
  return (req, res, next) => {
    const query = new URL(req.originalUrl, "http://api.invalid").searchParams;
    const applying = [
      ...(whole ? [deprecationHeaders(whole, docs + noticeAnchor(operationId), base)] : []),
      ...parameters
        .filter(([name]) => query.has(name))
        .map(([name, notice]) => deprecationHeaders(notice, docs + noticeAnchor(operationId, name), base)),
    ];
    if (applying.length) {
      // RFC 9745 and 8594 allow one of each header: the earliest deprecation and the earliest sunset.
      const earliest = (values: string[], toTime: (v: string) => number) => values.reduce((a, b) => (toTime(b) < toTime(a) ? b : a));
      res.setHeader(
        "Deprecation",
        earliest(
          applying.map((h) => h.deprecation),
          (v) => Number(v.slice(1)),
        ),
      );
      res.setHeader(
        "Sunset",
        earliest(
          applying.map((h) => h.sunset),
          Date.parse,
        ),
      );
      res.append("Link", [...new Set(applying.flatMap((h) => h.links))]);
    }
    next();
  };
}
