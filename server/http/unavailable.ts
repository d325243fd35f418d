/**
 * The one 503: a kind page for people and one JSON shape for programs, both with Retry-After,
 * for every path a fault can reach (Express routes, /media, /uploads, better-auth, React Router
 * loaders and actions, /readyz). Which errors count is server/unavailable.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Request, Response } from "express";
import onHeaders from "on-headers";
import type { AppLoadContext } from "react-router";
import type { Logger } from "../logger";
import { classifyUnavailable, describeUnavailability, RETRY_AFTER_SECONDS, type Unavailability } from "../unavailable";

import { CATALOGUES } from "../../core/i18n/catalogues";
import { HTML_LANG, LANGUAGES, pickLanguage, requestLanguage, textDirection, type Language } from "../../core/i18n/languages";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_SAVE_MESSAGE } from "../../core/i18n/messages";

export { UNAVAILABLE_MESSAGE, UNAVAILABLE_SAVE_MESSAGE };

/** The JSON shape: `{ error: "unavailable", message, retryAfterSeconds }`. */
export function unavailableJson(message = UNAVAILABLE_MESSAGE) {
  return { error: "unavailable", message, retryAfterSeconds: RETRY_AFTER_SECONDS } as const;
}

export const retryAfterHeaders = () => ({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });

/**
 * A plain page, with no scripts and no database behind it, so it renders whatever is down; in the
 * request's language (decision 015), from the catalogue.
 */
const pageIn = (language: Language) => {
  const { error } = CATALOGUES[language];
  return `<!doctype html>
<html lang="${HTML_LANG[language]}" dir="${textDirection(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${error.downTitle}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:4rem 1rem;text-align:center;color:#1c1917;background:#fafaf9}
h1{font-size:1.5rem}a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#166534;color:#fff;text-decoration:none}</style>
</head>
<body><main><h1>${error.downTitle}</h1>
<p>${error.downText}</p>
<p>${error.downRetry}</p>
<a href="">${error.downButton}</a></main></body>
</html>
`;
};
const PAGES = Object.fromEntries(LANGUAGES.map((language) => [language, pageIn(language)])) as Record<Language, string>;

function wantsJson(req: Request): boolean {
  if (/^\/(api\/|uploads|readyz)/.test(req.path)) return true;
  return req.accepts(["html", "json"]) === "json";
}

const JSON_BODY = Buffer.from(JSON.stringify(unavailableJson()));
const PAGE_BODIES = Object.fromEntries(LANGUAGES.map((language) => [language, Buffer.from(PAGES[language])])) as Record<Language, Buffer>;
// The front of the app has set no security headers yet: these are enough for a page with no
// script, no link out and one inline style.
const NOW_HEADERS = {
  ...retryAfterHeaders(),
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The same 503 written straight to the socket, from bytes made once, for load shedding at the
 * front of the app (load-shedding.ts), before Express has seen the request: no Express send, no
 * ETag, no compression.
 */
export function sendUnavailableNow(req: IncomingMessage, res: ServerResponse): void {
  // Pages only (load-shedding.ts): JSON for a client that asks for it and not for HTML, without
  // the cost of full content negotiation on every answer.
  const accept = req.headers.accept ?? "";
  const json = accept.includes("json") && !accept.includes("html");
  const body = json ? JSON_BODY : PAGE_BODIES[pickLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] })];
  res.writeHead(503, {
    ...NOW_HEADERS,
    "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": body.length,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

export function sendUnavailable(req: Request, res: Response, message = UNAVAILABLE_MESSAGE): void {
  res.status(503).set(retryAfterHeaders());
  if (wantsJson(req)) res.json(unavailableJson(message));
  else res.type("html").send(PAGES[pickLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] })]);
}

/** The same page, as React Router's document handler returns it. */
export function unavailablePageResponse(request?: globalThis.Request): globalThis.Response {
  return new globalThis.Response(PAGES[request ? requestLanguage(request) : "en"], {
    status: 503,
    headers: { ...retryAfterHeaders(), "Content-Type": "text/html; charset=utf-8" },
  });
}

/** Express error middleware: unavailable → 503 (logged at warn with the reason); anything else goes on to the 500 handler. */
export const answerUnavailable: ErrorRequestHandler = (error, req, res, next) => {
  const unavailability = classifyUnavailable(error);
  if (!unavailability || res.headersSent) return next(error);
  req.log.warn({ err: error }, `answered 503: ${describeUnavailability(unavailability)}`);
  sendUnavailable(req, res);
};

/** Route errors (loaders, actions) that were unavailability, by request context. */
const routeUnavailable = new WeakMap<object, Unavailability>();

/**
 * For entry.server's handleError: true (and logged) when the error means unavailable, so the
 * document is answered with the 503 page and data requests with a 503 status.
 */
export function noteRouteError(error: unknown, context: AppLoadContext, logger: Logger): boolean {
  const unavailability = classifyUnavailable(error);
  if (!unavailability) return false;
  routeUnavailable.set(context, unavailability);
  logger.warn({ err: error, requestId: context.requestId }, `answered 503: ${describeUnavailability(unavailability)}`);
  return true;
}

export function routeWasUnavailable(context: AppLoadContext): boolean {
  return routeUnavailable.has(context);
}

/**
 * React Router answers a failed data request (`.data`) or resource route with a 500 it builds
 * itself; just before its headers go out, that becomes a 503 when the failure was
 * unavailability. Every 503 it sends (a form's "cannot save" too: React Router keeps an action's
 * own headers off the page) gets Retry-After.
 */
export function turnRouteFailuresInto503(res: Response, context: AppLoadContext): void {
  onHeaders(res, () => {
    if (res.statusCode === 500 && routeUnavailable.has(context)) res.statusCode = 503;
    if (res.statusCode !== 503) return;
    for (const [name, value] of Object.entries(retryAfterHeaders())) res.setHeader(name, value);
  });
}
