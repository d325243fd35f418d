/**
 * Price insight (issue 23, decision 020) in a real browser at 360 px: /prices/onion with its
 * chart and tables in English and Hindi, without JavaScript, with 0 axe violations; the listing
 * page's standing; the sell form's band as the seller types, and after a refused send without
 * JavaScript.
 */
import type { APIRequestContext, Browser } from "@playwright/test";
import { axeViolations } from "./support/axe";
import {
  createListingWith,
  deleteListings,
  deleteUser,
  expect,
  gotoHydrated,
  logIn,
  logInWith,
  signUpSeller,
  signUpSellerWith,
  test,
  TEST_PLACE,
  type Seller,
} from "./support/fixtures";

test.use({ viewport: { width: 360, height: 760 } });

const sellers: Seller[] = [];
const contexts: APIRequestContext[] = [];
const listingIds: string[] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  const prices = [["18", "24"], ["20", "26"], ["22"]];
  for (const [n, own] of prices.entries()) {
    const request = await playwright.request.newContext({ baseURL });
    contexts.push(request);
    const seller = await signUpSellerWith(request);
    sellers.push(seller);
    await logInWith(request, seller);
    for (const [i, price] of own.entries())
      listingIds.push(
        (await createListingWith(request, { name: `Nashik onion ${n}-${i} ${Date.now().toString(36)}`, price, index: n + i + 1 })).id,
      );
  }
});

test.afterAll(async () => {
  await deleteListings(listingIds);
  for (const seller of sellers) await deleteUser(seller.id);
  for (const request of contexts) await request.dispose();
});

test("/prices/onion shows its chart and tables without JavaScript, with no axe violations", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, bypassCSP: true, viewport: { width: 360, height: 760 } });
  const page = await context.newPage();
  const response = await page.goto("/prices/onion");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Onion prices" })).toBeVisible();
  await expect(page.getByText(/Usual price across India, last 30 days: ₹\d+/)).toBeVisible();
  const chart = page.getByRole("img", { name: /Onion: usual price per kg each week/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("title")).toHaveText("Onion: usual price per kg each week over the last 90 days");
  await expect(chart.locator("desc")).toContainText("Median price per kg");
  await expect(page.getByRole("table", { name: "By state", exact: true })).toContainText("Maharashtra");
  const districts = page.getByRole("table", { name: "By district", exact: true });
  await expect(districts.getByRole("link", { name: `${TEST_PLACE.districtName}, ${TEST_PLACE.stateName}` })).toHaveAttribute(
    "href",
    "/viewmore?q=onion&state=maharashtra&district=nashik",
  );
  // The chart's figures are in a table too. Weeks with too few listings are one row over their
  // span, not a row each (issue 42, item 4): never two such rows in a row, fewer rows than weeks.
  const weeks = await page
    .getByRole("table", { name: /usual price per kg each week/ })
    .locator("tbody tr")
    .allInnerTexts();
  const tooFew = weeks.map((row) => row.includes("Too few listings"));
  expect(
    tooFew.some((empty, i) => empty && tooFew[i - 1]),
    weeks.join("\n"),
  ).toBe(false);
  expect(weeks.length).toBeLessThan(13);
  expect(weeks.at(-1)).toMatch(/₹\d+/);
  // Readable at 360 px: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
  expect(await axeOf(browser, "/prices/onion", "en-IN")).toEqual([]);
});

test("/prices/onion in Hindi, without JavaScript, with no axe violations", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    bypassCSP: true,
    locale: "hi-IN",
    viewport: { width: 360, height: 760 },
  });
  const page = await context.newPage();
  await page.goto("/prices/onion");
  await expect(page.getByRole("heading", { level: 1, name: "प्याज के दाम" })).toBeVisible();
  await expect(page.getByRole("img", { name: /प्याज: पिछले 90 दिनों में/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "राज्य के अनुसार", exact: true })).toContainText("महाराष्ट्र");
  await expect(page.getByRole("table", { name: "ज़िले के अनुसार", exact: true })).toContainText("नासिक");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
  expect(await axeOf(browser, "/prices/onion", "hi-IN")).toEqual([]);
});

/** axe runs as a script, so it scans the same server-rendered page in a context with JavaScript. */
async function axeOf(browser: Browser, path: string, locale: string): Promise<string[]> {
  const context = await browser.newContext({ bypassCSP: true, locale, viewport: { width: 360, height: 760 } });
  const page = await context.newPage();
  await gotoHydrated(page, path);
  const violations = await axeViolations(page);
  await context.close();
  return violations;
}

test("/prices lists the produce; an unknown produce is a kind 404", async ({ page }) => {
  await page.goto("/prices");
  await expect(page.getByRole("link", { name: /^Onion/ })).toHaveAttribute("href", "/prices/onion");
  const missing = await page.goto("/prices/%3Cscript%3Ealert(1)%3C%2Fscript%3E");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("We could not find prices for that produce.", { exact: false })).toBeVisible();
  await expect(page.locator("text=<script>")).toHaveCount(0);
});

test("a listing's page says where its price stands and links to the price page", async ({ page }) => {
  await page.goto(`/view/${listingIds[0]}`);
  const standing = page.getByTestId("price-standing");
  await expect(standing).toContainText(/% below the usual price in Nashik|About the usual price in Nashik/);
  await expect(standing.getByRole("link", { name: "Onion prices" })).toHaveAttribute("href", "/prices/onion");
  // A full sentence, then the link on a line of its own: never "…in Nashik Onion prices" (issue 42).
  expect(await standing.innerText()).toMatch(/in Nashik\.\nOnion prices$/);
});

test("the sell form shows the band as the seller types, in their unit", async ({ page }) => {
  const seller = await signUpSeller(page);
  sellers.push(seller);
  await logIn(page, seller);
  await gotoHydrated(page, "/create");
  await page.getByLabel("Name", { exact: true }).fill("Red pyaz");
  const note = page.getByTestId("price-insight");
  await expect(note).toContainText(/Onion (near|across) .*last 30 days: most between ₹\d+ and ₹\d+ a kg \(\d+ listings\)/);
  await page.getByLabel("Sold by", { exact: true }).selectOption("quintal");
  await expect(note).toContainText(/In your unit: ₹[\d,]+–[\d,]+ \/ quintal/);
  await expect(note.getByRole("link", { name: "Onion prices" })).toHaveAttribute("href", "/prices/onion");
});

test("without JavaScript the band shows after a refused send", async ({ page }) => {
  const seller = await signUpSeller(page);
  sellers.push(seller);
  await logIn(page, seller);
  const refused = await page.request.post("/create", {
    multipart: {
      name: "Kanda",
      category: "vegetables",
      price: "21",
      unit: "quintal",
      description: "",
      state: TEST_PLACE.state,
      district: TEST_PLACE.district,
    },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  const html = await refused.text();
  expect(html).toMatch(/Onion near Nashik, last 30 days: most between ₹\d+ and ₹\d+ a kg/);
  expect(html).toMatch(/\/ quintal/);
});
