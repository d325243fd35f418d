/**
 * Refuses state-changing requests another site made a browser send (CSRF), before any route,
 * /uploads or /api/auth/* sees them. The rule is written down in docs/decisions/004 (Amended).
 */
import type { Request, RequestHandler } from "express";

export const CROSS_SITE_MESSAGE = "This form was sent from another site, so it was refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestSignals {
  method: string;
  /** The Origin header, as sent. */
  origin?: string;
  /** Sec-Fetch-Site and Sec-Fetch-Mode (Fetch Metadata), as sent. */
  fetchSite?: string;
  fetchMode?: string;
  /** Every origin this site answers as (scheme, host and port), serialized as `URL.origin`. */
  ownOrigins: readonly string[];
}

/** True when a browser sent this request on another site's behalf; safe methods never are. */
export function isCrossSiteRequest({ method, origin, fetchSite, fetchMode, ownOrigins }: RequestSignals): boolean {
  if (SAFE_METHODS.has(method)) return false;
  // An Origin names the page that sent the request: it must be one of ours. "null" (sandboxed
  // frames, cross-site redirects, privacy modes) cannot be told apart from an attacker's page.
  const originMatches = origin !== undefined && ownOrigins.includes(serializedOrigin(origin) ?? "");
  if (origin !== undefined && !originMatches) return true;
  switch (fetchSite) {
    // No Fetch Metadata: not a modern browser, or not a browser at all (curl, the API), which
    // cannot carry a victim's cookies anyway; SameSite=Lax cookies cover old browsers.
    case undefined:
    case "same-origin":
      return false;
    // A sibling subdomain (same registrable domain) is only trusted when it is one of our origins.
    case "same-site":
      return !originMatches;
    // The person typed the address, used a bookmark or reloaded: only ever a top-level navigation.
    case "none":
      return fetchMode !== "navigate";
    default:
      return true;
  }
}

/** `scheme://host[:port]` of a URL, or undefined when it is not one. */
export function serializedOrigin(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The origin this request was made to, as Express resolves it (X-Forwarded-* under TRUST_PROXY). */
export function requestOrigin(req: Request): string | undefined {
  return req.host ? serializedOrigin(`${req.protocol}://${req.host}`) : undefined;
}

/** The middleware: a 403 with a plain message for a cross-site state-changing request. */
export function rejectCrossSiteRequests(baseUrl: string): RequestHandler {
  const siteOrigin = new URL(baseUrl).origin;
  return (req, res, next) => {
    const own = requestOrigin(req);
    const crossSite = isCrossSiteRequest({
      method: req.method,
      origin: req.get("origin"),
      fetchSite: req.get("sec-fetch-site"),
      fetchMode: req.get("sec-fetch-mode"),
      ownOrigins: own && own !== siteOrigin ? [siteOrigin, own] : [siteOrigin],
    });
    if (!crossSite) return next();
    res.status(403).type("text/plain").send(CROSS_SITE_MESSAGE);
  };
}
