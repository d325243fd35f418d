/**
 * What a browser, a CDN or a caching proxy may keep of each response, decided in one place
 * (docs/decisions/010). Every page shows who is signed in (the header's name), so a page is only
 * ever shared when the request carried no credentials at all and the answer sets no cookie.
 * The verdict is taken just before the headers go out, when status and cookies are known.
 */
import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response } from "express";
import onHeaders from "on-headers";

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

/** `/`, `/viewmore` and `/view/<id>`; never their `.data` twins, which always carry the root loader's user. */
const BROWSE_PAGE = /^\/(viewmore|view\/[^/]+)?$/;
const SUGGESTIONS_PATH = "/api/suggestions";
/** Served by express.static or serveMedia with their own lasting policy; they never read the session. */
const SELF_CACHED = /^\/(assets|media|i18n)\/|^\/[\w-]+\.(svg|ico|png|txt|webmanifest)$/;
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
  if (SELF_CACHED.test(pathname) && res.hasHeader("Cache-Control") && !setsCookie) return;
  const policy = sharedPolicy(req, pathname, res.statusCode, setsCookie, policies);
  res.setHeader("Cache-Control", policy ?? PRIVATE_CACHE_CONTROL);
  // A cache that already holds the anonymous copy must not hand it to someone who sends a cookie;
  // and an anonymous page is written in the language Accept-Language asks for (decision 015).
  if (policy === policies.page) {
    res.vary("Cookie");
    res.vary("Accept-Language");
  }
}

function sharedPolicy(req: IncomingMessage, pathname: string, status: number, setsCookie: boolean, policies: SharedPolicies): string | null {
  if ((req.method !== "GET" && req.method !== "HEAD") || setsCookie || !SHAREABLE_STATUS.has(status)) return null;
  if (pathname === SUGGESTIONS_PATH) return policies.suggestions;
  if (carriesCredentials(req) || !BROWSE_PAGE.test(pathname) || pathname.endsWith(".data")) return null;
  return policies.page;
}

/** Any cookie at all, not only ours: a page rendered for a cookie must never be shared. */
function carriesCredentials(req: IncomingMessage): boolean {
  return Boolean(req.headers.cookie?.trim() || req.headers.authorization);
}
