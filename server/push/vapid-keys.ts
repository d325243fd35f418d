/**
 * The VAPID key pair (RFC 8292) that signs every push message (decision 027). Push services tie
 * a subscription to the public key it was made with, so the pair must never change under
 * existing subscriptions and must be the same on every instance: set VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY for several instances; one instance may let it be made here, once, in
 * DATA_DIR (like the auth secret).
 */
import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (87 characters): what browsers subscribe with. */
  publicKey: string;
  /** The 32-byte private scalar, base64url (43 characters). */
  privateKey: string;
}

export const VAPID_PUBLIC_KEY_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const FILE = "vapid-keys.json";

function read(file: string): VapidKeys {
  const keys = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys>;
  if (!VAPID_PUBLIC_KEY_PATTERN.test(keys.publicKey ?? "") || !VAPID_PRIVATE_KEY_PATTERN.test(keys.privateKey ?? "")) {
    throw new Error(
      `${file} does not hold a VAPID key pair; remove it to have a new one made (phones will need to turn notifications on again)`,
    );
  }
  return { publicKey: keys.publicKey!, privateKey: keys.privateKey! };
}

/** The pair kept in DATA_DIR; undefined when none was made there yet. */
export function readKeptVapidKeys(dataDir: string): VapidKeys | undefined {
  try {
    return read(path.join(dataDir, FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * The pair kept in DATA_DIR, made on first start. Written whole to a temporary file, then
 * hard-linked into place: the link either appears complete or fails because another process
 * (a second worker starting at the same moment) linked its pair first, in which case both read
 * and use that one. Nobody ever reads a half-written file.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, FILE);
  const kept = readKeptVapidKeys(dataDir);
  if (kept) return kept;
  const temp = path.join(dataDir, `.${FILE}.${process.pid}.${randomBytes(6).toString("hex")}`);
  const made = webpush.generateVAPIDKeys();
  writeFileSync(temp, JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }), { mode: 0o600, flag: "wx" });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temp);
  }
  return read(file);
}
