/**
 * What a phone may keep for reading offline (decision 016). The server decides, in
 * server/http/cache-control.ts, and says so with OFFLINE_COPY_HEADER on the page; the service
 * worker keeps nothing else. The header's value names whose page it is (an opaque token for the
 * request's cookies), so the worker can drop every saved page when that changes.
 */

/** On a page the phone may keep: its value is the viewer's scope (see `offlineScopeOf` on the server). */
export const OFFLINE_COPY_HEADER = "X-Offline-Copy";
/**
 * On the worker's own fetch of a page to save it (a page opened by an in-app link): nobody is
 * waiting for this answer, so a busy server turns it away first (server/http/load-shedding.ts,
 * decision 042). Its value is always "1".
 */
export const BACKGROUND_SAVE_HEADER = "X-Offline-Save";

/** The viewer scope of a request with no cookie and no Authorization header. */
export const ANONYMOUS_SCOPE = "anonymous";

/**
 * The browse pages: `/`, `/viewmore`, `/view/<id>`, and the price pages `/prices` and
 * `/prices/<produce>` (never their `.data` twins). A farmer checks a price before going to the
 * market, often where there is no signal: the price pages a phone has seen stay readable offline.
 */
const BROWSE_PAGE = /^\/(viewmore|view\/[^/]+|prices(\/[^/]+)?)?$/;

export function isBrowsePage(pathname: string): boolean {
  return BROWSE_PAGE.test(pathname) && !pathname.endsWith(".data");
}

/**
 * Never answered from or put in a cache by the service worker, whatever a response says:
 * uploads, sign-in, the sell form, a person's own pages, the back office, the worker itself.
 */
const NEVER_KEPT = /^\/(uploads|api\/auth|create|my|admin|login|signup|logout)(\/|\.data$|$)|^\/sw\.js$/;

export function isNeverKeptOffline(pathname: string): boolean {
  return NEVER_KEPT.test(pathname);
}

/**
 * Sending to any of these may change who is signed in (log in, sign up, log out, delete the
 * account, better-auth's own API): the phone's saved pages are dropped at once.
 */
const CHANGES_WHO_IS_SIGNED_IN = /^\/(login|signup|logout|my\/account)(\.data)?$|^\/api\/auth\//;

export function changesWhoIsSignedIn(method: string, pathname: string): boolean {
  return method.toUpperCase() !== "GET" && method.toUpperCase() !== "HEAD" && CHANGES_WHO_IS_SIGNED_IN.test(pathname);
}
