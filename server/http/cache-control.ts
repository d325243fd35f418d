/**
 * What a browser, a CDN or a caching proxy may keep of each response, decided in one place
 * (docs/decisions/010). Every page shows who is signed in (the header's name), so a page is only
 * ever shared when the request carried no credentials at all and the answer sets no cookie.
 * The verdict is taken just before the headers go out, when status and cookies are known.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { ANONYMOUS_SCOPE, isBrowsePage, OFFLINE_COPY_HEADER } from "../../core/offline/offline-copy";
import { phoneRevealLocals } from "./phone-reveal-gate";

/** Anything that depends on a session, or that no one else should ever be shown. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * An anonymous browse page: a shared cache serves it for `seconds` (SHARED_CACHE_SECONDS, 1 by
 * default: a listing hidden, sold or changed leaves every cache within a second, decision 014;
 * a busy page still reaches the origin only once a second). Browsers ask again every time, so a
 * person who signs in sees their name at once. No stale-while-revalidate: it would keep a hidden
 * listing in front of buyers past that second.
 */
export const sharedPageCacheControl = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;
/**
 * Search suggestions read no session and no language (names and category slugs; the page words the
 * category in its own language): the same for everyone, and as short-lived as pages.
 */
export const suggestionsCacheControl = (seconds: number) => `public, max-age=${seconds}, s-maxage=${seconds}`;

/**
 * The service worker (decision 016): browsers look for a new one on every navigation anyway, but
 * no cache in between may hand them an old one.
 */
export const SERVICE_WORKER_CACHE_CONTROL = "no-cache";
const SERVICE_WORKER_PATH = "/sw.js";
const SUGGESTIONS_PATH = "/api/suggestions";
/** Served by express.static, serveMedia or serveShareCard (decision 023) with their own lasting policy; they never read the session. */
const SELF_CACHED = /^\/(assets|media|i18n|share\/listing)\/|^\/[\w-]+\.(svg|ico|png|txt|webmanifest)$/;
/** A 404 or 410 is as shareable as the page it stands for; redirects and errors are not kept. */
const SHAREABLE_STATUS = new Set([200, 404, 410]);

export function cacheControl(options: { sharedSeconds: number }): RequestHandler {
  const policies = { page: sharedPageCacheControl(options.sharedSeconds), suggestions: suggestionsCacheControl(options.sharedSeconds) };
  return (req, res, next) => {
    // Read now: a mounted handler (express.static at /assets) sees req.path without its prefix.
    const pathname = req.path;
    onHeaders(res, () => decideCacheControl(req, pathname, res, policies));
    next();
  };
}

type SharedPolicies = { page: string; suggestions: string };

function decideCacheControl(req: IncomingMessage, pathname: string, res: Response, policies: SharedPolicies) {
  const setsCookie = res.hasHeader("Set-Cookie");
  markOfflineCopy(req, pathname, res, setsCookie);
  if (pathname === SERVICE_WORKER_PATH && res.statusCode === 200) return void res.setHeader("Cache-Control", SERVICE_WORKER_CACHE_CONTROL);
  if (SELF_CACHED.test(pathname) && res.hasHeader("Cache-Control") && !setsCookie) return;
  if (PUBLIC_API.test(pathname))
    return void res.setHeader("Cache-Control", publicApiPolicy(req, res.statusCode, setsCookie, policies.page));
  // A page past its address's phone threshold is that address's answer (decision 046).
  const policy = phoneRevealLocals(res).answerPerClient ? null : sharedPolicy(req, pathname, res.statusCode, setsCookie, policies);
  res.setHeader("Cache-Control", policy ?? PRIVATE_CACHE_CONTROL);
  // A cache that already holds the anonymous copy must not hand it to someone who sends a cookie;
  // and an anonymous page is written in the language Accept-Language asks for (decision 015).
  if (policy === policies.page) {
    res.vary("Cookie");
    res.vary("Accept-Language");
  }
}

