/** The configured storage driver: a local folder by default, an S3 bucket when S3_BUCKET is set. */
import type { StorageConfig } from "../config";
import { photoBytesStored } from "../metrics/metrics";
import { createLocalDiskStorage } from "./local-disk-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

export function createStorage(config: StorageConfig): Storage {
  return counted(config.driver === "s3" ? createS3Storage(config) : createLocalDiskStorage(config.dir), config.driver);
}

/** Counts the bytes each successful write stored, for the operator's graphs (decision 025). */
function counted(storage: Storage, driver: string): Storage {
  return {
    ...storage,
    async put(key, body, contentType) {
      await storage.put(key, body, contentType);
      photoBytesStored.inc({ driver }, body.byteLength);
    },
  };
}
