import { describe, expect, it } from "vitest";
import { webManifest } from "./web-manifest";

describe("the web app manifest", () => {
  it("is installable in English and in Hindi, with maskable icons at 192 and 512", () => {
    for (const [language, shortName] of [
      ["en", "Mandi"],
      ["hi", "मंडी"],
    ] as const) {
      const manifest = webManifest(language);
      expect(manifest).toMatchObject({
        short_name: shortName,
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: "#166534",
        id: "/",
      });
      for (const sizes of ["192x192", "512x512"]) {
        expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes, purpose: "maskable", type: "image/png" }));
        expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes, purpose: "any", type: "image/png" }));
      }
    }
  });
});
