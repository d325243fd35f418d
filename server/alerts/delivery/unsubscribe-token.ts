/**
 * The signed token of a one-tap unsubscribe link (decision 026): it names a saved search and its
 * owner, signed with an HMAC keyed from the app's secret (AUTH_SECRET or DATA_DIR's generated
 * one), so it works without signing in and cannot be made for another search by editing it.
 * It does not expire: a link in an old email must still stop the mail.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface UnsubscribeClaim {
  savedSearchId: string;
  userId: string;
}

/** A key of its own, derived from the secret: a token is never valid as anything else the secret signs. */
function keyOf(secret: string): Buffer {
  return createHmac("sha256", secret).update("mandi alert unsubscribe v1").digest();
}

function mac(secret: string, body: string): Buffer {
  return createHmac("sha256", keyOf(secret)).update(body).digest();
}

export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const body = Buffer.from(JSON.stringify([claim.savedSearchId, claim.userId])).toString("base64url");
  return `${body}.${mac(secret, body).toString("base64url")}`;
}

/** The claim of an untampered token; null for anything else. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((part) => typeof part === "string")) return null;
    return { savedSearchId: parsed[0] as string, userId: parsed[1] as string };
  } catch {
    return null;
  }
}