/** The public read API (decision 032): it reads no cookie, so every read is shared as a page is. */
const PUBLIC_API = /^\/api\/v1(\/|$)/;

/**
 * The pages' rule for the public API: what the pages' rule shares (a 200, 404 or 410 read), and
 * its 304; but whatever cookie came with the request, which the API never reads. Varies by
 * Accept-Language only (the router says so), not by Cookie.
 */
function publicApiPolicy(req: IncomingMessage, status: number, setsCookie: boolean, page: string): string {
  const read = req.method === "GET" || req.method === "HEAD";
  return read && !setsCookie && (SHAREABLE_STATUS.has(status) || status === 304) ? page : PRIVATE_CACHE_CONTROL;
}

function sharedPolicy(
  req: IncomingMessage,
  pathname: string,
  status: number,
  setsCookie: boolean,
  policies: SharedPolicies,
): string | null {
  if (setsCookie || !SHAREABLE_STATUS.has(status) || !isShareableRequest(req, pathname)) return null;
  return pathname === SUGGESTIONS_PATH ? policies.suggestions : policies.page;
}

/**
 * Whether the answer to this request may be shared at all, before it is known (the answer must
 * still be a 200, 404 or 410 that sets no cookie): a read of a browse page with no credentials,
 * or of suggestions. The in-process page cache asks the same question (server/http/page-cache.ts).
 */
export function isShareableRequest(req: IncomingMessage, pathname: string): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (pathname === SUGGESTIONS_PATH) return true;
  return !carriesCredentials(req) && isBrowsePage(pathname);
}

/** Whether an answer to a shareable request may be kept: a 200, 404 or 410 that sets no cookie. */
export function isShareableAnswer(res: { statusCode: number; hasHeader(name: string): boolean }): boolean {
  return SHAREABLE_STATUS.has(res.statusCode) && !res.hasHeader("Set-Cookie");
}

/** Any cookie at all, not only ours: a page rendered for a cookie must never be shared. */
function carriesCredentials(req: Pick<IncomingMessage, "headers">): boolean {
  return Boolean(req.headers.cookie?.trim() || req.headers.authorization);
}

/**
 * A browse page the person's own phone may keep for reading offline (decision 016), marked with
 * whose page it is: `anonymous` when it was rendered for nobody, otherwise a token for the
 * credentials it was rendered for (a hash, so the session itself is not repeated). The service
 * worker keeps only pages marked so, and drops every saved page when the token changes (someone
 * signed in, out, or as someone else, or their session ended). Shared caches are not affected:
 * a signed-in page stays `private, no-store` for them. Unmarked when no one asked who is signed
 * in (`noteWhoIsSignedIn`), which every page's root loader does.
 */
function markOfflineCopy(req: IncomingMessage, pathname: string, res: Response, setsCookie: boolean) {
  if ((req.method !== "GET" && req.method !== "HEAD") || setsCookie || res.statusCode !== 200 || !isBrowsePage(pathname)) return;
  const signedIn = (res.locals as { [SIGNED_IN]?: boolean })[SIGNED_IN];
  if (signedIn === undefined) return;
  res.setHeader(OFFLINE_COPY_HEADER, signedIn ? offlineScopeOf(req) : ANONYMOUS_SCOPE);
}

const SIGNED_IN = "offlineCopySignedIn";

/** Whether the page is being rendered for someone (server/http/app.ts, once the session is read). */
export function noteWhoIsSignedIn(res: Response, signedIn: boolean): void {
  (res.locals as { [SIGNED_IN]?: boolean })[SIGNED_IN] = signedIn;
}

export function offlineScopeOf(req: Pick<IncomingMessage, "headers">): string {
  if (!carriesCredentials(req)) return ANONYMOUS_SCOPE;
  const credentials = `${req.headers.cookie?.trim() ?? ""}\n${req.headers.authorization ?? ""}`;
  return createHash("sha256").update(credentials).digest("base64url").slice(0, 32);
}
