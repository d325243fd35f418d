/**
 * A request's address as the request log keeps it: the values of query parameters that carry a
 * secret or a person's position left out (an unsubscribe link's token, which never expires, a
 * "Near me" position, decision 024; a verification or reset link's token).
 *
 * A parameter is recognised by its name as the handlers read it: percent-decoded (`%74=` is `t=`,
 * `%6cat=` is `lat=`) and whatever the path's case or spelling (`/ALERTS/UNSUBSCRIBE` reaches the
 * same handler as Express matches paths without regard to case). So the check is on every path, on
 * the decoded name, case-insensitively: leaving out a harmless `t` elsewhere costs nothing.
 */

/** Names whose values never reach the log. */
const SECRET_PARAMETERS = new Set(["t", "token", "lat", "lon", "lng", "api-key", "api_key", "apikey"]);

export function loggedUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  const hash = url.indexOf("#", start);
  const query = url.slice(start + 1, hash === -1 ? undefined : hash);
  const parts = query.split("&").map((part) => {
    const equals = part.indexOf("=");
    const name = equals === -1 ? part : part.slice(0, equals);
    return SECRET_PARAMETERS.has(decodedName(name)) ? `${name}=-` : part;
  });
  return `${url.slice(0, start)}?${parts.join("&")}`;
}

/** The name as URLSearchParams and Express's query parser read it ("+" a space, "%xx" decoded), lower case and trimmed. */
function decodedName(name: string): string {
  const spaced = name.replace(/\+/g, " ");
  let decoded: string;
  try {
    decoded = decodeURIComponent(spaced);
  } catch {
    // A stray "%" that is not an escape: each valid escape decoded, as URLSearchParams does.
    decoded = spaced.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return decoded.trim().toLowerCase();
}
