/**
 * The start-up sweep after a crash, on each engine and each storage driver (S3 is a real s3rver):
 * photos no listing refers to and temp files go once they are an hour old; nothing a listing
 * uses, and nothing younger, is touched.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "../../core/shared/constants";
import { imageVariantKey } from "../../core/uploads/images";
import { createMangoListing } from "../../tests/support/listings";
import { startS3Server, type S3TestServer } from "../../tests/support/s3-server";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";

const HOUR = 60 * 60_000;
const cases = testEngines().flatMap((engine) => (["local", "s3"] as const).map((driver) => ({ engine, driver })));

describe.each(cases)("photo leftovers on $engine with $driver storage", ({ engine, driver }) => {
  let s3: S3TestServer | undefined;
  let t: TestServices;
  let listingKey: string;

  beforeAll(async () => {
    s3 = driver === "s3" ? await startS3Server() : undefined;
    t = await createTestServices({ engine, env: s3?.env ?? {} });
    listingKey = (await createMangoListing(t, { width: 400, height: 300 })).imageKey;
  });
  afterAll(async () => {
    await t?.cleanup();
    await s3?.stop();
  });

  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const object of t.storage.list("listings/")) keys.push(object.key);
    return keys.sort();
  };

  it("removes photos a killed create left, once an hour old, and keeps every photo a listing uses", async () => {
    // What a process killed between storing the variants and committing the listing leaves.
    const orphanKey = `listings/${randomUUID()}`;
    for (const width of IMAGE_WIDTHS) await t.storage.put(imageVariantKey(orphanKey, width), Buffer.from("webp"), "image/webp");
    const listingVariants = IMAGE_WIDTHS.map((width) => imageVariantKey(listingKey, width));
    const orphanVariants = IMAGE_WIDTHS.map((width) => imageVariantKey(orphanKey, width));
    // And, on local disk, a put's temp file in a folder of its own.
    const crashedFolder = path.join(t.dataDir, "media", "listings", randomUUID());
    if (driver === "local") {
      await mkdir(crashedFolder, { recursive: true });
      await writeFile(path.join(crashedFolder, `w320.webp.${randomUUID()}.tmp`), "half a photo");
    }

    // Just written: it may be another instance's create in progress, so it stays.
    t.clock.now = Date.now();
    expect(await t.removePhotoLeftovers()).toEqual({ orphanFiles: 0, leftovers: 0 });
    expect(await storedKeys()).toEqual([...listingVariants, ...orphanVariants].sort());

    t.clock.now = Date.now() + 2 * HOUR;
    expect(await t.removePhotoLeftovers()).toEqual({ orphanFiles: IMAGE_WIDTHS.length, leftovers: driver === "local" ? 2 : 0 });
    expect(await storedKeys()).toEqual(listingVariants.sort());
    if (driver === "local") {
      expect(existsSync(crashedFolder)).toBe(false);
      expect(existsSync(path.join(t.dataDir, "media", orphanKey))).toBe(false);
    }
    const cover = await t.storage.get(listingVariants[0]!);
    expect(Buffer.concat(await cover!.body.toArray()).byteLength).toBeGreaterThan(0);
  });
});
