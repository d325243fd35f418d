/**
 * The one place that decides whether an error means "something Mandi needs is not answering"
 * (the database is down, restarting, locked or out of disk; the photo store is unreachable) or
 * "a bug". The first is a 503 with Retry-After and a kind message; the second stays a 500.
 * See docs/decisions/011-faults-and-unavailability.md.
 */

/** What the operator reads in the log: "database unavailable: disk full". */
export interface Unavailability {
  component: "database" | "photo storage" | "server";
  reason: string;
}

/** Seconds a client is asked to wait before trying again (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 30;

/** For faults Mandi detects itself: a check that timed out, a server too busy to queue more. */
export class UnavailableError extends Error {
  override name = "UnavailableError";
  constructor(
    readonly component: Unavailability["component"],
    readonly reason: string,
    options: { cause?: unknown } = {},
  ) {
    super(`${component} unavailable: ${reason}`, options);
  }
}

export function describeUnavailability(u: Unavailability): string {
  return `${u.component} unavailable: ${u.reason}`;
}

/** Node's errno codes of a network or file system that is not answering. */
const ERRNO_REASONS: Record<string, string> = {
  ENOSPC: "disk full",
  EDQUOT: "disk quota exceeded",
  EIO: "disk error",
  EROFS: "file system is read-only",
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection reset",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EAI_AGAIN: "host name lookup failed",
};

/** PostgreSQL SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const SQLSTATE_REASONS: Record<string, string> = {
  "57P01": "server shutting down or restarting (57P01)",
  "57P02": "server crashed (57P02)",
  "57P03": "server starting up (57P03)",
  // The database itself gone, or its credentials no longer taken (a restore, a failover, rotated
  // secrets): the operator's to fix, and every request meanwhile a 503, not a 500.
  "57P04": "the database was dropped (57P04)",
  "3D000": "the database does not exist (3D000)",
  "28000": "the database refused the connection's credentials (28000)",
  "28P01": "the database refused the connection's password (28P01)",
  "57014": "query took longer than the statement timeout",
  "55P03": "a table is locked",
  "53100": "disk full",
  "53200": "out of memory",
  "53300": "too many connections",
  "40P01": "deadlock",
};

/** What node-postgres says, in words only, when a connection dies or a wait runs out. */
const PG_MESSAGE_REASONS: Array<[RegExp, string]> = [
  [/timeout exceeded when trying to connect/i, "no connection within the acquire timeout"],
  [/Connection terminated due to connection timeout/i, "no connection within the acquire timeout"],
  [/Connection terminated/i, "connection lost"],
  [/Query read timeout/i, "query timed out"],
  [/not queryable|connection error/i, "connection lost"],
];

/** `null` for a bug (or a person's mistake); otherwise what is unavailable and why. */
export function classifyUnavailable(error: unknown): Unavailability | null {
  // A cause chain (and AggregateError's list) is followed a few levels: libraries wrap errors.
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  let storage = false;
  while (queue.length && seen.size < 10) {
    const current = queue.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof UnavailableError) return { component: current.component, reason: current.reason };
    const e = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      $metadata?: { httpStatusCode?: number };
      cause?: unknown;
      errors?: unknown;
    };
    // The AWS SDK marks its errors with $metadata: anything below is the photo store's.
    if (e.$metadata) storage = true;
    const component = storage ? "photo storage" : "database";
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (code.startsWith("SQLITE_")) {
      const reason = sqliteReason(code);
      if (reason) return { component: "database", reason };
    } else if (SQLSTATE_REASONS[code]) {
      return { component: "database", reason: SQLSTATE_REASONS[code]! };
    } else if (/^08[0-9A-Z]{3}$/.test(code)) {
      return { component: "database", reason: `connection failure (${code})` };
    } else if (ERRNO_REASONS[code]) {
      // A local file (a photo, an upload) on a full disk is the server's own disk.
      const disk = ["ENOSPC", "EDQUOT", "EIO", "EROFS"].includes(code);
      return { component: disk && !storage ? "server" : component, reason: ERRNO_REASONS[code]! };
    }
    if (e.name === "TimeoutError") return { component, reason: "timed out" };
    const status = e.$metadata?.httpStatusCode;
    if (storage && typeof status === "number" && status >= 500) return { component, reason: `answered ${status}` };
    const pgReason = !storage && PG_MESSAGE_REASONS.find(([pattern]) => pattern.test(message));
    if (pgReason) return { component, reason: pgReason[1] };
    if (e.cause) queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...(e.errors as unknown[]));
  }
  return null;
}

function sqliteReason(code: string): string | null {
  if (code === "SQLITE_FULL") return "disk full";
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "locked by another writer";
  if (code.startsWith("SQLITE_IOERR")) return "disk error";
  if (code === "SQLITE_READONLY" || code.startsWith("SQLITE_READONLY_")) return "file is read-only";
  if (code === "SQLITE_CANTOPEN") return "cannot open the database file";
  return null;
}
