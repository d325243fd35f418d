/**
 * What one public API operation is (decision 032): the entry operations.ts holds for each, from
 * which the router makes its Express route and openapi.ts its part of the document. The handler
 * only answers: it gets the parsed query, the path parameters and the answer's language, and
 * returns its body (typed by the response schema) or a problem. Parsing, problem+json, ETag and
 * 304, Link, CORS, keys, rate limits and deprecation headers are the router's, the same for all.
 */
import type { z } from "zod";
import type { Services } from "../services";
import type { NextPage } from "./cursors";
import type { Problem, ProblemKind } from "./problems";
import type { RateLimitPolicyName } from "./rate-limit";
import type { ViewContext } from "./public-api.views";

export type ApiServices = Pick<
  Services,
  "search" | "listings" | "priceInsight" | "mandiRates" | "apiKeys" | "rateCounter" | "phoneReveals" | "config" | "logger"
>;

export type ApiTag = "Listings" | "Prices" | "Reference";

/** Problems a handler answers itself (a thrown NOT_FOUND or GONE AppError becomes one too). */
export type HandlerProblemKind = Extract<ProblemKind, "invalid-parameter" | "not-found" | "gone">;

export type OperationResult<Body> =
  { ok: true; body: Body; next?: NextPage } | { ok: false; problem: HandlerProblemKind; detail: string; errors?: Problem["errors"] };

export const answer = <Body>(body: Body, next?: NextPage): OperationResult<Body> => ({ ok: true, body, ...(next ? { next } : {}) });
export const invalidParameter = (parameter: string, message: string): OperationResult<never> => ({
  ok: false,
  problem: "invalid-parameter",
  detail: message,
  errors: [{ parameter, message }],
});
export const notFound = (detail: string): OperationResult<never> => ({ ok: false, problem: "not-found", detail });

export interface OperationContext<Query, Params> {
  query: Query;
  /** Path parameters as Express decoded them: strings, not checked against their schema (a wrong one names nothing: 404). */
  params: Params;
  /** The answer's language and the site's origin, for the views. */
  view: ViewContext;
  services: ApiServices;
}

/** An example as openapi-examples.ts writes it (`as const`): the response's type, read-only. */
type Example<T> = T extends readonly (infer Item)[]
  ? readonly Example<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: Example<T[K]> }
    : T;

type PathParams<P extends z.ZodObject> = { [K in keyof P["shape"]]: string };

export interface ApiOperation<
  Query extends z.ZodObject = z.ZodObject,
  Params extends z.ZodObject = z.ZodObject,
  Response extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: "get";
  /** OpenAPI's form, `/listings/{id}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description: string;
  /** Every query is strict; one with `limit` and `cursor` is paged (at most MAX_PAGE_LIMIT, a `Link` to the next page). */
  query: Query;
  params?: Params;
  response: Response;
  example: Example<z.input<Response>>;
  /** The operation's own problems besides the ones every operation may answer, with what each means here. */
  problems?: Partial<Record<"not-found" | "gone", string>>;
  rateLimit: RateLimitPolicyName;
  // A method, so the table can hold operations of every type (their handlers are checked where they are defined).
  handler(
    context: OperationContext<z.output<Query>, PathParams<Params>>,
  ): OperationResult<z.input<Response>> | Promise<OperationResult<z.input<Response>>>;
}

/** One entry of the table, its handler's answers checked against its response schema. */
export const defineOperation = <
  Query extends z.ZodObject,
  Response extends z.ZodType,
  Params extends z.ZodObject = z.ZodObject<Record<never, never>>,
>(
  operation: ApiOperation<Query, Params, Response>,
): ApiOperation<Query, Params, Response> => operation;

/** Whether an operation pages by cursor: its query has `limit` and `cursor`. */
export const isPaged = (operation: ApiOperation) => "limit" in operation.query.shape && "cursor" in operation.query.shape;
