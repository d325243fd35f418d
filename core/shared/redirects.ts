/** Longest post-login destination we send back; a real link on this site is far shorter. */
const MAX_REDIRECT_LENGTH = 2048;
const BASE = "https://mandi.invalid";

/**
 * Only same-site paths may be a post-login destination (no open redirects). The answer is the
 * path as the URL parser serializes it: percent-encoded ASCII, so it always fits in a Location
 * header ("चावल" or a fullwidth "／" would otherwise make the response itself fail).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH || !value.startsWith("/")) return fallback;
  // Browsers drop tabs and newlines from URLs and read "\\" as "/", so "/\t/evil.com" or
  // "/\\evil.com" would leave the site: refuse control characters and backslashes outright.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // Dot segments can collapse to "//evil.com" ("/.//evil.com"), which as a Location is another host.
  if (path.startsWith("//") || path.length > MAX_REDIRECT_LENGTH) return fallback;
  return path;
}

/** The login page, coming back to `returnTo` (a path on this site) after signing in. */
export function loginPath(returnTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(safeRedirectPath(returnTo))}`;
}
