import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "../../core/shared/constants";
import { makeProducePhoto } from "../seed/factories";
import { makeImageVariants } from "./image-pipeline";

describe("makeImageVariants", () => {
  it("re-encodes a phone photo to WebP at each width, upright, without metadata", async () => {
    const photo = await sharp(await makeProducePhoto("fruits", 3, { width: 1600, height: 1200 }))
      // Camera orientation 6 = "rotate 90° to show": the output must be portrait.
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret", Artist: "GPS 28.61N 77.20E" } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const variants = await makeImageVariants(photo);
    expect(variants.map((v) => v.width)).toEqual([...IMAGE_WIDTHS]);
    for (const variant of variants) {
      const meta = await sharp(variant.body).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(Math.min(variant.width, 1200));
      expect(meta.height!).toBeGreaterThan(meta.width!);
    }
  });

  it("never enlarges a small photo", async () => {
    const small = await sharp({ create: { width: 200, height: 150, channels: 3, background: "#2d6a4f" } })
      .png()
      .toBuffer();
    const variants = await makeImageVariants(small);
    for (const variant of variants) expect((await sharp(variant.body).metadata()).width).toBe(200);
  });

  it.each([
    ["an empty file", new Uint8Array(0), 400],
    ["a text file named .jpg", new TextEncoder().encode("just some text, not a photo"), 415],
    ["a PHP script", new TextEncoder().encode("<?php system($_GET['c']); ?>"), 415],
    [
      "an SVG with a script",
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      415,
    ],
  ])("refuses %s with a message beside the photo field", async (_name, bytes, status) => {
    await expect(makeImageVariants(bytes)).rejects.toMatchObject({ field: "image", status });
  });

  it("refuses a truncated JPEG", async () => {
    const photo = await makeProducePhoto("rice", 1, { width: 800, height: 600 });
    await expect(makeImageVariants(photo.subarray(0, Math.floor(photo.length / 2)))).rejects.toMatchObject({
      field: "image",
      message: "This photo seems damaged. Please choose another.",
    });
  });

  it("refuses a decompression bomb by its pixel count", async () => {
    // 8000 × 6000 = 48 MP of one colour: a small file that would need ~150 MB to decode.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(makeImageVariants(bomb)).rejects.toMatchObject({ field: "image", status: 413 });
  });
});
