/**
 * Where listing photos live: the port, implemented by the local-disk driver (the embedded
 * default) and the S3 driver (several instances sharing one bucket). `createStorage` picks one.
 */
import type { Readable } from "node:stream";

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  /** A validator for conditional requests, when the driver has one cheaply. */
  etag?: string;
  lastModified?: Date;
}

export interface StoredObjectInfo {
  key: string;
  size: number;
  /** When it was written, so a sweep can leave alone what may still be in use. */
  lastModified: Date;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when no object has that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the keys; missing ones are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * Every stored object whose key starts with `folder` (e.g. "listings/"; "" for all), in no
   * particular order. Anything that is not a valid key (a half-written temp file) is left out.
   */
  list(folder?: string): AsyncIterable<StoredObjectInfo>;
  /**
   * Removes what an interrupted write left behind (a half-written temp file, an empty folder),
   * if older than `olderThan`; returns how many were removed. Nothing to do where writes are
   * atomic (S3).
   */
  removeLeftovers(olderThan: Date): Promise<number>;
  /** Throws when the storage cannot be reached (for readiness checks). */
  check(): Promise<void>;
}

/**
 * Keys are never reused (a new photo gets a new key), so a stored object can be cached for
 * good: by browsers and CDNs when we serve it, and as the object's own metadata on S3.
 */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Keys are ours, made by the server: lower-case segments, no dot-dot, no leading slash. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9]+)?$/;
const FOLDER_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/)*$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A folder to list: "" or key segments each ending in "/". */
export function assertValidStorageFolder(folder: string): void {
  if (folder.length > 200 || !FOLDER_PATTERN.test(folder)) throw new Error(`Invalid storage folder: ${JSON.stringify(folder)}`);
}
