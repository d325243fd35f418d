/**
 * At start, a database that does not answer yet (started together with the app, restarting) is
 * retried with backoff for a while; then the process stops with one line an operator can act on.
 */
import { sql } from "kysely";
import type { Logger } from "../logger";
import { classifyUnavailable } from "../unavailable";
import type { Db } from "./database";

export class StartupError extends Error {
  override name = "StartupError";
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

export async function waitForDatabase(db: Db, options: { url: string; timeoutSeconds: number; logger: Logger }): Promise<void> {
  const deadline = Date.now() + options.timeoutSeconds * 1000;
  let delay = FIRST_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db.kysely);
      if (attempt > 1) options.logger.info(`database ${where(options.url)} answered after ${attempt} attempts`);
      return;
    } catch (error) {
      const unavailable = classifyUnavailable(error);
      const line = cannotReach(options.url, error);
      // A wrong password or a missing database will not fix itself: stop at once.
      if (!unavailable || Date.now() + delay > deadline) throw new StartupError(line, { cause: error });
      options.logger.warn(`${line} Retrying in ${(delay / 1000).toFixed(1)} s (giving up after ${options.timeoutSeconds} s).`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }
}

function where(url: string): string {
  if (url.startsWith("sqlite:")) return url;
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}

function cannotReach(url: string, error: unknown): string {
  // A refused connection comes as an AggregateError with a code and an empty message.
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const what = [code, message].filter((part) => typeof part === "string" && part).join(": ") || String(error);
  return `Mandi cannot reach the database ${where(url)} (${what}). Check that PostgreSQL is running there and that DATABASE_URL (host, port, user, password, database name) is right.`;
}
