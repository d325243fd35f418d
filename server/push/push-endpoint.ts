/**
 * Where the server may post a push message (decision 027, its 2026-12-01 amendment): only to a
 * push service the operator listed (`PUSH_SERVICE_HOSTS`), and never to an address inside.
 *
 * Two parsers read an endpoint: WHATWG `new URL()` (zod, and what we checked) and Node's legacy
 * `url.parse()` (what web-push connects with). They disagree on `;`, `'`, `{`, `` ` ``, `%3b`,
 * `\`, tabs and more: `https://127.0.0.1;.fcm.googleapis.com/x` is an FCM host to one and
 * 127.0.0.1 to the other. So an endpoint is accepted only when its host, as written, is plain
 * `[a-z0-9.-]` and both parsers read that same host; and the agent the sender connects through
 * refuses internal addresses after DNS, whatever a stored endpoint says.
 */
import dns from "node:dns";
import type http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Duplex } from "node:stream";
import { parse as legacyParse } from "node:url";

/** A name of DNS labels, lowercase, no empty label and no trailing dot. */
const DNS_NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;
/** Printable ASCII but the backslash: no space, tab, newline, non-ASCII or `\` anywhere. */
const PLAIN_URL = /^[\x21-\x5b\x5d-\x7e]+$/;

/** An allowlist entry: a domain (itself and its subdomains, port 443) or an exact `host:port`. */
function parseAllowed(entry: string): { host: string; port: string | null } {
  const at = entry.lastIndexOf(":");
  return at > 0 && /^\d+$/.test(entry.slice(at + 1))
    ? { host: entry.slice(0, at), port: entry.slice(at + 1) }
    : { host: entry, port: null };
}

/**
 * Whether the server may post to this endpoint: https, no user or password, a host written
 * as plain lowercase `[a-z0-9.-]` that both URL parsers read alike, under one of `hosts`, on port
 * 443 (or exactly the `host:port` an entry names, for a push service of one's own).
 */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  if (!PLAIN_URL.test(endpoint) || !endpoint.startsWith("https://")) return false;
  // The authority as written, up to the first character that can end it for either parser.
  const written = /^https:\/\/([^/?#]*)/.exec(endpoint)![1]!;
  let whatwg: URL;
  let legacy: ReturnType<typeof legacyParse>;
  try {
    whatwg = new URL(endpoint);
    legacy = legacyParse(endpoint);
  } catch {
    return false;
  }
  if (whatwg.protocol !== "https:" || legacy.protocol !== "https:" || whatwg.username || whatwg.password || legacy.auth) return false;
  const colon = written.lastIndexOf(":");
  const host = colon === -1 ? written : written.slice(0, colon);
  const port = colon === -1 ? null : written.slice(colon + 1);
  if (!DNS_NAME.test(host) || whatwg.hostname !== host || legacy.hostname !== host) return false;
  // WHATWG drops the default port (443 reads ""); the legacy parser keeps what is written.
  if ((legacy.port ?? null) !== port || whatwg.port !== (port === "443" ? "" : (port ?? ""))) return false;
  return hosts
    .map(parseAllowed)
    .some((allowed) =>
      allowed.port === null
        ? (port === null || port === "443") && (host === allowed.host || host.endsWith(`.${allowed.host}`))
        : host === allowed.host && port === allowed.port,
    );
}

/** Addresses a push service never has: private, loopback, link-local, CGNAT, unique-local, unspecified, multicast, reserved. */
const INSIDE = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  INSIDE.addSubnet(address, prefix, "ipv4");
// `::/96` holds the unspecified address, loopback and the old IPv4-compatible form; IPv4-mapped
// (`::ffff:a.b.c.d`) addresses are checked against the IPv4 rules by BlockList itself.
for (const [address, prefix] of [
  ["::", 96],
  ["fe80::", 10],
  ["fc00::", 7],
  ["ff00::", 8],
  ["64:ff9b:1::", 48],
] as const)
  INSIDE.addSubnet(address, prefix, "ipv6");

/** Whether an IP address is one the server never posts a push message to. */
export function isInsideAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  // NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits: judge that one.
  const nat64 = /^64:ff9b::(?:(\d+\.\d+\.\d+\.\d+)|(?:([0-9a-f]{1,4}):)?([0-9a-f]{1,4}))$/i.exec(address);
  if (nat64) {
    const v4 =
      nat64[1] ??
      [nat64[2] ?? "0", nat64[3]!]
        .flatMap((group) => {
          const n = Number.parseInt(group, 16);
          return [n >> 8, n & 255];
        })
        .join(".");
    return INSIDE.check(v4, "ipv4");
  }
  return INSIDE.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** The connection was refused before it was made: the endpoint leads inside. Never worth retrying. */
export class PushDestinationRefusedError extends Error {
  override name = "PushDestinationRefusedError";
}

const refused = (host: string, address: string) =>
  new PushDestinationRefusedError(`a push endpoint's host ${host} leads to ${address}, an address the server never posts to`);

/** dns.lookup, failing when any address the name resolves to is inside. */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const inside = addresses.find((a) => isInsideAddress(a.address));
    if (inside || addresses.length === 0) return callback(refused(hostname, inside?.address ?? "nothing"), "", 0);
    if (options.all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * The https agent web-push posts through: an IP written in the endpoint, or every address a name
 * resolves to, must be outside; the connection goes to the address judged (no second lookup).
 * `exempt` are the exact `host:port` entries of `PUSH_SERVICE_HOSTS` (a push service of one's
 * own, the tests' on 127.0.0.1), which the operator named. Node's default agent settings (keep-alive,
 * and the trust the process gave it) are kept.
 */
export function createPushAgent(options: { exempt: readonly string[] }): https.Agent {
  const exempt = new Set(options.exempt.filter((entry) => parseAllowed(entry).port !== null));
  class PushAgent extends https.Agent {
    override createConnection(
      connect: http.RequestOptions,
      callback?: (error: Error | null, socket: Duplex) => void,
    ): Duplex | null | undefined {
      const host = connect.host ?? "";
      if (exempt.has(`${host}:${connect.port ?? 443}`)) return super.createConnection(connect, callback);
      if (net.isIP(host)) {
        if (isInsideAddress(host)) {
          // Node's agent hands this error to the request (its 'error'); no socket is made.
          callback?.(refused(host, host), undefined as unknown as Duplex);
          return undefined;
        }
        return super.createConnection(connect, callback);
      }
      return super.createConnection({ ...connect, lookup: guardedLookup }, callback);
    }
  }
  return new PushAgent({ ...https.globalAgent.options });
}
