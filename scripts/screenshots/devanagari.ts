/**
 * `npm run build && npx tsx scripts/screenshots/devanagari.ts`
 *
 * Proves the self-hosted Devanagari font (app/fonts.css) draws Hindi on a phone that has no
 * Devanagari font of its own: headless Chromium at 360 px, with fontconfig told to refuse every
 * installed font with Devanagari in its file name (so the system has none), opens a page whose heading (bold) and
 * search box (regular) hold Devanagari text, on the production server and seeded demo data.
 * Writes docs/screenshots/devanagari-360.png, and beside it devanagari-360-font-blocked.png with
 * the font's download refused: what the same phone shows without it (boxes). Prints which font
 * files the page downloaded.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { withoutDevanagariFonts } from "../../tests/support/no-devanagari-fonts";
import { startDemoServer } from "./demo-server";

const PORT = 4486;
const work = mkdtempSync(path.join(os.tmpdir(), "mandi-screenshot-devanagari-"));

const { app, stop } = await startDemoServer(PORT);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
  env: { ...process.env, ...withoutDevanagariFonts(work) },
});
try {
  // A search for "fresh wheat" in Hindi: the heading repeats it in bold, the search box in regular.
  const url = `${app}/viewmore?q=${encodeURIComponent("ताज़ा गेहूँ")}`;
  for (const blocked of [false, true]) {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2 });
    const fonts: string[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "font") fonts.push(path.basename(new URL(request.url()).pathname));
    });
    if (blocked) await page.route("**/*.woff2", (route) => route.abort());
    await page.goto(url, { waitUntil: "networkidle" });
    await page.evaluate(() => document.fonts.ready);
    const file = `docs/screenshots/devanagari-360${blocked ? "-font-blocked" : ""}.png`;
    await page.screenshot({ path: file });
    console.log(`${file}: fonts downloaded: ${fonts.join(", ") || "none"}`);
    await page.close();
  }
} finally {
  await browser.close();
  stop();
  rmSync(work, { recursive: true, force: true });
}
