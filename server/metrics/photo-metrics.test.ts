import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createStorage } from "../media/create-storage";
import { makeImageVariants } from "../media/image-pipeline";
import { imagePipelineDuration, photoBytesStored } from "./metrics";

async function valueOf(
  metric: { get(): Promise<{ values: Array<{ value: number; labels: object; metricName?: string }> }> },
  labels: object,
  metricName?: string,
): Promise<number> {
  const { values } = await metric.get();
  const match = values.find(
    (entry) =>
      (!metricName || entry.metricName === metricName) &&
      Object.entries(labels).every(([key, value]) => (entry.labels as Record<string, unknown>)[key] === value),
  );
  return match?.value ?? 0;
}

describe("photo metrics", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("counts the bytes each write stores, and nothing for a write that failed", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mandi-photo-metrics-"));
    dirs.push(dir);
    const storage = await createStorage({ driver: "local", dir });
    const before = await valueOf(photoBytesStored, { driver: "local" });
    await storage.put("listings/a/320.webp", Buffer.alloc(1234), "image/webp");
    await storage.put("listings/a/640.webp", Buffer.alloc(766), "image/webp");
    await expect(storage.put("../outside", Buffer.alloc(99), "image/webp")).rejects.toThrow();
    expect((await valueOf(photoBytesStored, { driver: "local" })) - before).toBe(2000);
    // The wrapper keeps every other part of the driver.
    expect((await storage.get("listings/a/320.webp"))?.contentType).toBe("image/webp");
  });

  it("times the image pipeline, by outcome", async () => {
    const count = (outcome: string) => valueOf(imagePipelineDuration, { outcome }, "mandi_image_pipeline_duration_seconds_count");
    const [okBefore, refusedBefore] = [await count("ok"), await count("refused")];
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2a7" } })
      .jpeg()
      .toBuffer();
    await makeImageVariants(photo);
    await expect(makeImageVariants(Buffer.from("not a photo"))).rejects.toThrow();
    expect((await count("ok")) - okBefore).toBe(1);
    expect((await count("refused")) - refusedBefore).toBe(1);
  });
});
