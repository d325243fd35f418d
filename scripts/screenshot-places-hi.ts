/**
 * `npm run build && npx tsx scripts/screenshot-places-hi.ts`
 *
 * Places in Hindi (issue 26) at 360 px, in both languages, on the production server with seeded
 * demo data: a search for Nashik (in Hindi "नासिक", in English "Nashik") with its cards, and a
 * Nashik listing's page. Writes docs/screenshots/places-{hi,en}-360-{search,listing}.png.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { waitFor } from "./bench/measure";

const PORT = Number(process.env.PORT ?? 4487);
const app = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(path.join(os.tmpdir(), "mandi-screenshot-places-"));
const dataDir = path.join(work, "data");
const database = `sqlite:${path.join(dataDir, "mandi.sqlite")}`;

const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
if (seeded.status !== 0) throw new Error("seeding failed");
const log = openSync(path.join(work, "server.log"), "w");
const server = spawn(process.execPath, ["build/server/index.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: database, BASE_URL: app, LOG_LEVEL: "warn" },
  stdio: ["ignore", log, log],
});

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  await waitFor(`${app}/healthz`);
  for (const [lang, locale, q] of [["hi", "hi-IN", "नासिक"], ["en", "en-IN", "Nashik"]] as const) {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, locale });
    await page.goto(`${app}/viewmore?q=${encodeURIComponent(q)}`, { waitUntil: "networkidle" });
    await page.evaluate(() => document.fonts.ready);
    const card = page.locator("main li a[href^='/view/']").first();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/places-${lang}-360-search.png` });
    const href = await card.getAttribute("href");
    await page.goto(`${app}${href}`, { waitUntil: "networkidle" });
    await page.evaluate(() => document.fonts.ready);
    await page.locator("dl").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/places-${lang}-360-listing.png` });
    console.log(`${lang}: ${q} → ${href}; where: ${(await page.locator("dl").innerText()).split("\n").join(" | ").slice(0, 300)}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(work, { recursive: true, force: true });
}
