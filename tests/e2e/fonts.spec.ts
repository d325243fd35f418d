/**
 * Fonts on a phone that has no Devanagari font of its own (fontconfig told to refuse every
 * installed font with Devanagari in its name, as scripts/bench/lighthouse.ts
 * --no-system-devanagari does): an English page downloads no Devanagari font (the header's
 * "हिन्दी" is drawn from outlines), and a Hindi page downloads only Mandi's Devanagari subset of
 * Noto Sans Devanagari (app/fonts.css, app/fonts/, decision 033), never a Latin one nor
 * fontsource's larger file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Request } from "@playwright/test";
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

interface Downloaded {
  file: string;
  bytes: number;
}

/**
 * The font files the pages download, in one browser context. `ownTextOnly`: the pages show no
 * text but the interface's and this test's, so an English one must show no character the
 * Devanagari face covers and download no font. Other pages may show what another test's seller
 * typed (in Hindi, or with a joiner): an English one may then download the font, as it must to be
 * readable, but only if one of them showed such a character at some moment of its life. That is
 * asked of the pages together: a card shown only for a moment, or a font asked for as the next
 * page starts, would otherwise be laid at the wrong page's door.
 */
async function fontsDownloaded(lang: "en" | "hi", urls: string[], baseURL: string, ownTextOnly: boolean): Promise<Downloaded[]> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: lang === "hi" ? "hi-IN" : "en-IN" });
  // Whether the page ever showed a character of app/fonts.css's unicode-range for the face, as
  // parsed and after every change (hydration, revalidation).
  await context.addInitScript(() => {
    const covered = /[\u0900-\u097F\u200C\u200D\u25CC]/;
    const seen = window as unknown as { __coveredText?: string };
    const look = () => {
      const text = document.body?.innerText ?? "";
      const at = text.search(covered);
      if (at >= 0) seen.__coveredText ??= text.slice(Math.max(0, at - 20), at + 20);
    };
    document.addEventListener("DOMContentLoaded", () => {
      look();
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  });
  const page = await context.newPage();
  const requests: Request[] = [];
  let thisPage: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() !== "font") return;
    requests.push(request);
    thisPage.push(new URL(request.url()).pathname.split("/").pop()!);
  });
  const shown: string[] = [];
  for (const url of urls) {
    thisPage = [];
    await gotoHydrated(page, url);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const covered = await page.evaluate(() => (window as unknown as { __coveredText?: string }).__coveredText ?? null);
    if (covered !== null) shown.push(`${url}: …${covered}…`);
    if (lang === "en" && ownTextOnly) {
      expect(covered, `${url} shows a character the Devanagari font covers`).toBeNull();
      expect(thisPage, `${url} downloaded a font`).toEqual([]);
    }
  }
  const fonts = new Map<string, number>();
  for (const request of requests) {
    await (await request.response())?.finished();
    fonts.set(new URL(request.url()).pathname.split("/").pop()!, (await request.sizes()).responseBodySize);
  }
  await context.close();
  const downloaded = [...fonts].map(([file, bytes]) => ({ file, bytes })).sort((a, b) => a.file.localeCompare(b.file));
  if (lang === "en" && !shown.length) expect(downloaded, `${urls.join(", ")} showed no character the font covers`).toEqual([]);
  return downloaded;
}

test("an English page downloads no Devanagari font, and a Hindi page only Mandi's Devanagari subset", async ({
  createListing,
  baseURL,
}) => {
  // Fourteen page loads in a browser of its own: 25 s measured for six with the machine's load average at 31.
  test.setTimeout(150_000);
  const name = `Fonts Onion ${Date.now()}`;
  const listing = await createListing({ name, category: "nuts-dry-fruits" });
  // Pages that show no other seller's listing (whose name might be in Hindi).
  const ownTextOnly = ["/login", "/signup", "/prices", `/viewmore?q=${encodeURIComponent(name)}`, `/view/${listing.id}`];
  // Pages that show everyone's listings.
  const shared = ["/", "/viewmore"];

  expect(await fontsDownloaded("en", ownTextOnly, baseURL!, true)).toEqual([]);
  await fontsDownloaded("en", shared, baseURL!, false);

  const hindi = await fontsDownloaded("hi", ownTextOnly, baseURL!, true);
  // Regular and bold, each Mandi's subset (app/fonts/), 39–43 KB each: not fontsource's 49–53 KB file.
  expect(hindi.map((font) => font.file.replace(/-[\w-]{8}\.woff2$/, ""))).toEqual([
    "noto-sans-devanagari-hindi-400",
    "noto-sans-devanagari-hindi-700",
  ]);
  for (const font of hindi) expect(font.bytes, font.file).toBeLessThan(45 * 1024);
});
