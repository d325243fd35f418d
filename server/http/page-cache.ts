/**
 * Serves anonymous browse pages and suggestions from this process's page cache (decision 017),
 * in front of load shedding and React Router. What cache-control.ts would let a CDN share is
 * kept, under the same rule (a request with no credentials, an answer that is a 200, 404 or 410
 * and sets no cookie), and pages asked for with no cookie but the language choice. Each entry is tied to the database's content version, read on every
 * request, so a listing written through any worker or instance is shown at once; a page whose
 * version is gone is simply rendered again.
 *
 * The first request for a page renders it while its body is copied; requests for the same page
 * meanwhile wait for that render and get its copy (no stampede when an entry expires), or, if a
 * copy at the same version expired a moment ago, get that at once (X-Page-Cache: stale).
 */
import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import onFinished from "on-finished";
import type { ContentVersionRepository } from "../page-cache/content-version.repository";
import type { CachedPage, PageCache } from "../page-cache/page-cache";
import { isBrowsePage } from "../../core/offline/offline-copy";
import { LANGUAGE_COOKIE, languageOfLink, pickLanguage } from "../../core/i18n/languages";
import { CONTACT_NOTE_COOKIE } from "../../core/shared/phone";
import { isShareableAnswer, isShareableRequest } from "./cache-control";
import { phoneRevealLocals } from "./phone-reveal-gate";

/** A page larger than this is served but not kept (no page of ours comes near it). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Headers that belong to one response, not to the page. */
const NOT_KEPT = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  "cache-control",
  "x-request-id",
  "x-page-cache",
]);

export function serveFromPageCache(deps: { cache: PageCache; contentVersion: ContentVersionRepository }): RequestHandler {
  const { cache, contentVersion } = deps;
  return async (req, res, next) => {
    if (!mayUseCache(req, req.path)) return next();
    const key = keyOf(req, res);

    let version: number;
    try {
      version = await contentVersion.current();
    } catch {
      // The database is not answering: the route will say so with a 503 (decision 011).
      return next();
    }
    const stored = cache.get(key, version);
    if (stored?.fresh) return replay(res, stored.page, "hit");
    const pending = cache.pending(key, version);
    if (pending) {
      // Nothing written since that copy (same version): only time has passed, by less than a render.
      if (stored) return replay(res, stored.page, "stale");
      const shared = await pending;
      if (shared) return replay(res, shared, "shared");
      return next();
    }

    const finish = cache.startRender(key, version);
    let settled = false;
    const settle = (page: CachedPage | null) => {
      if (settled) return;
      settled = true;
      finish(page);
    };
    // Settled when the handler has written the whole page, not when this client has received it:
    // the others must not wait for one slow phone's download.
    const body = copyBody(res, () =>
      settle(!body.tooLarge() && isShareableAnswer(res) ? { status: res.statusCode, headers: keptHeaders(res), body: body.bytes() } : null),
    );
    // A client that hung up before the page was written: nothing to keep.
    onFinished(res, () => settle(null));
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}

/**
 * Who may be served a stored page: whoever a CDN may serve it to (cache-control.ts: no
 * credentials at all), and also a GET of a browse page whose only cookie is the language choice,
 * since the page is then the same for everyone who chose that language. HEAD is left to the
 * handler: it answers without a body, which must never be kept.
 */
/**
 * The page depends on the address and on its language (decision 015), and on whether it may show
 * a seller's phone number to this client (`pageCacheVariant`, decision 046), nothing else.
 */
const keyOf = (req: Request, res: Response) => {
  const variant = phoneRevealLocals(res).pageCacheVariant;
  return keyFor(req, req.originalUrl) + (variant ? `\u0000${variant}` : "");
};
const keyFor = (req: IncomingMessage, url: string) =>
  `${pickLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"], shared: languageOfLink(url) })}\u0000${url}`;

/**
 * Whether the cache probably answers this request (for load shedding at the front, decision 038),
 * asked before Express has looked at it: `path` is the address without its query, `req.url` the
 * whole address (Express's `originalUrl` at the top of the app). For a page with a phone number it
 * asks for the copy with the number: whether this address is past its threshold is not known yet
 * (decision 046).
 */
export const pageCacheMayAnswer = (cache: PageCache) => (req: IncomingMessage, path: string) =>
  mayUseCache(req, path) && cache.holds(keyFor(req, req.url ?? ""));

function mayUseCache(req: IncomingMessage, path: string): boolean {
  if (req.method !== "GET") return false;
  if (isShareableRequest(req, path)) return true;
  return isBrowsePage(path) && !req.headers.authorization && onlyLanguageCookie(req.headers.cookie);
}

function onlyLanguageCookie(cookieHeader: string | undefined): boolean {
  const names = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter(Boolean);
  // The contact note's cookie (decision 057) changes no page: its short page is never cached.
  return names.length > 0 && names.every((name) => name === LANGUAGE_COOKIE || name === CONTACT_NOTE_COOKIE);
}

function replay(res: Response, page: CachedPage, how: "hit" | "shared" | "stale"): void {
  res.status(page.status);
  // The stored Content-Security-Policy carries the nonce the stored HTML was rendered with.
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("X-Page-Cache", how);
  res.end(page.body);
}

function keptHeaders(res: Response): Array<[string, string | string[]]> {
  return Object.entries(res.getHeaders())
    .filter(([name, value]) => value !== undefined && !NOT_KEPT.has(name))
    .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)]);
}

/**
 * Copies what the handler writes, before compression sees it (compression wraps write and end
 * earlier in the chain, so this wrapper runs first); `onEnd` runs once the handler has ended the
 * response, headers included.
 */
function copyBody(res: Response, onEnd: () => void) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (bytes > MAX_PAGE_BYTES || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    bytes += buffer.length;
    if (bytes <= MAX_PAGE_BYTES) chunks.push(Buffer.from(buffer));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    const ended = (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    onEnd();
    return ended;
  } as Response["end"];
  return {
    tooLarge: () => bytes > MAX_PAGE_BYTES,
    bytes: () => Buffer.concat(chunks),
  };
}
