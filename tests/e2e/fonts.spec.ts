/**
 * Fonts on a phone that has no Devanagari font of its own (fontconfig told to refuse every
 * installed font with Devanagari in its name, as scripts/bench/lighthouse.ts
 * --no-system-devanagari does): an English page downloads no Devanagari font (the header's
 * "हिन्दी" is drawn from outlines), and a Hindi page downloads only the Devanagari subset of Noto
 * Sans Devanagari (app/fonts.css), never a Latin one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { withoutDevanagariFonts } from "../support/no-devanagari-fonts";
import { expect, gotoHydrated, test } from "./support/fixtures";

let browser: Browser;
let work: string;

test.beforeAll(async ({ launchOptions }) => {
  work = mkdtempSync(path.join(os.tmpdir(), "mandi-e2e-fonts-"));
  browser = await chromium.launch({ ...launchOptions, env: { ...process.env, ...withoutDevanagariFonts(work) } });
});

test.afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The font files each page downloads, and whether its text (what a person reads) holds Devanagari. */
async function fontsDownloaded(lang: "en" | "hi", urls: string[], baseURL: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: lang === "hi" ? "hi-IN" : "en-IN" });
  const page = await context.newPage();
  const fonts = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.add(new URL(request.url()).pathname.split("/").pop()!);
  });
  for (const url of urls) {
    await gotoHydrated(page, url);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // An English page shows no Devanagari text of its own (what sellers type may be Hindi, and
    // then the font is rightly fetched: these pages show only this test's listing).
    if (lang === "en") expect(await page.evaluate(() => /[\u0900-\u097F]/.test(document.body.innerText)), url).toBe(false);
  }
  await context.close();
  return [...fonts].sort();
}

test("an English page downloads no Devanagari font, and a Hindi page only the Devanagari subset", async ({ createListing, baseURL }) => {
  // Six page loads in a browser of its own: 25 s measured with the machine's load average at 31.
  test.setTimeout(90_000);
  const name = `Fonts Onion ${Date.now()}`;
  const listing = await createListing({ name, category: "nuts-dry-fruits" });
  // Pages that show no other seller's listing (whose name might be in Hindi).
  const pages = ["/login", `/viewmore?q=${encodeURIComponent(name)}`, `/view/${listing.id}`];

  expect(await fontsDownloaded("en", pages, baseURL!)).toEqual([]);

  const hindi = await fontsDownloaded("hi", pages, baseURL!);
  // Regular and bold, each only the Devanagari subset.
  expect(hindi).toHaveLength(2);
  for (const file of hindi) expect(file).toMatch(/^noto-sans-devanagari-devanagari-(400|700)-normal-[\w-]+\.woff2$/);
});
