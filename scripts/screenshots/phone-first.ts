/**
 * `npm run build && npx tsx scripts/screenshots/phone-first.ts`
 *
 * Every screen issue 26 changed, at 360×640 in English and Hindi (decision 018), on the
 * production server and a freshly seeded demo market, written to docs/screenshots/:
 * - header-360-<lang>.png: the header (on English pages "हिन्दी" is drawn from outlines);
 * - viewmore-360-<lang>.png and viewmore-filters-open-360-<lang>.png: a search with filters on,
 *   its first results above the fold, and the Filters panel open;
 * - places-<lang>-360-search.png and places-<lang>-360-listing.png: a search for Nashik (in Hindi
 *   "नासिक") and a Nashik listing's page, places named in the page's language;
 * - voice-search-360-<lang>{,-listening,-heard,-denied}.png: the microphone, listening, what was
 *   heard with its suggestions, and a refused microphone, with the browser's recognizer replaced
 *   by the tests' stand-in (tests/e2e/support/fake-speech.ts).
 */
import { chromium, type Page } from "@playwright/test";
import { installRecognizer, nextPlan } from "../../tests/e2e/support/fake-speech";
import { startDemoServer } from "./demo-server";

const LANGS = [
  { lang: "en", locale: "en-IN", place: "Nashik", spoken: "gehun" },
  { lang: "hi", locale: "hi-IN", place: "नासिक", spoken: "गेहूं" },
] as const;
const OUT = "docs/screenshots";

const { app, stop } = await startDemoServer(Number(process.env.PORT ?? 4487));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const { lang, locale, place, spoken } of LANGS) {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, locale });
    const page = await context.newPage();
    page.on("pageerror", (error) => console.log(`[${lang} page error] ${error.message}`));
    // tsx (esbuild's keepNames) wraps named functions in __name(), which the stand-in's code,
    // serialized into the page, then calls: the page needs one too.
    await page.addInitScript("globalThis.__name = (target) => target;");
    await installRecognizer(page, { hold: true });
    const open = async (url: string) => {
      await page.goto(`${app}${url}`, { waitUntil: "networkidle" });
      await settle(page);
    };
    const shot = (name: string) => page.screenshot({ path: `${OUT}/${name}` });

    await open("/");
    await page.getByRole("banner").screenshot({ path: `${OUT}/header-360-${lang}.png` });

    await open("/viewmore?q=onion&category=vegetables&state=maharashtra&district=nashik&min=10&max=60");
    await shot(`viewmore-360-${lang}.png`);
    await page.locator("summary").click();
    await settle(page);
    await shot(`viewmore-filters-open-360-${lang}.png`);

    await open(`/viewmore?q=${encodeURIComponent(place)}`);
    const card = page.locator("main li a[href^='/view/']").first();
    await card.scrollIntoViewIfNeeded();
    await shot(`places-${lang}-360-search.png`);
    await open((await card.getAttribute("href"))!);
    await page.locator("dl").scrollIntoViewIfNeeded();
    await shot(`places-${lang}-360-listing.png`);

    await open("/");
    const mic = page.locator("header button[aria-pressed]");
    await mic.waitFor();
    await shot(`voice-search-360-${lang}.png`);
    await mic.click();
    await page.locator("header [role=status]").waitFor();
    await shot(`voice-search-360-${lang}-listening.png`);
    await mic.click();
    await page.locator("header [role=status]").waitFor({ state: "detached" });
    await nextPlan(page, { say: [spoken] });
    await mic.click();
    await page.locator("header [role=listbox]").waitFor();
    await settle(page);
    await shot(`voice-search-360-${lang}-heard.png`);
    await nextPlan(page, { error: "not-allowed" });
    await mic.click();
    await page.locator("header [role=alert]").waitFor();
    await settle(page);
    await shot(`voice-search-360-${lang}-denied.png`);

    console.log(`${lang}: written to ${OUT}/`);
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}

/** Lets fonts and photos finish drawing. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() =>
    document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))),
  );
}
