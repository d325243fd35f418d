/**
 * The public API's successful answers: JSON in the request's language with a weak ETag, and 304
 * when the request's If-None-Match names it.
 */
import { createHash } from "node:crypto";
import type { Response } from "express";
import { HTML_LANG, type Language } from "../../core/i18n/languages";

/**
 * A weak ETag of the body, and 304 when the request's If-None-Match names it. Express's own check
 * (`req.fresh`) answers 200 to any request with `Cache-Control: no-cache`, which fetch() adds to
 * every request that sets If-None-Match itself; a conditional GET is the origin's to answer
 * whatever that header says (RFC 9110, 13.2.1).
 */
export function sendWithETag(res: Response, json: string): void {
  const tag = `W/"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
  res.setHeader("ETag", tag);
  const asked = res.req.headers["if-none-match"];
  const named = (asked ?? "").split(",").map((entry) => entry.trim().replace(/^W\//, ""));
  if (asked && (named.includes("*") || named.includes(tag.slice(2)))) return void res.status(304).end();
  res.type("application/json").send(json);
}

/** Sends JSON in the request's language, with its ETag; 304 when If-None-Match names it. */
export function sendJson(res: Response, lang: Language, body: unknown): void {
  res.setHeader("Content-Language", HTML_LANG[lang]);
  sendWithETag(res, JSON.stringify(body));
}
