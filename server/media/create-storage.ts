/** The configured storage driver: a local folder by default, an S3 bucket when S3_BUCKET is set. */
import type { StorageConfig } from "../config";
import { photoBytesStored } from "../metrics/metrics";
import { inSpan } from "../tracing/tracing";
import { createLocalDiskStorage } from "./local-disk-storage";
import type { Storage } from "./storage";

export async function createStorage(config: StorageConfig): Promise<Storage> {
  // The AWS SDK is loaded only for a bucket: a worker on the local folder is spared its memory (issue 27).
  const storage = config.driver === "s3" ? (await import("./s3-storage")).createS3Storage(config) : createLocalDiskStorage(config.dir);
  return observed(storage, config.driver);
}

/**
 * Counts the bytes each successful write stored, for the operator's graphs, and with tracing on
 * puts each read, write and delete in a span under the request (decision 025).
 */
function observed(storage: Storage, driver: string): Storage {
  const attributes = { "mandi.storage.driver": driver };
  return {
    ...storage,
    async put(key, body, contentType) {
      await inSpan("storage put", attributes, () => storage.put(key, body, contentType));
      photoBytesStored.inc({ driver }, body.byteLength);
    },
    get: (key) => inSpan("storage get", attributes, () => storage.get(key)),
    delete: (keys) => inSpan("storage delete", attributes, () => storage.delete(keys)),
  };
}
