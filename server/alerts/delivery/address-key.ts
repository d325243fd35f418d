/**
 * What the database keeps of an email address that may not be mailed (decision 045): a keyed
 * hash, HMAC-SHA-256 of the normalised address under a key derived from the app's secret
 * (AUTH_SECRET or DATA_DIR's). Without the secret a leaked table names no address, and a list of
 * guessed addresses cannot be checked against it; with it, the app can still tell whether an
 * address it is about to mail was suppressed, whichever account now holds it.
 */
import { createHmac } from "node:crypto";

/** One spelling per mailbox as Mandi sees it: trimmed, Unicode NFC, lower-cased (as better-auth stores emails). */
export function normaliseAddress(email: string): string {
  return email.trim().normalize("NFC").toLowerCase();
}

/** A key of its own, derived from the secret, so this hash is never valid as anything else the secret signs. */
function keyOf(secret: string): Buffer {
  return createHmac("sha256", secret).update("mandi address suppression v1").digest();
}

export function addressKey(secret: string, email: string): string {
  return createHmac("sha256", keyOf(secret)).update(normaliseAddress(email)).digest("hex");
}
