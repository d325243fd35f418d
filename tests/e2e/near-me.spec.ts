/**
 * "Nearest first" (issue 24 §5, decision 024): from a district chosen in a select (with and
 * without JavaScript), or from the phone's position after a tap on "Near me"; cards say how far
 * each listing is, in English and Hindi; axe finds nothing at 360 px.
 */
import type { Page } from "@playwright/test";
import { distanceKm, roughDistanceText } from "../../core/locations/distance";
import { districtCentre } from "../../core/locations/centres";
import { axeViolations } from "./support/axe";
import { createBackdatedListings, expect, openSellerContext, test, uniqueTag } from "./support/fixtures";
import { en, hi } from "./support/catalogues";

const tag = uniqueTag();
const prefix = `Nearby ${tag}`;
// Made oldest first: so "newest first" puts Patna's at the top, and nearest first must not.
const PLACES = [
  { name: `${prefix} nashik`, state: "maharashtra", district: "nashik" },
  { name: `${prefix} pune`, state: "maharashtra", district: "pune" },
  { name: `${prefix} patna`, state: "bihar", district: "patna" },
] as const;

let dispose: () => Promise<void> = async () => {};

test.beforeAll(async ({ browser }) => {
  const session = await openSellerContext(browser);
  dispose = session.dispose;
  await createBackdatedListings(session.context.request, PLACES.length, (i) => ({
    name: PLACES[i]!.name,
    category: "vegetables",
    price: "30",
    more: { state: PLACES[i]!.state, district: PLACES[i]!.district },
  }));
});

test.afterAll(async () => {
  await dispose();
});

const search = `/viewmore?q=${encodeURIComponent(prefix)}`;
const cards = (page: Page) => page.getByRole("list", { name: `Results for “${prefix}”` }).getByRole("listitem");
const names = (page: Page) => page.getByRole("list", { name: `Results for “${prefix}”` }).getByRole("heading", { level: 3 });
const far = (from: [string, string], to: [string, string], lang: "en" | "hi") =>
  roughDistanceText(distanceKm(districtCentre(...from)!, districtCentre(...to)!), {
    nearby: (lang === "hi" ? hi : en).near.nearby,
    about: (km) => (lang === "hi" ? hi : en).near.about.replace("{{km}}", km),
  });

test("choose a district: nearest first, with the rough distance on each card", async ({ page }) => {
  await page.goto(search);
  await expect(names(page)).toHaveText([`${prefix} patna`, `${prefix} pune`, `${prefix} nashik`]);
  await page.waitForFunction(() => Object.keys(document.querySelector("#sort") ?? {}).some((k) => k.startsWith("__reactProps")));
  await page.getByLabel("Sort", { exact: true }).selectOption("near");
  await expect(page.getByText("Choose a district to see the nearest listings first.")).toBeVisible();
  await page.getByLabel("Nearest to").selectOption("maharashtra/nashik");
  await page.getByRole("button", { name: "Show", exact: true }).last().click();
  await expect(page).toHaveURL((url) => url.searchParams.get("from") === "maharashtra/nashik" && url.searchParams.get("sort") === "near");
  await expect(page.getByText("Nearest to Nashik first")).toBeVisible();
  await expect(names(page)).toHaveText([`${prefix} nashik`, `${prefix} pune`, `${prefix} patna`]);
  await expect(cards(page).nth(0)).toContainText("nearby · Nashik, Maharashtra");
  await expect(cards(page).nth(1)).toContainText(`${far(["maharashtra", "nashik"], ["maharashtra", "pune"], "en")} · Pune, Maharashtra`);
  await expect(cards(page).nth(2)).toContainText(`${far(["maharashtra", "nashik"], ["bihar", "patna"], "en")} · Patna, Bihar`);
});

