/**
 * `npx tsx scripts/fonts/make-devanagari-subset.ts`
 *
 * Writes app/fonts/noto-sans-devanagari-hindi-{400,700}.woff2: Noto Sans Devanagari (regular and
 * bold, from @fontsource/noto-sans-devanagari) cut down by HarfBuzz's subsetter (harfbuzzjs's
 * harfbuzz-subset.wasm) to the Devanagari block (U+0900–097F: Hindi, Marathi, Nepali and
 * Sanskrit's letters, signs, dandas and digits), the zero-width joiners that choose a conjunct's
 * form, and the dotted circle the shaper draws under a stray sign. Fontsource's "devanagari" file
 * also carries Vedic accents, North Indic number forms and Devanagari Extended (U+1CD0–1CF9,
 * U+A830–A839, U+A8E0–A8FF, U+11B00–11B09), which no page of Mandi's shows: a Hindi page on a phone
 * without a Devanagari font downloads 84 KB instead of 104 KB (decision 033). Every layout
 * feature and every conjunct of the block is kept, so anything a seller types in the block is
 * drawn as the full font draws it; hinting is dropped (phones' screens do not use it).
 * app/fonts.css's unicode-range is this same set (UNICODE_RANGE below; its test checks they agree).
 * Run it again if the font package changes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontverter from "fontverter";

/** What app/fonts.css's unicode-range says, and what the files hold. */
export const UNICODE_RANGE = "U+0900-097F, U+200C-200D, U+25CC";
const SOURCE = (weight: number) =>
  `node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`;
const OUT = (weight: number) => `app/fonts/noto-sans-devanagari-hindi-${weight}.woff2`;

/** The code points of a CSS unicode-range of ranges and single code points. */
export function codePointsOf(range: string): number[] {
  return range.split(",").flatMap((part) => {
    const [from, to = from] = part
      .trim()
      .replace(/^U\+/i, "")
      .split("-")
      .map((hex) => parseInt(hex, 16));
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
  });
}

// harfbuzz-subset.wasm's C functions (hb-subset.h); it imports nothing.
interface HarfBuzzSubset {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_length(blob: number): number;
  hb_blob_get_data(blob: number, length: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, codepoint: number): void;
  hb_set_clear(set: number): void;
  hb_set_invert(set: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}
const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_SETS_LAYOUT_FEATURE_TAG = 6;
const HB_SUBSET_SETS_LAYOUT_SCRIPT_TAG = 7;
const HB_SUBSET_FLAGS_NO_HINTING = 1;

async function subset(hb: HarfBuzzSubset, sfnt: Buffer, codePoints: number[]): Promise<Buffer> {
  const data = hb.malloc(sfnt.length);
  new Uint8Array(hb.memory.buffer).set(sfnt, data);
  const blob = hb.hb_blob_create(data, sfnt.length, HB_MEMORY_MODE_WRITABLE, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  const unicodes = hb.hb_subset_input_unicode_set(input);
  for (const codePoint of codePoints) hb.hb_set_add(unicodes, codePoint);
  // Every layout feature and script, not only HarfBuzz's default list: conjuncts need them all.
  for (const which of [HB_SUBSET_SETS_LAYOUT_FEATURE_TAG, HB_SUBSET_SETS_LAYOUT_SCRIPT_TAG]) {
    const set = hb.hb_subset_input_set(input, which);
    hb.hb_set_clear(set);
    hb.hb_set_invert(set);
  }
  hb.hb_subset_input_set_flags(input, hb.hb_subset_input_get_flags(input) | HB_SUBSET_FLAGS_NO_HINTING);
  const result = hb.hb_subset_or_fail(face, input);
  hb.hb_subset_input_destroy(input);
  hb.hb_face_destroy(face);
  if (!result) throw new Error("HarfBuzz could not subset the font");
  const resultBlob = hb.hb_face_reference_blob(result);
  const length = hb.hb_blob_get_length(resultBlob);
  const bytes = Buffer.from(new Uint8Array(hb.memory.buffer, hb.hb_blob_get_data(resultBlob, 0), length));
  hb.hb_blob_destroy(resultBlob);
  hb.hb_face_destroy(result);
  hb.free(data);
  return fontverter.convert(bytes, "woff2", "sfnt");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wasm = readFileSync(createRequire(import.meta.url).resolve("harfbuzzjs/dist/harfbuzz-subset.wasm"));
  const hb = (await WebAssembly.instantiate(wasm)).instance.exports as unknown as HarfBuzzSubset;
  for (const weight of [400, 700]) {
    const source = readFileSync(SOURCE(weight));
    const woff2 = await subset(hb, await fontverter.convert(source, "sfnt"), codePointsOf(UNICODE_RANGE));
    writeFileSync(OUT(weight), woff2);
    console.log(
      `${OUT(weight)}: ${(woff2.length / 1024).toFixed(1)} KB (fontsource's Devanagari file: ${(source.length / 1024).toFixed(1)} KB)`,
    );
  }
}
