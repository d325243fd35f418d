import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "../../core/catalogue/categories";
import { imageVariantKey } from "../../core/uploads/images";
import { startS3Server, type S3TestServer } from "../../tests/support/s3-server";
import { makeProducePhoto } from "../seed/factories";
import { makeImageVariants } from "./image-pipeline";
import { createLocalDiskStorage } from "./local-disk-storage";
import { checkMediaCopy, copyMedia, type MediaCopyProgress } from "./media-copy";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

describe("copyMedia from the local folder to S3", () => {
  let dir: string;
  let s3: S3TestServer;
  let local: Storage;
  let bucket: Storage;
  const keys: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "mandi-media-copy-"));
    local = createLocalDiskStorage(dir);
    s3 = await startS3Server();
    bucket = createS3Storage(s3.storageOptions);
    // Photos as a seller's upload leaves them: every WebP variant of a few listings.
    for (const [index, category] of CATEGORY_SLUGS.slice(0, 4).entries()) {
      const prefix = `listings/${randomUUID()}`;
      for (const variant of await makeImageVariants(await makeProducePhoto(category, index, { width: 700, height: 500 }))) {
        const key = imageVariantKey(prefix, variant.width);
        await local.put(key, variant.body, "image/webp");
        keys.push(key);
      }
    }
  });

  afterAll(async () => {
    await s3?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("copies every photo, byte for byte, and its check finds nothing missing", async () => {
    expect(await checkMediaCopy({ from: local, to: bucket })).toEqual({ sourceCount: keys.length, missing: expect.arrayContaining(keys) });

    const seen: MediaCopyProgress[] = [];
    const result = await copyMedia({ from: local, to: bucket, concurrency: 3, onProgress: (p) => seen.push(p) });

    expect(result).toEqual({ copied: keys.length, skipped: 0, sourceCount: keys.length, missing: [] });
    expect(seen.at(0)).toEqual({ done: 0, total: keys.length, copied: 0, skipped: 0 });
    expect(seen.at(-1)).toEqual({ done: keys.length, total: keys.length, copied: keys.length, skipped: 0 });
    for (const key of keys) {
      const [original, copy] = await Promise.all([local.get(key), bucket.get(key)]);
      expect(copy?.contentType).toBe("image/webp");
      expect(Buffer.concat(await copy!.body.toArray()).equals(Buffer.concat(await original!.body.toArray()))).toBe(true);
    }
  });

  it("copies nothing the second time", async () => {
    const result = await copyMedia({ from: local, to: bucket });
    expect(result).toEqual({ copied: 0, skipped: keys.length, sourceCount: keys.length, missing: [] });
  });

  it("copies again an object left at the wrong size (an interrupted upload)", async () => {
    await bucket.put(keys[0]!, Buffer.from("half a photo"), "image/webp");
    expect((await checkMediaCopy({ from: local, to: bucket })).missing).toEqual([keys[0]]);

    const result = await copyMedia({ from: local, to: bucket });
    expect(result).toEqual({ copied: 1, skipped: keys.length - 1, sourceCount: keys.length, missing: [] });
  });
});