test("a whole nearest-first page leaves the districts out of its data; its select works once hydrated", async ({ page }) => {
  await page.goto(`${search}&sort=near&from=maharashtra/nashik`);
  const select = page.getByLabel("Nearest to");
  await page.waitForFunction(() => Object.keys(document.querySelector("#from") ?? {}).some((k) => k.startsWith("__reactProps")));
  // The server drew every district (a static island, decision 039); the page's data does not repeat them
  // (a district of Tamil Nadu, far from any filter here).
  const optionCount = () => select.locator("option").count();
  expect(await optionCount()).toBeGreaterThan(700);
  await expect(select).toHaveValue("maharashtra/nashik");
  expect(await page.evaluate(() => [...document.scripts].some((script) => script.textContent?.includes("Tirunelveli")))).toBe(false);
  await select.selectOption("maharashtra/pune");
  await page.getByRole("button", { name: "Show", exact: true }).last().click();
  await expect(page).toHaveURL((url) => url.searchParams.get("from") === "maharashtra/pune");
  await expect(page.getByText("Nearest to Pune first")).toBeVisible();
  await expect(names(page)).toHaveText([`${prefix} pune`, `${prefix} nashik`, `${prefix} patna`]);
  // After a navigation React draws the select from the navigation's data: still every district.
  await expect(select).toHaveValue("maharashtra/pune");
  expect(await optionCount()).toBeGreaterThan(700);
});

test.describe("Near me, with the position allowed", () => {
  // Patna's railway station, as the phone would report it.
  test.use({ geolocation: { latitude: 25.6027, longitude: 85.1378 }, permissions: ["geolocation"] });

  test("asks only on a tap, and sorts from the nearest district without keeping the position", async ({ page }) => {
    await page.goto(`${search}&sort=near`);
    const nearMe = page.getByRole("button", { name: "Near me" });
    await expect(nearMe).toBeVisible();
    await nearMe.click();
    await expect(page).toHaveURL((url) => url.searchParams.get("from") === "bihar/patna");
    // The position went once to the server, which turned it into a district: the link keeps none.
    expect(new URL(page.url()).searchParams.has("lat")).toBe(false);
    expect(new URL(page.url()).searchParams.has("lon")).toBe(false);
    await expect(names(page)).toHaveText([`${prefix} patna`, `${prefix} nashik`, `${prefix} pune`]);
    await expect(cards(page).nth(0)).toContainText("nearby · Patna, Bihar");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sort and the district select work as plain forms", async ({ page }) => {
    await page.goto(search);
    await page.getByLabel("Sort", { exact: true }).selectOption("near");
    await page.getByRole("button", { name: "Show", exact: true }).first().click();
    await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "near");
    // No JavaScript, no position: no "Near me" button, only the select.
    await expect(page.getByRole("button", { name: "Near me" })).toHaveCount(0);
    await page.getByLabel("Nearest to").selectOption("maharashtra/pune");
    await page.getByRole("button", { name: "Show", exact: true }).last().click();
    await expect(names(page)).toHaveText([`${prefix} pune`, `${prefix} nashik`, `${prefix} patna`]);
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === prefix && url.searchParams.get("from") === "maharashtra/pune");
  });
});

test.describe("axe-core at 360 px", () => {
  test.use({ bypassCSP: true });

  test("the nearest-first page has no violations", async ({ page }) => {
    await page.goto(`${search}&sort=near&from=maharashtra/nashik`);
    await expect(names(page)).toHaveCount(3);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe("in Hindi", () => {
  test.use({ locale: "hi-IN", extraHTTPHeaders: { "Accept-Language": "hi-IN,hi;q=0.9" } });

  test("says the sort, the place and the distances in Hindi", async ({ page }) => {
    await page.goto(`${search}&sort=near&from=maharashtra/nashik`);
    await expect(page.getByText("नासिक के सबसे पास पहले")).toBeVisible();
    await expect(page.getByLabel("किसके पास")).toHaveValue("maharashtra/nashik");
    const list = page.getByRole("list").filter({ has: page.getByRole("heading", { level: 3, name: `${prefix} nashik` }) });
    await expect(list.getByRole("listitem").nth(0)).toContainText("पास में · नासिक, महाराष्ट्र");
    await expect(list.getByRole("listitem").nth(1)).toContainText(
      `${far(["maharashtra", "nashik"], ["maharashtra", "pune"], "hi")} · पुणे, महाराष्ट्र`,
    );
  });
});
