/**
 * The public API's errors as RFC 9457 problem details (decision 032). Each kind has a stable
 * `type`: a link to its entry on the API's reference page, so a person can look it up.
 */
import type { ErrorRequestHandler, Response } from "express";
import { isAppError } from "../../core/shared/app-error";
import type { Logger } from "../logger";
import { classifyUnavailable, describeUnavailability, RETRY_AFTER_SECONDS } from "../unavailable";

export const API_BASE = "/api/v1";

export const PROBLEMS = {
  "invalid-parameter": { status: 400, title: "A query parameter is not valid" },
  "invalid-api-key": { status: 401, title: "The API key is not valid" },
  "not-found": { status: 404, title: "Not found" },
  gone: { status: 410, title: "Gone" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "rate-limited": { status: 429, title: "Too many requests" },
  unavailable: { status: 503, title: "Temporarily unavailable" },
  "server-error": { status: 500, title: "Something went wrong on our side" },
} as const;

export type ProblemKind = keyof typeof PROBLEMS;

export const problemType = (kind: ProblemKind) => `${API_BASE}/docs#problem-${kind}`;

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: Array<{ parameter: string; message: string }>;
}

export function problemOf(kind: ProblemKind, detail: string, extra: Pick<Problem, "instance" | "errors"> = {}): Problem {
  const { status, title } = PROBLEMS[kind];
  return { type: problemType(kind), title, status, detail, ...extra };
}

/** Sends a problem; a 503 and a 429 say when to come back. */
export function sendProblem(
  res: Response,
  kind: ProblemKind,
  detail: string,
  extra: Pick<Problem, "instance" | "errors"> & { retryAfterSeconds?: number } = {},
): void {
  const { retryAfterSeconds, ...rest } = extra;
  const problem = problemOf(kind, detail, rest);
  if (kind === "unavailable") res.setHeader("Retry-After", String(retryAfterSeconds ?? RETRY_AFTER_SECONDS));
  else if (retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(retryAfterSeconds));
  res.status(problem.status).type("application/problem+json").send(JSON.stringify(problem));
}

/** An error a person can act on keeps its status; the database not answering is a 503; anything else a 500. */
export function apiErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    // Express could not decode a path parameter (a %-escape that is not UTF-8, "/sellers/%FF"): such an address names nothing.
    if (error instanceof URIError) {
      return void sendProblem(res, "not-found", "There is nothing at this address: part of it is not valid %-encoded UTF-8.", {
        instance: req.originalUrl,
      });
    }
    if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "GONE")) {
      return void sendProblem(res, error.code === "GONE" ? "gone" : "not-found", error.message, { instance: req.originalUrl });
    }
    const unavailability = classifyUnavailable(error);
    if (unavailability) {
      logger.warn({ err: error, requestId: String(req.id) }, `answered 503: ${describeUnavailability(unavailability)}`);
      return void sendProblem(res, "unavailable", "Mandi cannot answer just now. Please try again in a little while.", {
        instance: req.originalUrl,
      });
    }
    logger.error({ err: error, requestId: String(req.id) }, "public API error");
    sendProblem(res, "server-error", `Sorry, something went wrong on our side. (Reference: ${String(req.id)})`, {
      instance: req.originalUrl,
    });
  };
}
