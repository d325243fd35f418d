/**
 * `npm run media:copy` as an operator runs it: a process with S3_* in its environment, its exit
 * status and what it prints. (What it copies, and that a rerun copies nothing, is tested on the
 * module in server/media/media-copy.test.ts.)
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageVariantKey } from "../../core/uploads/images";
import { makeImageVariants } from "../../server/media/image-pipeline";
import { createLocalDiskStorage } from "../../server/media/local-disk-storage";
import { makeProducePhoto } from "../../server/seed/factories";
import { startS3Server, type S3TestServer } from "../support/s3-server";

const TSX_CLI = createRequire(import.meta.url).resolve("tsx/cli");

describe("npm run media:copy", () => {
  let dataDir: string;
  let s3: S3TestServer;

  const run = async (env: Record<string, string>, args: string[] = []) => {
    // A clean environment: the test runner's own (BASE_URL="/" from Vite, say) is not an operator's.
    const childEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env };
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [TSX_CLI, "scripts/media-copy.ts", ...args], {
        env: childEnv,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "mandi-media-copy-script-"));
    const media = createLocalDiskStorage(path.join(dataDir, "media"));
    const prefix = `listings/${randomUUID()}`;
    for (const variant of await makeImageVariants(await makeProducePhoto("wheat", 3, { width: 640, height: 480 }))) {
      await media.put(imageVariantKey(prefix, variant.width), variant.body, "image/webp");
    }
    s3 = await startS3Server();
  });

  afterAll(async () => {
    await s3?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("copies DATA_DIR/media to the bucket, reports progress and passes its check", async () => {
    const result = await run(s3.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `Copying photos from ${path.join(dataDir, "media")} to s3://${s3.bucket} at ${s3.endpoint}, 4 at a time.`,
    );
    expect(result.stdout).toContain("3/3 photos (3 copied, 0 already there)");
    expect(result.stdout).toContain(`Check passed: all 3 photos in ${path.join(dataDir, "media")} are in s3://${s3.bucket}`);
  }, 60_000);

  it("says what is wrong, without a stack trace, and exits 2 on a bad setup: no bucket, no folder, a bad variable", async () => {
    const noBucket = await run({});
    expect(noBucket.code).toBe(2);
    expect(noBucket.stderr).toContain("media:copy copies photos to S3, but S3_BUCKET is not set.");

    const noFolder = await run(s3.env, ["--from", path.join(dataDir, "no-such-folder")]);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain(`There is no photo folder at ${path.join(dataDir, "no-such-folder")}.`);

    const badConfig = await run({ ...s3.env, S3_FORCE_PATH_STYLE: "yes" });
    expect(badConfig.code).toBe(2);
    expect(badConfig.stderr).toContain('S3_FORCE_PATH_STYLE: must be "true" or "false"');
    expect(badConfig.stderr).not.toContain("    at ");
  }, 60_000);
});
