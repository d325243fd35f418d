/**
 * What every /api/v1 request meets first (decision 032): no session (cookies and Authorization
 * dropped before any handler runs), any origin without credentials, a browser's CORS preflight
 * answered, and every method but GET and HEAD refused.
 */
import type { RequestHandler } from "express";
import { sendProblem } from "./problems";

export const ALLOWED_METHODS = "GET, HEAD";
/** Headers a browser script may read from a cross-origin answer. */
const EXPOSED_HEADERS = ["ETag", "Link", "RateLimit", "RateLimit-Policy", "Retry-After", "Content-Language", "Deprecation", "Sunset"].join(
  ", ",
);

export const anonymousReadOnlyCors: RequestHandler = (req, res, next) => {
  // No answer may depend on a session: the cookies are gone before any handler runs.
  delete req.headers.cookie;
  delete req.headers.authorization;
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  res.vary("Accept-Language");
  if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
    // A browser's CORS preflight (If-None-Match and Accept-Language are not "simple" headers).
    res.setHeader("Access-Control-Allow-Methods", ALLOWED_METHODS);
    res.setHeader("Access-Control-Allow-Headers", "Accept, Accept-Language, If-None-Match, X-Api-Key");
    res.setHeader("Access-Control-Max-Age", "86400");
    res.setHeader("Allow", ALLOWED_METHODS);
    return void res.status(204).end();
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", ALLOWED_METHODS);
    return void sendProblem(res, "method-not-allowed", "This API only reads: use GET (or HEAD).", { instance: req.originalUrl });
  }
  next();
};
