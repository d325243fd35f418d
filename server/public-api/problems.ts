/**
 * The public API's errors as RFC 9457 problem details (decision 032). Each kind has a stable
 * `type`: a link to its entry on the API's reference page, so a person can look it up.
 */
import type { Response } from "express";
import { RETRY_AFTER_SECONDS } from "../unavailable";

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
export function sendProblem(res: Response, kind: ProblemKind, detail: string, extra: Pick<Problem, "instance" | "errors"> & { retryAfterSeconds?: number } = {}): void {
  const { retryAfterSeconds, ...rest } = extra;
  const problem = problemOf(kind, detail, rest);
  if (kind === "unavailable") res.setHeader("Retry-After", String(retryAfterSeconds ?? RETRY_AFTER_SECONDS));
  else if (retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(retryAfterSeconds));
  res.status(problem.status).type("application/problem+json").send(JSON.stringify(problem));
}
