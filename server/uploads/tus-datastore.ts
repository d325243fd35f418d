/**
 * Where half-finished uploads live: a folder on this machine with the local storage driver, the
 * S3 bucket with the S3 driver (so any instance can take the next chunk of an upload).
 */
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import type { DataStore } from "@tus/utils";
import type { StorageConfig } from "../config";

/** A tus datastore we can also read a finished upload back from. */
export type UploadDatastore = DataStore & { read(id: string): Readable | Promise<Readable> };

/** S3's smallest multipart part; chunks below it are held by the store until a part is full. */
const S3_PART_BYTES = 5 * 1024 * 1024;

export async function createUploadDatastore(storage: StorageConfig, options: { localDir: string }): Promise<UploadDatastore> {
  if (storage.driver === "local") return new FileStore({ directory: options.localDir });
  // Loaded only for a bucket, as the storage's SDK is (create-storage.ts).
  const [{ S3Store }, { s3ClientConfig }] = await Promise.all([import("@tus/s3-store"), import("../media/s3-storage")]);
  return new S3Store({
    partSize: S3_PART_BYTES,
    // Expiry is ours (removeExpiredUploads), not an S3 lifecycle rule on tags.
    useTags: false,
    s3ClientConfig: { bucket: storage.bucket, ...s3ClientConfig(storage) },
  });
}
