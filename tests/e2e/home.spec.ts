/**
 * The home page (as the specification describes it): category banner (dropdown and quick links), the category
 * section with View more, the Quick Menu, Fresh recommendations and the footer.
 */
import { expect, gotoHydrated, test, uniqueTag } from "./support/fixtures";

const NO_ITEMS = "No items found.., please search by product category or product name";

const CATEGORIES = [
  { label: "Rice", slug: "rice" },
  { label: "Wheat", slug: "wheat" },
  { label: "Fruits", slug: "fruits" },
  { label: "Vegetables", slug: "vegetables" },
  { label: "Oil seeds", slug: "oil-seeds" },
  { label: "Nuts and Dry fruits", slug: "nuts-dry-fruits" },
] as const;

test("the category dropdown offers ALL CATEGORIES plus the six categories", async ({ page }) => {
  await page.goto("/");
  const select = page.getByLabel("Category", { exact: true });
  await expect(select).toBeVisible();
  await expect(select.getByRole("option")).toHaveText(["ALL CATEGORIES", ...CATEGORIES.map((c) => c.label)], { ignoreCase: true });
  await expect(select.locator("option:checked")).toHaveText("ALL CATEGORIES");
});

test("a listing made with the sell form's 'Vegetable' shows under Vegetables chosen from the dropdown", async ({ page, createListing }) => {
  // 'Vegetable' is how the sell form spells it; the banner says 'Vegetables' (both are the specification's).
  const listing = await createListing({ name: `Bhindi ${uniqueTag()}`, category: "Vegetable", price: "40" });

  await gotoHydrated(page, "/");
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Vegetables" });
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("category") === "vegetables");

  await expect(page.getByRole("heading", { level: 2, name: "Vegetables", exact: true })).toBeVisible();
  const products = page.getByRole("list", { name: "Vegetables products" });
  await expect(products.getByRole("link").filter({ hasText: listing.name })).toBeVisible();
  expect(await products.getByRole("listitem").count()).toBeLessThanOrEqual(8);
  // Every card in the section is a vegetable.
  for (const text of await products.getByRole("listitem").allInnerTexts()) expect(text).toContain("Vegetables");

  const viewMore = page.getByRole("link", { name: "View more in Vegetables" });
  await expect(viewMore).toHaveText("View more");
  await expect(viewMore).toHaveAttribute("href", "/viewmore?category=vegetables");
  await viewMore.click();
  await expect(page).toHaveURL((url) => url.pathname === "/viewmore" && url.searchParams.get("category") === "vegetables");
  await expect(page.getByRole("heading", { level: 1, name: "Vegetables" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Vegetables", exact: true }).getByRole("link").filter({ hasText: listing.name }),
  ).toBeVisible();
});

test("each quick link shows its category's section with its products and a View more link", async ({ page, createListing }) => {
  const tag = uniqueTag();
  const made = [];
  for (const category of CATEGORIES) made.push(await createListing({ name: `QL ${category.slug} ${tag}`, category: category.slug }));

  await gotoHydrated(page, "/");
  const quickLinks = page.getByRole("navigation", { name: "Quick links" });
  await expect(quickLinks.getByRole("link")).toHaveText(CATEGORIES.map((c) => c.label));

  for (const [i, category] of CATEGORIES.entries()) {
    const link = quickLinks.getByRole("link", { name: category.label, exact: true });
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("category") === category.slug);
    await expect(link).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("heading", { level: 2, name: category.label, exact: true })).toBeVisible();
    const products = page.getByRole("list", { name: `${category.label} products` });
    await expect(products.getByRole("link").filter({ hasText: made[i]!.name })).toBeVisible();
    await expect(page.getByRole("link", { name: `View more in ${category.label}` })).toHaveAttribute(
      "href",
      `/viewmore?category=${category.slug}`,
    );
  }
});

