/**
 * `npm run bench:images`: how fast the server turns photos into WebP variants, and how many
 * bytes the browser's shrinking saves, on generated phone-sized photos (12 MP JPEGs, 3–5 MB).
 *
 *   baseline  every width resized from the full-size decoded photo (the pipeline before issue 4)
 *   current   makeImageVariants: one resize to the largest width, smaller widths from that
 *
 * Each is measured on the camera originals (the form without JavaScript) and on the browser's
 * 1600 px copies (what the sell form sends with JavaScript). Photos run one at a time, as the
 * service runs them. Figures only: nothing here passes or fails.
 */
import os from "node:os";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "../../core/shared/constants";
import { formatBytes } from "../../core/uploads/file-size";
import { RESIZE_MAX_SIDE, RESIZE_QUALITY } from "../../core/uploads/photos";
import { makeImageVariants, MAX_INPUT_PIXELS } from "../../server/media/image-pipeline";
import { makePhonePhoto } from "../../server/seed/factories";

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** The pipeline as it was: each width from the full-size photo. */
async function baselineVariants(bytes: Uint8Array): Promise<number> {
  const base = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  const bodies = await Promise.all(
    IMAGE_WIDTHS.map((width) => base.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer()),
  );
  return bodies.reduce((sum, body) => sum + body.length, 0);
}

async function currentVariants(bytes: Uint8Array): Promise<number> {
  return (await makeImageVariants(bytes)).reduce((sum, variant) => sum + variant.body.length, 0);
}

/** What the browser does before sending (app/features/uploads/resize-photo.ts), done with sharp. */
function browserResize(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes)
    .rotate()
    .resize({ width: RESIZE_MAX_SIDE, height: RESIZE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: Math.round(RESIZE_QUALITY * 100) })
    .toBuffer();
}

async function photosPerSecond(
  photos: Buffer[],
  run: (bytes: Uint8Array) => Promise<number>,
): Promise<{ perSecond: number; outputBytes: number }> {
  await run(photos[0]!); // warm up
  let outputBytes = 0;
  const started = process.hrtime.bigint();
  for (let round = 0; round < ROUNDS; round++) for (const photo of photos) outputBytes = await run(photo);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { perSecond: (photos.length * ROUNDS) / seconds, outputBytes };
}

async function main() {
  console.log(`Generating ${PHOTOS} phone photos (4000×3000 JPEG)… (${os.cpus().length} CPUs, sharp concurrency ${sharp.concurrency()})`);
  const originals: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) originals.push(await makePhonePhoto(i + 1));
  const resized = await Promise.all(originals.map(browserResize));

  console.log("\nBytes sent per photo: camera original vs the browser's 1600 px copy (WebP q80)");
  console.table(
    originals.map((original, i) => ({
      photo: i + 1,
      original: formatBytes(original.length),
      sent: formatBytes(resized[i]!.length),
      "sent / original": `${((resized[i]!.length / original.length) * 100).toFixed(1)}%`,
    })),
  );
  const totalOriginal = originals.reduce((sum, b) => sum + b.length, 0);
  const totalSent = resized.reduce((sum, b) => sum + b.length, 0);
  console.log(
    `Total: ${formatBytes(totalOriginal)} → ${formatBytes(totalSent)}: ${((totalSent / totalOriginal) * 100).toFixed(1)}% sent, ${formatBytes(totalOriginal - totalSent)} saved.`,
  );

  console.log(`\nServer pipeline (photos per second, ${ROUNDS} rounds of ${PHOTOS}, one photo at a time)`);
  const rows = [];
  for (const [input, photos] of [
    ["camera original (no JS)", originals],
    ["browser 1600 px copy", resized],
  ] as const) {
    const baseline = await photosPerSecond(photos, baselineVariants);
    const current = await photosPerSecond(photos, currentVariants);
    rows.push({
      input,
      "baseline photos/s": baseline.perSecond.toFixed(2),
      "current photos/s": current.perSecond.toFixed(2),
      speed: `${(current.perSecond / baseline.perSecond).toFixed(2)}×`,
      "variant bytes (baseline → current)": `${formatBytes(baseline.outputBytes)} → ${formatBytes(current.outputBytes)}`,
    });
  }
  console.table(rows);
}

await main();
