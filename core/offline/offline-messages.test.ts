import { describe, expect, it } from "vitest";
import { offlineLanguageOf, webManifestPathFor } from "./offline-language";
import { APP_NAMES, OFFLINE_BANNER_MESSAGES, OFFLINE_PAGE_MESSAGES, SELL_DRAFT_MESSAGES } from "./offline-messages";

describe("offline messages", () => {
  it("picks Hindi for hi and hi-IN, English for anything else", () => {
    expect(offlineLanguageOf("hi-IN")).toBe("hi");
    expect(offlineLanguageOf("hi")).toBe("hi");
    expect(offlineLanguageOf(" HI-in ")).toBe("hi");
    for (const lang of ["en-IN", "en", "", null, undefined, "hindi", "fr-FR"]) expect(offlineLanguageOf(lang), String(lang)).toBe("en");
    expect(offlineLanguageOf("mr-IN")).toBe("mr");
    expect(offlineLanguageOf("ta")).toBe("ta");
  });

  it("says everything in both languages, and the Hindi is in Devanagari", () => {
    for (const group of [APP_NAMES, OFFLINE_BANNER_MESSAGES, OFFLINE_PAGE_MESSAGES, SELL_DRAFT_MESSAGES]) {
      expect(Object.keys(group.hi).sort()).toEqual(Object.keys(group.en).sort());
      for (const [key, text] of Object.entries(group.hi)) {
        expect(text, key).toMatch(/[\u0900-\u097F]/);
        expect(text, key).not.toBe((group.en as Record<string, string>)[key]);
      }
    }
  });

  it("links the manifest in the page's language", () => {
    expect(webManifestPathFor("en")).toBe("/manifest.webmanifest");
    expect(webManifestPathFor("hi")).toBe("/manifest-hi.webmanifest");
  });
});
