/**
 * The public read API, `/api/v1` (issue 25, decision 032): JSON for apps and researchers,
 * anonymous and read-only. Mounted before the same-site check and React Router
 * (server/http/app.ts); it never reads a cookie (they are dropped on the way in), so an answer
 * is the same for everyone who asks the same thing in the same language.
 *
 * Its routes are made from the table of operations (operations.ts), each the same way: deprecation
 * headers, the operation's rate limits, the strict query, then its handler, whose answer is sent
 * as JSON with an ETag (or a problem). The plumbing is in its own modules: cors.ts, api-key.ts,
 * rate-limit.ts, request-query.ts, conditional-json.ts, cursors.ts and problems.ts.
 */
import express, { type RequestHandler } from "express";
import { z } from "zod";
import { apiKeyCheck } from "./api-key";
import { sendJson, sendWithETag } from "./conditional-json";
import { anonymousReadOnlyCors } from "./cors";
import { limitWithinMax, nextLink } from "./cursors";
import { deprecationMiddleware, V1_DEPRECATIONS, type ApiDeprecations } from "./deprecations";
import { openApiDocument } from "./openapi";
import { isPaged, type ApiOperation, type ApiServices } from "./operation";
import { OPERATIONS } from "./operations";
import { API_BASE, apiErrors, sendProblem } from "./problems";
import { rateLimitPolicies } from "./rate-limit";
import { referencePage } from "./reference-page";
import { languageOf, parseQuery } from "./request-query";

/** OpenAPI's `/listings/{id}` as Express writes it, `/listings/:id`. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** `deprecations`: what is deprecated (v1's own table unless a test gives another). */
export function createPublicApiRouter(services: ApiServices, options: { deprecations?: ApiDeprecations } = {}): express.Router {
  const origin = new URL(services.config.baseUrl).origin;
  const deprecations = options.deprecations ?? V1_DEPRECATIONS;
  const document = openApiDocument(origin, deprecations);
  const router = express.Router();
  const { bulkPolicy, chains } = rateLimitPolicies(services);

  router.use(anonymousReadOnlyCors);
  router.use(apiKeyCheck(services, bulkPolicy));

  /** An operation's route: the table's entry, answered the way every operation is. */
  const route = (operation: ApiOperation): RequestHandler => {
    const querySchema = isPaged(operation) ? limitWithinMax(operation.query) : operation.query;
    return (req, res, next) => {
      const parsed = parseQuery(req, querySchema);
      if (!parsed.ok)
        return void sendProblem(res, "invalid-parameter", parsed.detail, { instance: req.originalUrl, errors: parsed.errors });
      const lang = languageOf(req, (parsed.query as { lang?: string }).lang);
      const params = Object.fromEntries(Object.entries(req.params).map(([name, value]) => [name, String(value)]));
      Promise.resolve(operation.handler({ query: parsed.query, params, view: { lang, origin }, services }))
        .then((result) => {
          if (!result.ok)
            return sendProblem(res, result.problem, result.detail, {
              instance: req.originalUrl,
              ...(result.errors ? { errors: result.errors } : {}),
            });
          // Appended: a deprecated operation's links may be there already.
          if (result.next) res.append("Link", `<${nextLink(origin, req, result.next)}>; rel="next"`);
          sendJson(res, lang, result.body);
        })
        .catch(next);
    };
  };

  for (const operation of OPERATIONS) {
    // Deprecation and Sunset on every answer of a deprecated operation (or one using a deprecated
    // parameter), before its rate limit, so a refused request learns it too.
    const announce = deprecationMiddleware(deprecations, operation.operationId, origin + API_BASE);
    router[operation.method](
      expressPath(operation.path),
      ...(announce ? [announce] : []),
      ...chains[operation.rateLimit],
      route(operation),
    );
  }

  router.get("/openapi.json", (req, res) => {
    const parsed = parseQuery(req, z.strictObject({}));
    if (!parsed.ok) return void sendProblem(res, "invalid-parameter", parsed.detail, { instance: req.originalUrl, errors: parsed.errors });
    sendWithETag(res, JSON.stringify(document));
  });

  router.get(["/", "/docs"], (req, res) => {
    res
      .type("html")
      .setHeader(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
    res.send(referencePage(document));
  });

  router.use((req, res) => {
    sendProblem(res, "not-found", "There is nothing at this address; see /api/v1/openapi.json.", { instance: req.originalUrl });
  });

  router.use(apiErrors(services.logger));
  return router;
}
