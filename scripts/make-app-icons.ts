/**
 * Draws the installed app's icons into public/ (decision 016): the favicon's leaf on Mandi green,
 * at 192 and 512 px, plain (rounded corners) and maskable (full bleed, the leaf inside the middle
 * 60 %, the safe zone every launcher mask keeps). Run again after changing public/favicon.svg:
 * `npx tsx scripts/make-app-icons.ts`; the PNGs are committed.
 */
import path from "node:path";
import sharp from "sharp";

const GREEN = "#166534";
const leaf = (scale: number) => {
  // The favicon's leaf is drawn on a 64-unit square; scaled about its centre.
  const offset = 32 * (1 - scale);
  return `<g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M32 12c-9 8-13 17-13 26a13 13 0 0 0 26 0c0-9-4-18-13-26z" fill="#facc15"/><path d="M32 22v32" stroke="${GREEN}" stroke-width="3"/></g>`;
};
const plain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${GREEN}"/>${leaf(1)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/>${leaf(0.72)}</svg>`;

const publicDir = path.join(import.meta.dirname, "..", "public");
for (const size of [192, 512]) {
  await sharp(Buffer.from(plain), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, `icon-${size}.png`));
  await sharp(Buffer.from(maskable), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, `icon-maskable-${size}.png`));
}
console.log("Icons written to public/: icon-192.png, icon-512.png, icon-maskable-192.png, icon-maskable-512.png");
