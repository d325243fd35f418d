/** The configured storage driver: a local folder by default, an S3 bucket when S3_BUCKET is set. */
import type { StorageConfig } from "../config";
import { createLocalDiskStorage } from "./local-disk-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

export function createStorage(config: StorageConfig): Storage {
  switch (config.driver) {
    case "local":
      return createLocalDiskStorage(config.dir);
    case "s3":
      return createS3Storage(config);
  }
}
