/**
 * Search (the specification's search behaviour and limits): the header product-name box with suggestions (at most
 * 15, keyboard and mouse), its no-match message and clear button; the name-or-category box with
 * its Search button, results on /viewmore and the no-items message.
 */
import type { Page } from "@playwright/test";
import {
  createBackdatedListings,
  expect,
  gotoHydrated,
  holdScript,
  openSellerContext,
  test,
  uniqueTag,
  waitForHydration,
  type CreatedListing,
} from "./support/fixtures";

const NO_ITEMS = "No items found.., please search by product category or product name";
const NO_ITEMS_BY_NAME = "No items found...please search by product name";

const productBox = (page: Page) => page.getByRole("combobox", { name: "Search products by name" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggested products" });
const catalogueBox = (page: Page) => page.getByRole("searchbox", { name: "Search by name or category" });
const searchButton = (page: Page) => page.getByRole("button", { name: "Search", exact: true });

test.describe("the header product-name box", () => {
  test("typing shows suggestions; clicking one opens that listing", async ({ page, createListing }) => {
    const tag = uniqueTag();
    const listing = await createListing({ name: `Alphonso Mango ${tag}`, category: "fruits", price: "250" });

    await gotoHydrated(page, "/");
    const box = productBox(page);
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.fill(`mango ${tag}`);
    await expect(suggestions(page)).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const option = suggestions(page).getByRole("option");
    await expect(option).toHaveCount(1);
    await expect(option).toContainText(listing.name);
    await expect(option).toContainText("Fruits");

    await option.click();
    await expect(page).toHaveURL(`/view/${listing.id}`);
    await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
  });

  test("words typed before the page's scripts arrive are kept, and get their suggestions once they do", async ({ page, createListing }) => {
    // A slow phone shows the box long before its scripts run. Hydrating used to keep the words
    // only until the next render, which wrote the server's empty value back over them.
    const tag = uniqueTag();
    const listing = await createListing({ name: `Early Onion ${tag}`, category: "vegetables" });
    const release = await holdScript(page);
    await page.goto("/");
    const box = productBox(page);
    await box.pressSequentially(`onion ${tag}`);
    release();
    await waitForHydration(page);
    await expect(suggestions(page).getByRole("option")).toContainText(listing.name);
    await expect(box).toHaveValue(`onion ${tag}`);
    await expect(box).toHaveAttribute("aria-expanded", "true");

    // Typed, then left before the scripts came: the words stay, the list waits for the box again.
    const later = await page.context().newPage();
    const releaseLater = await holdScript(later);
    await later.goto("/");
    await productBox(later).pressSequentially(`onion ${tag}`);
    await productBox(later).blur();
    releaseLater();
    await waitForHydration(later);
    await expect(productBox(later)).toHaveValue(`onion ${tag}`);
    await expect(suggestions(later)).toBeHidden();
    await productBox(later).focus();
    await expect(suggestions(later).getByRole("option")).toContainText(listing.name);
    await later.close();
  });

  test("ArrowDown and Enter open the highlighted suggestion", async ({ page, createListing }) => {
    const tag = uniqueTag();
    const older = await createListing({ name: `Kesar ${tag} one`, category: "fruits" });
    const newer = await createListing({ name: `Kesar ${tag} two`, category: "fruits" });

    await gotoHydrated(page, "/");
    const box = productBox(page);
    await box.fill(`kesar ${tag}`);
    const options = suggestions(page).getByRole("option");
    // Equally good matches carried by one listing each come alphabetically ("one" before "two").
    await expect(options).toHaveText([new RegExp(older.name), new RegExp(newer.name)]);

    await box.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
    await box.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await box.press("ArrowUp");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(page).toHaveURL(`/view/${older.id}`);
  });

  test("Escape closes the suggestions without leaving the page", async ({ page, createListing }) => {
    const tag = uniqueTag();
    await createListing({ name: `Pomegranate ${tag}`, category: "fruits" });
    await gotoHydrated(page, "/");
    const box = productBox(page);
    await box.fill(`pomegranate ${tag}`);
    await expect(suggestions(page)).toBeVisible();
    await box.press("Escape");
    await expect(suggestions(page)).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("a name that matches nothing says '...please search by product name'", async ({ page }) => {
    await gotoHydrated(page, "/");
    await productBox(page).fill(`zzqx nothing ${uniqueTag()}`);
    await expect(page.getByRole("alert").filter({ hasText: NO_ITEMS_BY_NAME })).toHaveText(NO_ITEMS_BY_NAME);
    await expect(suggestions(page)).toBeHidden();
  });

  test("the clear button empties the box and closes the suggestions", async ({ page, createListing }) => {
    const tag = uniqueTag();
    await createListing({ name: `Carrot ${tag}` });
    await gotoHydrated(page, "/");
    const box = productBox(page);
    const clear = page.getByRole("button", { name: "Clear product search" });
    await expect(clear).toHaveCount(0);
    await box.fill(`carrot ${tag}`);
    await expect(suggestions(page)).toBeVisible();

    await clear.click();
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();
    await expect(suggestions(page)).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(clear).toHaveCount(0);
  });

  test("Enter without choosing a suggestion lists every match on /viewmore", async ({ page, createListing }) => {
    const tag = uniqueTag();
    const a = await createListing({ name: `Ponni Rice ${tag}`, category: "rice" });
    const b = await createListing({ name: `Basmati Rice ${tag}`, category: "rice" });
    await gotoHydrated(page, "/");
    await productBox(page).fill(`rice ${tag}`);
    await expect(suggestions(page).getByRole("option")).toHaveCount(2);
    await productBox(page).press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/viewmore" && url.searchParams.get("q") === `rice ${tag}`);
    const results = page.getByRole("list", { name: `Results for “rice ${tag}”` });
    await expect(results.getByRole("link")).toHaveText([new RegExp(b.name), new RegExp(a.name)]);
    // The box keeps what was searched.
    await expect(productBox(page)).toHaveValue(`rice ${tag}`);
  });

  test("Enter with a name that matches nothing shows the by-name no-items message", async ({ page, createListing }) => {
    // One listing exists, so /viewmore does not send an empty marketplace home.
    await createListing();
    await gotoHydrated(page, "/");
    await productBox(page).fill(`zzqx ${uniqueTag()}`);
    await productBox(page).press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/viewmore");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(NO_ITEMS_BY_NAME);
  });
});

test.describe("suggestions as you type", () => {
  test("start at the second letter, put prefix matches first and mark the matched part", async ({ page, createListing }) => {
    const tag = uniqueTag();
    const inside = await createListing({ name: `Licorice ${tag}`, category: "vegetables" });
    const prefix = await createListing({ name: `Rice ${tag} Bran`, category: "oil-seeds" });
    await gotoHydrated(page, "/");
    const box = productBox(page);
    await box.pressSequentially("r");
    await expect(suggestions(page)).toBeHidden();
    // "ice <tag>" is inside both names: equally good, so alphabetical.
    await box.fill(`ice ${tag}`);
    const options = suggestions(page).getByRole("option");
    await expect(options).toHaveText([new RegExp(inside.name), new RegExp(prefix.name)]);
    // "rice <tag>" starts "Rice <tag> Bran" and is inside "Licorice <tag>".
    await box.fill(`rice ${tag}`);
    await expect(options).toHaveText([new RegExp(prefix.name), new RegExp(inside.name)]);
    await expect(options.first().locator("mark")).toHaveText(`Rice ${tag}`);
    await expect(options.nth(1).locator("mark")).toHaveText(`rice ${tag}`);
  });

  test("a typo of four letters or more still finds the produce, and Enter lists close matches", async ({ page, createListing }) => {
    const tag = uniqueTag();
    const listing = await createListing({ name: `Basmati ${tag}`, category: "rice" });
    await gotoHydrated(page, "/");
    await productBox(page).fill(`basmti ${tag}`);
    await expect(suggestions(page).getByRole("option")).toHaveText([new RegExp(listing.name)]);
    await productBox(page).press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/viewmore" && url.searchParams.get("q") === `basmti ${tag}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Similar to “basmti ${tag}”`);
    await expect(page.getByRole("list", { name: `Results for “basmti ${tag}”` }).getByRole("link")).toHaveText([new RegExp(listing.name)]);
  });

  test("Hindi and Hinglish names find English listings", async ({ page, createListing }) => {
    const tag = uniqueTag();
    const onion = await createListing({ name: `Red Onion ${tag}`, category: "vegetables" });
    await gotoHydrated(page, "/");
    await productBox(page).fill(`pyaz ${tag}`);
    const option = suggestions(page).getByRole("option");
    await expect(option).toHaveText([new RegExp(onion.name)]);
    await expect(option.locator("mark")).toHaveText(`Onion ${tag}`);

    await productBox(page).fill(`प्याज़ ${tag}`);
    await expect(option).toHaveText([new RegExp(onion.name)]);
    await option.click();
    await expect(page).toHaveURL(`/view/${onion.id}`);

    await gotoHydrated(page, `/viewmore?q=${encodeURIComponent(`pyaz ${tag}`)}`);
    await expect(page.getByRole("list", { name: `Results for “pyaz ${tag}”` }).getByRole("link")).toHaveText([new RegExp(onion.name)]);
  });

  test("onion and wheat are found by their name in every script and by the Latin spellings farmers type", async ({
    createListing,
    request,
  }) => {
    const tag = uniqueTag();
    const onion = await createListing({ name: `${tag} onion`, category: "vegetables" });
    const wheat = await createListing({ name: `${tag} wheat`, category: "wheat" });
    const onionWords = ["পেঁয়াজ", "ఉల్లిపాయ", "कांदा", "வெங்காயம்", "ડુંગળી", "ପିଆଜ", "ಈರುಳ್ಳಿ", "ਪਿਆਜ਼", "پیاز", "ഉള്ളി", "kanda", "vengayam"];
    const wheatWords = ["kanak", "gahu", "ਕਣਕ", "गहू", "கோதுமை", "గోధుమ"];
    for (const [words, listing] of [
      [onionWords, onion],
      [wheatWords, wheat],
    ] as const) {
      for (const word of words) {
        const response = await request.get(`/viewmore?q=${encodeURIComponent(`${tag} ${word}`)}`, {
          headers: { "Accept-Language": "en-IN" },
        });
        expect(response.status(), word).toBe(200);
        expect(await response.text(), `a search for “${word}” finds the ${listing.id} listing`).toContain(`/view/${listing.id}`);
      }
    }
  });

  test("a name several listings share lists them all", async ({ page, createListing }) => {
    const tag = uniqueTag();
    await createListing({ name: `Kinnow ${tag}`, category: "fruits", price: "60" });
    await createListing({ name: `KINNOW ${tag}`, category: "fruits", price: "70" });
    await gotoHydrated(page, "/");
    await productBox(page).fill(`kinnow ${tag}`);
    const option = suggestions(page).getByRole("option");
    await expect(option).toHaveCount(1);
    await expect(option).toContainText("2 listings");
    await option.click();
    await expect(page).toHaveURL((url) => url.pathname === "/viewmore" && url.searchParams.get("by") === "name");
    await expect(page.getByRole("status")).toHaveText("Showing 1–2 of 2 products");
  });
});

test.describe("at most 15 suggestions", () => {
  let made: CreatedListing[] = [];
  let dispose: () => Promise<void> = async () => {};
  const tag = uniqueTag();

  test.beforeAll(async ({ browser }) => {
    const session = await openSellerContext(browser);
    dispose = session.dispose;
    made = await createBackdatedListings(session.context.request, 16, (i) => ({ name: `Cap ${tag} ${String(i).padStart(2, "0")}` }));
  });
  test.afterAll(async () => {
    await dispose();
  });

  test("sixteen matching listings give fifteen suggestions", async ({ page }) => {
    expect(made).toHaveLength(16);
    await gotoHydrated(page, "/");
    await productBox(page).fill(`cap ${tag}`);
    await expect(suggestions(page).getByRole("option")).toHaveCount(15);
    // Equally good matches come alphabetically: "… 15", the last, is the one left out.
    await expect(suggestions(page).getByRole("option").first()).toContainText(made[0]!.name);
    await expect(suggestions(page).getByRole("option").filter({ hasText: made[15]!.name })).toHaveCount(0);
  });
});

test.describe("the name-or-category box", () => {
  test("the Search button opens /viewmore with the matching listings", async ({ page, createListing }) => {
    const tag = uniqueTag();
    const listing = await createListing({ name: `Groundnut ${tag}`, category: "oil-seeds", price: "110" });
    await gotoHydrated(page, "/");
    await catalogueBox(page).fill(`groundnut ${tag}`);
    await searchButton(page).click();

    await expect(page).toHaveURL((url) => url.pathname === "/viewmore" && url.searchParams.get("q") === `groundnut ${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: `Results for “groundnut ${tag}”` })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("Showing 1–1 of 1 product");
    const card = page.getByRole("list", { name: `Results for “groundnut ${tag}”` }).getByRole("link");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(listing.name);
    await expect(card).toContainText("₹110 / kg");
    await expect(catalogueBox(page)).toHaveValue(`groundnut ${tag}`);
  });

  test("pressing Enter in the box searches too", async ({ page, createListing }) => {
    const tag = uniqueTag();
    const listing = await createListing({ name: `Mustard ${tag}`, category: "oil-seeds" });
    await gotoHydrated(page, "/");
    await catalogueBox(page).fill(`mustard ${tag}`);
    await catalogueBox(page).press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/viewmore" && url.searchParams.get("q") === `mustard ${tag}`);
    await expect(page.getByRole("list", { name: `Results for “mustard ${tag}”` }).getByRole("link")).toContainText(listing.name);
  });

  test("a query with no results shows the no-items message", async ({ page, createListing }) => {
    await createListing();
    await gotoHydrated(page, "/");
    await catalogueBox(page).fill(`zzqx nothing ${uniqueTag()}`);
    await searchButton(page).click();
    await expect(page).toHaveURL((url) => url.pathname === "/viewmore");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(NO_ITEMS);
    await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
  });

  test("a category word finds listings in that category even when their names do not say it", async ({ page, createListing }) => {
    const listing = await createListing({ name: `Lady Finger ${uniqueTag()}`, category: "vegetables" });
    await gotoHydrated(page, "/");
    await catalogueBox(page).fill("vegetables");
    await searchButton(page).click();
    await expect(page).toHaveURL((url) => url.pathname === "/viewmore" && url.searchParams.get("q") === "vegetables");
    const results = page.getByRole("list", { name: "Results for “vegetables”" });
    await expect(results.getByRole("link").filter({ hasText: listing.name })).toBeVisible();
  });

  test("the clear button empties the box", async ({ page }) => {
    await gotoHydrated(page, "/");
    await catalogueBox(page).fill("wheat");
    await page.getByRole("button", { name: "Clear name or category search" }).click();
    await expect(catalogueBox(page)).toHaveValue("");
    await expect(catalogueBox(page)).toBeFocused();
  });
});
