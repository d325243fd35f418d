/**
 * Where listing photos live. The local-disk driver is the embedded default; an S3-compatible
 * driver (for several instances sharing storage) is to implement this same port.
 */
import type { Readable } from "node:stream";

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when no object has that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the keys; missing ones are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Throws when the storage cannot be reached (for readiness checks). */
  check(): Promise<void>;
}

/** Keys are ours, made by the server: lower-case segments, no dot-dot, no leading slash. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9]+)?$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
