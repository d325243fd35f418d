/**
 * The Devanagari font Hindi pages download (app/fonts/*.woff2, made by
 * scripts/fonts/make-devanagari-subset.ts) is the full Noto Sans Devanagari cut down to a block:
 * it must hold every character of that block the full font has, draw every Hindi word exactly as
 * the full font does (conjuncts, matras, nukta), and be declared in app/fonts.css for exactly the
 * characters it holds (a character outside it would be drawn as a box; one inside that it lacked,
 * too).
 */
import { readFileSync } from "node:fs";
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { codePointsOf, UNICODE_RANGE } from "../../scripts/fonts/make-devanagari-subset";
import { FULL_CATALOGUES } from "../../core/i18n/catalogues";

const hi = FULL_CATALOGUES.hi;

const full = (weight: number) =>
  `node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`;
const cut = (weight: number) => new URL(`./noto-sans-devanagari-hindi-${weight}.woff2`, import.meta.url);

async function fontOf(file: string | URL) {
  const face = new hb.Face(new hb.Blob(new Uint8Array(await fontverter.convert(readFileSync(file), "sfnt"))));
  return { face, font: new hb.Font(face) };
}

/** What a run of text is drawn as: each glyph's outline and where it goes (glyph numbers differ between the two files). */
function drawn(font: hb.Font, text: string): string[] {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const positions = buffer.getGlyphPositions();
  return (
    buffer
      .getGlyphInfos()
      .map((glyph, i) => {
        const { xAdvance, xOffset, yOffset } = positions[i]!;
        return `${font.glyphToPath(glyph.codepoint)} @${xAdvance},${xOffset},${yOffset}`;
      })
      // A joiner draws nothing: HarfBuzz shows it as the font's space (empty, no advance) where the
      // font has one and drops it where not (the subset has no space; pages draw spaces in the system font).
      .filter((glyph) => glyph !== " @0,0,0")
  );
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

// Every Devanagari word of the interface, and words with the conjuncts, nukta and rare signs sellers type.
const words = [
  ...new Set([
    ...strings(hi).flatMap((text) => text.match(/[\u0900-\u097F\u200C\u200D]+/g) ?? []),
    "क्षत्रिय",
    "ज्ञान",
    "श्रीखंड",
    "द्वार",
    "हृदय",
    "प्याज़",
    "ड़ी",
    "ढ़",
    "क़िला",
    "ॐ",
    "ऑफ़",
    "ळ",
    "ॲ",
    "१२३४५६७८९०",
    "।",
    "॥",
    "क्‍ष",
    "र्‍य",
  ]),
];

describe("the Devanagari font subset", () => {
  for (const weight of [400, 700]) {
    it(`holds every character of ${UNICODE_RANGE} the full font has, and nothing else (${weight})`, async () => {
      const wanted = new Set(codePointsOf(UNICODE_RANGE));
      const fromFull = [...(await fontOf(full(weight))).face.collectUnicodes()].filter((c) => wanted.has(c)).sort((a, b) => a - b);
      const fromCut = [...(await fontOf(cut(weight))).face.collectUnicodes()].sort((a, b) => a - b);
      expect(fromFull.length).toBeGreaterThan(120);
      expect(fromCut).toEqual(fromFull);
    });

    it(`draws every Hindi word as the full font does (${weight})`, async () => {
      // One after the other: fontverter's woff2 decoder is not safe to run twice at once.
      const original = await fontOf(full(weight));
      const subset = await fontOf(cut(weight));
      expect(words.length).toBeGreaterThan(300);
      for (const word of words) expect(drawn(subset.font, word), word).toEqual(drawn(original.font, word));
    });
  }

  it("is declared in app/fonts.css for exactly the characters it holds, at both weights", () => {
    const css = readFileSync(new URL("../fonts.css", import.meta.url), "utf8");
    const ranges = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map((match) => match[1]!.trim());
    expect(ranges).toEqual([UNICODE_RANGE, UNICODE_RANGE]);
    expect(css).toContain('url("./fonts/noto-sans-devanagari-hindi-400.woff2")');
    expect(css).toContain('url("./fonts/noto-sans-devanagari-hindi-700.woff2")');
  });
});
