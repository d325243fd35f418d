/**
 * `npm run build && npx tsx scripts/screenshots/listing-contact.ts`
 *
 * A listing's page at 360×640 in English and Hindi (issue 42, item 3; decision 053), on the
 * production server and a freshly seeded demo market, written to docs/screenshots/:
 * - listing-contact-360-<lang>.png: the first screen, Call and WhatsApp in the bar at its foot;
 * - listing-contact-360-<lang>-end.png: the page scrolled to its end, the footer clear of the bar.
 */
import { chromium } from "@playwright/test";
import { startDemoServer } from "./demo-server";

const OUT = "docs/screenshots";
const { app, stop } = await startDemoServer(Number(process.env.PORT ?? 4488));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const { lang, locale } of [
    { lang: "en", locale: "en-IN" },
    { lang: "hi", locale: "hi-IN" },
  ]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, locale });
    const page = await context.newPage();
    await page.goto(`${app}/viewmore?q=onion`, { waitUntil: "networkidle" });
    const href = await page.locator("main li a[href^='/view/']").first().getAttribute("href");
    await page.goto(`${app}${href}`, { waitUntil: "networkidle" });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/listing-contact-360-${lang}.png` });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/listing-contact-360-${lang}-end.png` });
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}
