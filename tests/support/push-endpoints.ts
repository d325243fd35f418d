/**
 * Push endpoints that two URL parsers read differently (issue 38, finding 1): WHATWG `new URL()`
 * sees a host under a push service, Node's legacy `url.parse()` (what web-push connects with) sees
 * another, or the endpoint is otherwise not a plain host on 443. Every one must be refused (400),
 * and none may ever be connected to. Shared by the service tests, the end-to-end refusals and the
 * fuzz suite.
 */

/** The push services `PUSH_SERVICE_HOSTS` allows by default (server/config.ts). */
export const DEFAULT_PUSH_DOMAINS = ["fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com"] as const;

/** The issue's six spellings: each ends the host for url.parse at 127.0.0.1 (or a number for it). */
export const ISSUE_PREFIXES = ["127.0.0.1;", "2130706433;", "0x7f000001;", "127.1;", "0177.0.0.1'", "127.0.0.1{"] as const;

/** The six under a push domain, as the issue gives them. */
export function issueSpellings(domain: string): string[] {
  return ISSUE_PREFIXES.map((prefix) => `https://${prefix}.${domain}/x`);
}

/** The six and more variants of the same differential, under one push domain. */
export function parserDifferentialEndpoints(domain: string): string[] {
  const fullwidthFirst = String.fromCharCode(domain.charCodeAt(0) + 0xfee0) + domain.slice(1);
  return [
    ...issueSpellings(domain),
    ...[
      "127.0.0.1%3b",
      "127.0.0.1%3B",
      "127.0.0.1`",
      "169.254.169.254;",
      "10.0.0.1'",
      "localhost;",
      "[::1];",
      "127.0.0.1%2f",
      "%31%32%37.0.0.1",
    ].map((prefix) => `https://${prefix}.${domain}/x`),
    // Userinfo, backslashes, fragments: a different host for one parser or both.
    `https://${domain}@127.0.0.1/x`,
    `https://x@${domain}/x`,
    `https://127.0.0.1#@${domain}/x`,
    `https://127.0.0.1\\@${domain}/x`,
    `https://127.0.0.1\\.${domain}/x`,
    `https://${domain}:443@127.0.0.1/x`,
    // Whitespace WHATWG strips and url.parse does not.
    `https://127.0.0.1\t.${domain}/x`,
    `https://127.0.0.1\n.${domain}/x`,
    `https://${domain}\r/x`,
    // Spellings of the host itself: case, a trailing dot, a fullwidth letter WHATWG folds, ports.
    `https://${domain.toUpperCase()}/x`,
    `https://${domain}./x`,
    `https://${fullwidthFirst}/x`,
    `https://${domain}:8443/x`,
    `https://${domain}:0443/x`,
    // IPv6 literals and schemes spelt another way.
    `https://[::ffff:127.0.0.1]/${domain}`,
    `https://[::1]:443/.${domain}`,
    `https:${domain}/x`,
    `https:/${domain}/x`,
    `https:\\\\${domain}/x`,
    `HTTPS://${domain}/x`,
    `http://${domain}/x`,
  ];
}
