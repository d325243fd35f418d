/**
 * Issue 23's "done when" for the government's mandi rates (decision 021): with the sample file in
 * the open-data CSV format imported by `npm run prices:import`, a listing of onions in Nashik shows
 * that day's Lasalgaon rate per kg, with its market, date and source, in English and in Hindi, at
 * 360 px with no axe violations; the edit form shows it beside the price, and so does the sell
 * form sent without a photo (no JavaScript).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { E2E_DATABASE_URL, E2E_DATA_DIR } from "../../playwright.config";
import { axeViolations } from "./support/axe";
import { expect, fillPlace, gotoHydrated, test, uniqueTag } from "./support/fixtures";

const SAMPLE = "docs/samples/mandi-rates-sample.csv";
// The sample's Lasalgaon onion on its latest day: ₹1,900–2,300, modal ₹2,150 a quintal.
const SAMPLE_DAY = "2026-11-24";
const daysSinceSample = () =>
  Math.round((Date.parse(new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)) - Date.parse(SAMPLE_DAY)) / 86_400_000);

test.use({ bypassCSP: true });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/prices-import.ts", "--", SAMPLE], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: E2E_DATABASE_URL,
      AUTH_SECRET: "e2e-import-only-secret-never-used-to-sign",
      LOG_LEVEL: "silent",
    },
  });
  expect(stdout).toMatch(/Read 13 records in [\d.]+ s, daily prices CSV/);
});

test("a listing of onions in Nashik shows that day's Lasalgaon rate per kg, with market, date and source", async ({
  createListing,
  browser,
}) => {
  const listing = await createListing({ name: `Nashik red onion ${uniqueTag()}`, category: "vegetables", price: "24" });
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 760 } });
  const page = await context.newPage();
  try {
    await page.goto(`/view/${listing.id}`);
    const rate = page.getByTestId("mandi-rate");
    await expect(rate).toContainText("Government mandi rate, Lasalgaon (Nashik), 24 Nov 2026: ₹21.50 / kg (₹19–23)");
    await expect(rate.getByRole("link", { name: "Source: AGMARKNET / data.gov.in" })).toBeVisible();
    // Never passed off as today's price: past a week it says when it was reported.
    if (daysSinceSample() > 7) await expect(rate).toContainText(`Reported ${daysSinceSample()} days ago, on 24 Nov 2026`);
    else await expect(rate).not.toContainText("Reported");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await context.close();
  }
});

test("in Hindi too, with no axe violations", async ({ createListing, browser }) => {
  const listing = await createListing({ name: `Pyaz ${uniqueTag()}`, category: "vegetables", price: "24" });
  const context = await browser.newContext({ locale: "hi-IN", bypassCSP: true, viewport: { width: 360, height: 760 } });
  const page = await context.newPage();
  try {
    await page.goto(`/view/${listing.id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    const rate = page.getByTestId("mandi-rate");
    await expect(rate).toContainText("सरकारी मंडी भाव, Lasalgaon (नासिक), 24 नव॰ 2026: ₹21.50 / किलो (₹19–23)");
    await expect(rate).toContainText("स्रोत: AGMARKNET / data.gov.in");
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a market named as its district is named once: Nashik, not Nashik (Nashik); in Hindi our district's name beside it", async ({
  createListing,
  browser,
}) => {
  const listing = await createListing({ name: `Nashik tomato ${uniqueTag()}`, category: "vegetables", price: "18" });
  for (const [locale, line] of [
    ["en-IN", /Government mandi rate, Nashik, \d+ \w+ 2026: ₹/],
    ["hi-IN", /सरकारी मंडी भाव, Nashik \(नासिक\), \d+ \S+ 2026: ₹/],
  ] as const) {
    const context = await browser.newContext({ locale, bypassCSP: true, viewport: { width: 360, height: 760 } });
    const page = await context.newPage();
    try {
      await page.goto(`/view/${listing.id}`);
      await expect(page.getByTestId("mandi-rate")).toContainText(line);
      await expect(page.getByTestId("mandi-rate")).not.toContainText("Nashik (Nashik)");
    } finally {
      await context.close();
    }
  }
});

test("a produce with no rate in its state shows none", async ({ createListing, page }) => {
  const listing = await createListing({ name: `Dragon fruit ${uniqueTag()}`, category: "fruits", price: "120" });
  await page.goto(`/view/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("mandi-rate")).toHaveCount(0);
});

test("the edit form shows the rate beside the price, and the sell form does after a refused send without JavaScript", async ({
  createListing,
  page,
  browser,
  seller,
}) => {
  const listing = await createListing({ name: `Onion ${uniqueTag()}`, category: "vegetables", price: "24" });
  await page.goto(`/my/listings/${listing.id}/edit`);
  await expect(page.getByTestId("mandi-rate")).toContainText("Lasalgaon (Nashik), 24 Nov 2026: ₹21.50 / kg");

  // The same seller, without JavaScript: a send with no photo is refused, and the rate shows for what was chosen.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await context.newPage();
  try {
    await plain.goto("/create");
    await expect(plain.getByTestId("mandi-rate")).toHaveCount(0);
    await plain.getByLabel("Name", { exact: true }).fill(`Kanda ${seller.name}`);
    await plain.getByLabel("Category", { exact: true }).selectOption({ label: "Vegetable" });
    await plain.getByLabel("Price (₹ per kg)", { exact: true }).fill("24");
    await plain.getByLabel("Description", { exact: true }).fill("Red onion, this week's harvest");
    await fillPlace(plain);
    await plain.getByRole("button", { name: /Submit/ }).click();
    await expect(plain.getByTestId("mandi-rate")).toContainText(
      "Government mandi rate, Lasalgaon (Nashik), 24 Nov 2026: ₹21.50 / kg (₹19–23)",
    );
  } finally {
    await context.close();
  }
});

test("with JavaScript the sell form's rate follows the produce and place as the seller chooses", async ({ page, seller }) => {
  await gotoHydrated(page, "/create");
  await expect(page.getByTestId("mandi-rate")).toHaveCount(0);
  await page.getByLabel("Name", { exact: true }).fill(`Pyaz from ${seller.name}`);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Vegetable" });
  await fillPlace(page);
  await expect(page.getByTestId("mandi-rate")).toContainText(
    "Government mandi rate, Lasalgaon (Nashik), 24 Nov 2026: ₹21.50 / kg (₹19–23)",
  );
  // Another produce, with no rate in Maharashtra: the note goes.
  await page.getByLabel("Name", { exact: true }).fill("Dragon fruit");
  await expect(page.getByTestId("mandi-rate")).toHaveCount(0);
});

test("the rate's JSON endpoint reads its query with a schema: a bad one is a 400, never a 500", async ({ request }) => {
  const good = await request.get("/api/mandi-rate?name=onion&category=vegetables&state=maharashtra&district=nashik");
  expect(good.status()).toBe(200);
  expect((await good.json()).rate).toMatchObject({
    market: "Lasalgaon",
    arrivalDate: "2026-11-24",
    modalPerKg: 2150,
    minPerKg: 1900,
    maxPerKg: 2300,
  });
  expect((await request.get(`/api/mandi-rate?name=${"x".repeat(500)}`)).status()).toBe(400);
  expect((await (await request.get("/api/mandi-rate?name=%3Cscript%3E&state=%00")).json()).rate).toBeNull();
});

// Decision 050: a district's several markets on one day, every market's rate on its own page.
test("the markets page lists each market's rate that day, the main mandi marked, without JavaScript, in English and Hindi", async ({
  browser,
}) => {
  for (const [locale, words] of [
    ["en-IN", { title: "Onion mandi rates in Nashik", summary: "Median of 2 markets: ₹21.50 / kg (₹21–22)", main: "main mandi" }],
    ["hi-IN", { title: "नासिक में प्याज के मंडी भाव", summary: "2 मंडियों का मध्य भाव: ₹21.50 / किलो (₹21–22)", main: "मुख्य मंडी" }],
  ] as const) {
    const context = await browser.newContext({ locale, javaScriptEnabled: false, viewport: { width: 360, height: 760 } });
    const page = await context.newPage();
    try {
      const answer = await page.goto("/prices/onion/markets/maharashtra/nashik?date=2026-11-23");
      expect(answer?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.title);
      await expect(page.getByTestId("markets-summary")).toHaveText(words.summary);
      const rows = page.getByTestId("markets-table").locator("tbody tr");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText("Lasalgaon");
      await expect(rows.nth(0)).toContainText(words.main);
      await expect(rows.nth(0)).toContainText("₹21");
      await expect(rows.nth(1)).toContainText("Pimpalgaon");
      await expect(rows.nth(1)).toContainText("₹22");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
    // axe runs in the page, so in a context with JavaScript.
    const withScripts = await browser.newContext({ locale, bypassCSP: true, viewport: { width: 360, height: 760 } });
    const checked = await withScripts.newPage();
    await gotoHydrated(checked, "/prices/onion/markets/maharashtra/nashik?date=2026-11-23");
    expect(await axeViolations(checked)).toEqual([]);
    await withScripts.close();
  }
});

test("the markets page says so on a day with no rates, and a place it does not know is a 404", async ({ page }) => {
  await page.goto("/prices/onion/markets/maharashtra/nashik?date=2026-10-01");
  await expect(page.getByText("No mandi rates for Onion in Nashik on that day.")).toBeVisible();
  expect((await page.goto("/prices/onion/markets/maharashtra/atlantis"))?.status()).toBe(404);
  expect((await page.goto(`/prices/onion/markets/maharashtra/nashik?date=${"9".repeat(3000)}`))?.status()).toBe(200);
});
