import pino from "pino";

export type Logger = pino.Logger;

/**
 * Fields of an error the log keeps besides its type, message and stack: codes a person can act
 * on. Anything else an error carries is left out: a pg pool's error holds its client and
 * connection settings (a password, if DATABASE_URL has one), nodemailer's the recipients.
 */
const KEPT_ERROR_FIELDS = ["code", "errno", "syscall", "severity", "routine", "responseCode", "command", "status", "statusCode"] as const;

/** An error as the log keeps it (an Error, or one pino-http has already made plain). */
export function loggedError(error: unknown, depth = 0): unknown {
  if (error === null || typeof error !== "object") return error;
  const fields = error as Record<string, unknown>;
  const kept: Record<string, unknown> = {
    type: error instanceof Error ? error.name : fields.type,
    message: fields.message,
    stack: fields.stack,
  };
  for (const key of KEPT_ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === "string" || typeof value === "number") kept[key] = value;
  }
  if (fields.cause !== undefined && depth < 3) kept.cause = loggedError(fields.cause, depth + 1);
  return kept;
}

/** `destination`: standard output unless given (tests read the lines back). */
export function createLogger(level: pino.LevelWithSilent = "info", destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: (error: unknown) => loggedError(error) },
  };
  return destination ? pino(options, destination) : pino(options);
}
