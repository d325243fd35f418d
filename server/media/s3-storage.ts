/**
 * The Storage port on an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) through the
 * official SDK, so several instances can share the photos.
 */
import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import {
  assertValidStorageFolder,
  assertValidStorageKey,
  IMMUTABLE_CACHE_CONTROL,
  isValidStorageKey,
  type Storage,
  type StoredObject,
} from "./storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Absent for AWS itself; the server's address for any other S3-compatible service. */
  endpoint?: string;
  /** Absent to use the SDK's default chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` addressing instead of `bucket.endpoint/key`, as MinIO and s3rver need. */
  forcePathStyle: boolean;
}

/** The most keys S3 deletes in one request. */
const DELETE_BATCH_SIZE = 1000;

/** The SDK client settings for a bucket, shared by photo storage and the tus upload store. */
export function s3ClientConfig(options: S3StorageOptions) {
  return {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: S3-compatible servers other than AWS often
    // reject or mishandle the newer default ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A storage that does not answer must fail a request (and /readyz) within seconds, not hang
    // it: a photo is a few hundred KB, an upload chunk a few MB. One retry for a dropped
    // connection; more would only multiply the wait during an outage (docs/decisions/011).
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 10_000 },
    maxAttempts: 2,
  } satisfies S3ClientConfig;
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = new S3Client(s3ClientConfig(options));
  const where = `S3 bucket ${JSON.stringify(bucket)} at ${options.endpoint ?? `AWS ${options.region}`}`;

  return {
    async put(key, body, contentType) {
      assertValidStorageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL }),
      );
    },

    async get(key): Promise<StoredObject | null> {
      assertValidStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK's body is a Readable (with a few helper methods mixed in).
        const body = object.Body as Readable | undefined;
        if (!body) throw new Error(`${where} sent no body for ${key}`);
        return {
          body,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? "application/octet-stream",
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async delete(keys) {
      keys.forEach(assertValidStorageKey);
      for (let start = 0; start < keys.length; start += DELETE_BATCH_SIZE) {
        const batch = keys.slice(start, start + DELETE_BATCH_SIZE);
        // S3 reports a missing key as deleted, so only real failures come back as errors.
        const result = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = result.Errors ?? [];
        if (failed.length) {
          const first = failed[0]!;
          throw new Error(
            `${where} did not delete ${failed.length} of ${batch.length} objects (first: ${first.Key}: ${first.Code} ${first.Message})`,
          );
        }
      }
    },

    async *list(folder = "") {
      assertValidStorageFolder(folder);
      // ListObjects (v1) paged by the last key seen, which every S3-compatible server supports:
      // v2's continuation tokens are opaque and s3rver's cannot be made under OpenSSL 3.
      let marker: string | undefined;
      do {
        const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: folder || undefined, Marker: marker }));
        const contents = page.Contents ?? [];
        for (const object of contents) {
          if (object.Key && isValidStorageKey(object.Key)) {
            yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date() };
          }
        }
        marker = page.IsTruncated ? (page.NextMarker ?? contents.at(-1)?.Key) : undefined;
      } while (marker);
    },

    // An S3 PUT stores the whole object or nothing: no temp files, no folders.
    async removeLeftovers() {
      return 0;
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        // HeadBucket answers have no body, so the SDK's own message is often just "UnknownError".
        const reason = isNotFound(error) ? "no such bucket" : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new Error(`${where} cannot be used: ${reason}`, { cause: error });
      }
    },
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/** A missing key, not a missing bucket: that is a broken configuration, and must not look like "no photo". */
function isMissingObject(error: unknown): boolean {
  return isNotFound(error) && (error as S3ServiceException).name !== "NoSuchBucket";
}
