/**
 * Issue 42 at 360 px, English and Hindi, on a server of its own (so its market is empty at first,
 * whatever other specs list): an empty market's home page offers to save the search the header
 * sent it (with and without JavaScript); then, after `npm run seed`, every footer entry leads to a
 * page with something on it (the four cities' listings, Terms of use, privacy, prices), the home
 * page links the prices, and onion has a usual price. Captures the changed screens.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { MESSAGES } from "../../core/i18n/messages";
import { POPULAR_LOCATIONS } from "../../core/locations/popular";
import { startAppProcess, TEST_AUTH_SECRET, type AppProcess } from "../support/app-process";
import { closedPort } from "../support/test-smtp-server";
import { axeViolations } from "./support/axe";
import { en, hi } from "./support/catalogues";

test.use({ viewport: { width: 360, height: 640 } });
test.describe.configure({ mode: "serial" });

let app: AppProcess;
let dataDir: string;
const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${dataDir}/mandi.sqlite` });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(`${E2E_DATA_DIR}-demo-market-`);
  app = await startAppProcess({ port: await closedPort(), env: env() });
});

test.afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const LANGS = [
  { lang: "en", locale: "en-IN", words: en },
  { lang: "hi", locale: "hi-IN", words: hi },
] as const;

async function open(browser: Browser, locale: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ locale, javaScriptEnabled, bypassCSP: true, viewport: { width: 360, height: 640 } });
  return context.newPage();
}

for (const { lang, locale, words } of LANGS)
  for (const javaScriptEnabled of [true, false])
    test(`an empty market offers to save the header's search (${lang}, ${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
      browser,
    }) => {
      // A fresh browser, an axe scan and four page loads: measured at about 40 s on the busy machine.
      test.setTimeout(120_000);
      const page = await open(browser, locale, javaScriptEnabled);
      await page.goto(`${app.url}/`);
      const box = page.getByRole("combobox", { name: words.search.byName });
      await box.fill("onion");
      await box.press("Enter");
      await expect(page).toHaveURL(
        (url) => url.pathname === "/" && new URLSearchParams(url.searchParams.get("asked") ?? "").get("q") === "onion",
      );
      await expect(page.getByRole("heading", { name: words.home.emptyTitle })).toBeVisible();
      await expect(page.getByText(words.home.emptyAsked.replace("{{q}}", "onion"))).toBeVisible();
      // axe runs as a script: with JavaScript; the page without it is captured.
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      else await page.screenshot({ path: `docs/screenshots/home-empty-save-search-360-${lang}.png`, fullPage: true });
      await page.getByRole("button", { name: words.alerts.save }).click();
      // Signed out: log in first, then the page that confirms the search, with the search kept.
      await expect(page).toHaveURL((url) => url.pathname === "/login" && (url.searchParams.get("redirectTo") ?? "").includes("q=onion"));

      // With no search asked, the empty home page asks what to look out for.
      await page.goto(`${app.url}/`);
      await page.getByRole("searchbox", { name: words.home.emptyWant }).fill("tamatar");
      await page.getByRole("button", { name: words.alerts.save }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/login" && (url.searchParams.get("redirectTo") ?? "").includes("q=tamatar"));
      await page.context().close();
    });

test("after npm run seed, every footer entry leads to a page with something on it, in English and Hindi", async ({ browser }) => {
  test.setTimeout(900_000);
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  await promisify(execFile)(process.execPath, [tsx, "scripts/seed.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "silent", AUTH_SECRET: TEST_AUTH_SECRET, ...env() },
  });
  for (const { lang, locale, words } of LANGS) {
    const page = await open(browser, locale, true);
    await page.goto(`${app.url}/`);
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    await footer.screenshot({ path: `docs/screenshots/footer-360-${lang}.png` });

    for (const place of POPULAR_LOCATIONS) {
      await page.goto(`${app.url}/`);
      await footer.getByRole("link", { name: lang === "hi" ? place.hindiLabel : place.label, exact: true }).click();
      await expect(page.getByText(MESSAGES.noItems)).toHaveCount(0);
      await expect(page.locator('main a[href^="/view/"]').first(), place.label).toBeVisible();
    }

    await page.goto(`${app.url}/`);
    await footer.getByRole("link", { name: words.footer.terms }).click();
    await expect(page).toHaveURL(`${app.url}/terms`);
    await expect(page.getByRole("heading", { level: 1, name: words.terms.title })).toBeVisible();
    await expect(page.getByText(words.terms.deals)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `docs/screenshots/terms-360-${lang}.png`, fullPage: true });

    await page.goto(`${app.url}/`);
    await footer.getByRole("link", { name: words.footer.privacy }).click();
    await expect(page).toHaveURL(`${app.url}/terms#privacy`);
    await expect(page.getByRole("heading", { name: words.terms.privacyTitle })).toBeVisible();

    await page.goto(`${app.url}/`);
    await footer.getByRole("link", { name: words.footer.prices }).click();
    await expect(page).toHaveURL(`${app.url}/prices`);

    // The home page links the prices, and the README's first search has a usual price.
    await page.goto(`${app.url}/`);
    await page.getByRole("main").getByRole("link", { name: words.home.prices }).click();
    await expect(page).toHaveURL(`${app.url}/prices`);
    await page.goto(`${app.url}/prices/onion`);
    await expect(page.getByText(words.priceInsight.notEnoughIndia.split("{{")[0]!)).toHaveCount(0);
    // The seed's mandi rates are there, and said plainly to be made up, never the government's.
    const rates = page.getByTestId("government-rates");
    await expect(rates.getByRole("heading", { level: 2 })).toHaveText(words.mandiRate.demo.title);
    await expect(rates.getByTestId("mandi-rate-demo")).toHaveText(words.mandiRate.demo.source);
    await expect(rates.getByRole("link", { name: /AGMARKNET/ })).toHaveCount(0);
    await expect(page.getByTestId("government-trend")).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/prices-demo-rates-360-${lang}.png`, fullPage: true });
    await page.goto(`${app.url}/prices/onion/markets/maharashtra/nashik`);
    await expect(page.getByTestId("markets-table").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("mandi-rate-demo")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  }
});
