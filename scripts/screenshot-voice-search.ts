/**
 * `npm run build && npx tsx scripts/screenshot-voice-search.ts`
 *
 * Speak to search (issue 26) at 360 px, in English and Hindi, on the production server and seeded
 * demo data, with the browser's recognizer replaced by the tests' stand-in
 * (tests/e2e/support/fake-speech.ts). Writes to docs/screenshots/, for each language:
 * voice-search-360-<lang>.png (the microphone in the box), -listening.png, -heard.png (the
 * stand-in said a Hinglish or Hindi word for wheat: the box holds it and shows suggestions) and
 * -denied.png (the microphone was refused).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { installRecognizer, nextPlan } from "../tests/e2e/support/fake-speech";
import { waitFor } from "./bench/measure";

const PORT = 4487;
const app = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(path.join(os.tmpdir(), "mandi-screenshot-voice-"));
const dataDir = path.join(work, "data");
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, "mandi.sqlite")}`, LOG_LEVEL: "warn" };

const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
if (seeded.status !== 0) throw new Error("seeding failed");
const log = openSync(path.join(work, "server.log"), "w");
const server = spawn(process.execPath, ["build/server/index.js"], {
  env: { ...env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", BASE_URL: app },
  stdio: ["ignore", log, log],
});

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  await waitFor(`${app}/healthz`);
  for (const [lang, word] of [
    ["en", "gehun"],
    ["hi", "गेहूं"],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: lang === "hi" ? "hi-IN" : "en-IN" });
    const page = await context.newPage();
    page.on("pageerror", (error) => console.log(`[${lang} page error] ${error.message}`));
    // tsx (esbuild's keepNames) wraps named functions in __name(), which the stand-in's code,
    // serialized into the page, then calls: the page needs one too.
    await page.addInitScript("globalThis.__name = (target) => target;");
    await installRecognizer(page, { hold: true });
    await page.goto(app, { waitUntil: "networkidle" });
    await page.evaluate(() => document.fonts.ready);
    const mic = page.locator("header button[aria-pressed]");
    await mic.waitFor();
    const shot = (name: string) => page.screenshot({ path: `docs/screenshots/voice-search-360-${lang}${name}.png` });

    await shot("");
    await mic.click();
    await page.locator("header [role=status]").waitFor();
    await shot("-listening");
    await mic.click();
    await page.locator("header [role=status]").waitFor({ state: "detached" });

    await nextPlan(page, { say: [word] });
    await mic.click();
    await page.locator("header [role=listbox]").waitFor();
    await settle(page);
    await shot("-heard");

    await nextPlan(page, { error: "not-allowed" });
    await mic.click();
    await page.locator("header [role=alert]").waitFor();
    await settle(page);
    await shot("-denied");
    console.log(`docs/screenshots/voice-search-360-${lang}{,-listening,-heard,-denied}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(work, { recursive: true, force: true });
}

/** Lets photos that the suggestions uncovered finish drawing. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
