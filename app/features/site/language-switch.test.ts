import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGE_NAMES } from "../../../core/i18n/languages";

describe("the header's language switch", () => {
  it("draws, on English pages, the word that names Hindi today (else run scripts/fonts/make-language-switch-glyphs.ts)", () => {
    const svg = readFileSync(new URL("./language-switch-hindi.svg", import.meta.url), "utf8");
    expect(/data-text="([^"]*)"/.exec(svg)?.[1]).toBe(LANGUAGE_NAMES.hi);
    expect(svg).toMatch(/viewBox="0 0 2044 1304"/); // the size site-header.tsx gives the image
  });
});
