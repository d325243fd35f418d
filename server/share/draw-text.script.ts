/**
 * For share-card.test.ts: draws a text in a fresh process (so FONTCONFIG_FILE, set by the test to
 * hide the machine's Devanagari fonts, is the one libvips reads), first without Mandi's fonts and
 * then with them, and prints each drawing's size and a hash of its pixels.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { textBlock } from "./share-card";

const text = process.argv[2] ?? "किसान";
const out: Record<string, { width: number; height: number; hash: string }> = {};
for (const embedFonts of [false, true]) {
  const block = await textBlock(text, { size: 48, color: "#000000", embedFonts });
  const { data, info } = await sharp(block.input).raw().toBuffer({ resolveWithObject: true });
  out[embedFonts ? "embedded" : "system"] = {
    width: info.width,
    height: info.height,
    hash: createHash("sha256").update(data).digest("hex"),
  };
}
process.stdout.write(JSON.stringify(out));
