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
 * An anonymous browse page: a shared cache serves it for 60 s, and 60 s more while it fetches a
 * fresh copy; browsers ask again every time (so a person who signs in sees their name at once).
 */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
/** Search suggestions read no session: the same for everyone, kept briefly while a person types. */
export const SUGGESTIONS_CACHE_CONTROL = "public, max-age=30, s-maxage=60";

/** `/`, `/viewmore` and `/view/<id>`; never their `.data` twins, which always carry the root loader's user. */
const BROWSE_PAGE = /^\/(viewmore|view\/[^/]+)?$/;
const SUGGESTIONS_PATH = "/api/suggestions";
/** Served by express.static or serveMedia with their own lasting policy; they never read the session. */
const SELF_CACHED = /^\/(assets|media)\/|^\/[\w-]+\.(svg|ico|png|txt|webmanifest)$/;
/** A 404 or 410 is as shareable as the page it stands for; redirects and errors are not kept. */
const SHAREABLE_STATUS = new Set([200, 404, 410]);

export function cacheControl(): RequestHandler {
  return (req, res, next) => {
    // Read now: a mounted handler (express.static at /assets) sees req.path without its prefix.
    const pathname = req.path;
    onHeaders(res, () => decideCacheControl(req, pathname, res));
    next();
  };
}

function decideCacheControl(req: IncomingMessage, pathname: string, res: Response) {
  const setsCookie = res.hasHeader("Set-Cookie");
  if (SELF_CACHED.test(pathname) && res.hasHeader("Cache-Control") && !setsCookie) return;
  const policy = sharedPolicy(req, pathname, res.statusCode, setsCookie);
  res.setHeader("Cache-Control", policy ?? PRIVATE_CACHE_CONTROL);
  // A cache that already holds the anonymous copy must not hand it to someone who sends a cookie.
  if (policy === SHARED_PAGE_CACHE_CONTROL) res.vary("Cookie");
}

function sharedPolicy(req: IncomingMessage, pathname: string, status: number, setsCookie: boolean): string | null {
  if ((req.method !== "GET" && req.method !== "HEAD") || setsCookie || !SHAREABLE_STATUS.has(status)) return null;
  if (pathname === SUGGESTIONS_PATH) return SUGGESTIONS_CACHE_CONTROL;
  if (carriesCredentials(req) || !BROWSE_PAGE.test(pathname) || pathname.endsWith(".data")) return null;
  return SHARED_PAGE_CACHE_CONTROL;
}

/** Any cookie at all, not only ours: a page rendered for a cookie must never be shared. */
function carriesCredentials(req: IncomingMessage): boolean {
  return Boolean(req.headers.cookie?.trim() || req.headers.authorization);
}