test("a tap a busy server turns away says so, and Try again loads the page it was for", async ({ page }) => {
  await gotoHydrated(page, "/");
  // The page's data is turned away once, as a busy server's load shedding answers (decision 038).
  let turnedAway = 0;
  await page.route(/\/_root\.data\?category=rice&/, async (route) => {
    if (turnedAway++) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { "Retry-After": "30", "Content-Type": "text/html; charset=utf-8" },
      body: "<!doctype html><h1>Busy</h1>",
    });
  });
  await page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Rice", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Mandi cannot answer right now" })).toBeVisible();
  await expect(page.getByText("Please try again in a minute.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  const tryAgain = page.getByRole("link", { name: "Try again" });
  await expect(tryAgain).toHaveAttribute("href", "/?category=rice");
  await tryAgain.click();
  await expect(page.getByRole("heading", { level: 2, name: "Rice", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Rice", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  // A whole page load: the data request was not asked again.
  expect(turnedAway).toBe(1);
});

test("the dropdown shows the category chosen with a quick link, and follows Back", async ({ page }) => {
  await gotoHydrated(page, "/");
  const select = page.getByLabel("Category", { exact: true });
  const quickLinks = page.getByRole("navigation", { name: "Quick links" });

  await quickLinks.getByRole("link", { name: "Rice", exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("category") === "rice");
  await expect(select).toHaveValue("rice");

  await quickLinks.getByRole("link", { name: "Oil seeds", exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("category") === "oil-seeds");
  await expect(select).toHaveValue("oil-seeds");

  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get("category") === "rice");
  await expect(page.getByRole("heading", { level: 2, name: "Rice", exact: true })).toBeVisible();
  await expect(select).toHaveValue("rice");
});

test("ALL CATEGORIES shows a section of every category with View more to /viewmore", async ({ page, createListing }) => {
  const listing = await createListing({ name: `Sona Masoori ${uniqueTag()}`, category: "rice" });
  await gotoHydrated(page, "/?category=wheat");
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "ALL CATEGORIES" });
  await expect(page).toHaveURL((url) => url.searchParams.get("category") === "all");
  await expect(page.getByRole("heading", { level: 2, name: "All categories" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "All categories products" }).getByRole("link").filter({ hasText: listing.name }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "View more in All categories" })).toHaveAttribute("href", "/viewmore");
});

test("a category URL with a legacy value such as 'Cars' shows the no-items message, not an error", async ({ page }) => {
  const response = await page.goto("/?category=Cars");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("alert").filter({ hasText: NO_ITEMS })).toHaveText(NO_ITEMS);
  await expect(page.getByRole("link", { name: /^View more in/ })).toHaveCount(0);
});

test("category spellings from the sell form and the banner reach the same section", async ({ page, createListing }) => {
  const listing = await createListing({ name: `Til ${uniqueTag()}`, category: "Oil Seeds" });
  for (const spelling of ["Oil seeds", "Oil Seeds", "oil-seeds"]) {
    await page.goto(`/?category=${encodeURIComponent(spelling)}`);
    await expect(page.getByRole("heading", { level: 2, name: "Oil seeds", exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Oil seeds products" }).getByRole("link").filter({ hasText: listing.name })).toBeVisible();
  }
});

test("Quick Menu lists the oldest products with View more to /viewmore", async ({ page, createListing }) => {
  await createListing({ name: `Quick Menu Potato ${uniqueTag()}` });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Quick Menu" })).toBeVisible();
  const items = page.getByRole("list", { name: "Quick Menu" }).getByRole("listitem");
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeLessThanOrEqual(8);
  const dates = await page
    .getByRole("list", { name: "Quick Menu" })
    .locator("time")
    .evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""));
  expect(dates.length).toBeGreaterThan(0);
  expect(dates).toEqual([...dates].sort());

  const viewMore = page.getByRole("link", { name: "View more products" });
  await expect(viewMore).toHaveText("View more");
  await expect(viewMore).toHaveAttribute("href", "/viewmore?sort=oldest");
  await viewMore.click();
  await expect(page).toHaveURL((url) => url.pathname === "/viewmore");
  await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
  await expect(page.getByRole("list", { name: "All products" }).getByRole("listitem").first()).toBeVisible();
});

test("Fresh recommendations shows the newest products, at most 4", async ({ page, createListing }) => {
  const tag = uniqueTag();
  const made = [];
  for (let i = 1; i <= 5; i++) made.push(await createListing({ name: `Fresh Banana ${tag} ${i}`, category: "fruits" }));

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Fresh recommendations" })).toBeVisible();
  const fresh = page.getByRole("list", { name: "Fresh recommendations" });
  await expect(fresh.getByRole("listitem").first()).toBeVisible();
  expect(await fresh.getByRole("listitem").count()).toBeLessThanOrEqual(4);
  await expect(fresh.getByRole("link").filter({ hasText: made[4]!.name })).toBeVisible();
  // Four listings were made after the first, so it is no longer among the 4 newest.
  await expect(fresh.getByRole("link").filter({ hasText: made[0]!.name })).toHaveCount(0);
});

test("the footer shows popular locations and a copyright line", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Popular locations" })).toBeVisible();
  const locations = footer.getByRole("region", { name: "Popular locations" }).getByRole("listitem");
  await expect(locations).toHaveCount(4);
  await expect(footer.getByText(/^© \d{4} Mandi\b/)).toBeVisible();
  await expect(footer.getByText(`© ${new Date().getFullYear()}`, { exact: false })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "About us" })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Help" })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Legal" })).toBeVisible();
});

test("the header: brand link home, Login link and Sell button for a signed-out visitor", async ({ page }) => {
  await page.goto("/viewmore");
  await page.getByRole("link", { name: "Mandi home" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  const account = page.getByRole("navigation", { name: "Account" });
  await expect(account.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
  await expect(account.getByRole("link", { name: "Sell", exact: true })).toHaveAttribute("href", "/create");
});
