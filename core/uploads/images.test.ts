import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "../shared/constants";
import { imageSrcSet, imageUrl, imageVariantKey } from "./images";

const prefix = "listings/01HXYZ";

describe("imageVariantKey", () => {
  it.each(IMAGE_WIDTHS.map((w) => [w]))("names the %i px WebP variant under the prefix", (width) => {
    expect(imageVariantKey(prefix, width)).toBe(`listings/01HXYZ/w${width}.webp`);
  });
});

describe("imageUrl", () => {
  it("serves a variant under /media", () => {
    expect(imageUrl(prefix, 640)).toBe("/media/listings/01HXYZ/w640.webp");
  });

  it("is the variant key behind /media/", () => {
    for (const width of IMAGE_WIDTHS) expect(imageUrl(prefix, width)).toBe(`/media/${imageVariantKey(prefix, width)}`);
  });
});

describe("imageSrcSet", () => {
  it("lists every variant with its width descriptor, smallest first", () => {
    expect(imageSrcSet(prefix)).toBe(
      "/media/listings/01HXYZ/w320.webp 320w, /media/listings/01HXYZ/w640.webp 640w, /media/listings/01HXYZ/w1280.webp 1280w",
    );
  });
});
