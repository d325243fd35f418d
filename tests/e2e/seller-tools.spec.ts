/**
 * A seller runs their stall (issue 10) at 360 px: sells by the quintal from a real place, finds it
 * in My listings, edits it (fields and photos), marks it sold and available again, renews and
 * deletes it (410 afterwards); with JavaScript and without; bad input for the new fields; buyers
 * filter by place; nobody else can touch a seller's listing.
 */
import type { Page } from "@playwright/test";
import { makeProducePhoto } from "../../server/seed/factories";
import {
  createListingWith,
  documentScrollWidth,
  expect,
  fillPlace,
  gotoHydrated,
  listingIdByName,
  openAccountMenu,
  openSellerContext,
  openSellForm,
  test,
  uniqueTag,
  watchServerErrors,
  withDatabase,
} from "./support/fixtures";

const photo = async (index: number) => ({
  name: `p${index}.jpg`,
  mimeType: "image/jpeg",
  buffer: await makeProducePhoto("wheat", index, { width: 640, height: 480 }),
});
const listingRow = (page: Page, name: string) =>
  page.getByRole("list", { name: "My listings" }).getByRole("listitem").filter({ hasText: name });

test("sell by the quintal from Nashik, see both prices and the place, then run the listing from My listings", async ({ page, seller }) => {
  // A seller's whole day in one flow (a dozen pages and sends, two photo uploads): longer than
  // the default 30 s on a busy 2-core machine. Each step keeps its own 10 s wait.
  test.setTimeout(120_000);
  const errors = watchServerErrors(page);
  const name = `Lokwan Wheat ${uniqueTag()}`;
  await openSellForm(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Wheat" });
  await page.getByLabel("Sold by", { exact: true }).selectOption("quintal");
  // The price label follows the unit; the weight of a crate is asked only for crates and dozens.
  await expect(page.getByLabel("Weight of one dozen or crate (kg)")).toBeHidden();
  await page.getByLabel("Price (₹ per quintal)", { exact: true }).fill("2,400");
  await page.getByLabel("Quantity available (optional)").fill("40");
  await page.getByLabel("Variety (optional)").fill("Lokwan");
  await page.getByLabel("Organic").check();
  await page.getByLabel("Description", { exact: true }).fill("Bold grain, cleaned and dried.");
  await fillPlace(page);
  await page.getByLabel("Village or town (optional)").fill("Pimpalgaon Baswant");
  await page.getByLabel("PIN code (optional)").fill("422 209");
  await page.getByLabel("Photos", { exact: true }).setInputFiles(await photo(1));
  await page.getByRole("button", { name: "upload and Submit" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  const id = await listingIdByName(name);

  // The card (found by search: other tests may fill Fresh recommendations meanwhile): price per
  // quintal with the price per kg beneath, and where it is.
  await page.goto(`/viewmore?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("link").filter({ hasText: name });
  await expect(card).toContainText("₹2,400 / quintal");
  await expect(card).toContainText("₹24 / kg");
  await expect(card).toContainText("Nashik, Maharashtra");
  await card.click();
  await expect(page).toHaveURL(`/view/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("₹2,400 / quintal (₹24 / kg)")).toBeVisible();
  await expect(page.getByText("Pimpalgaon Baswant, Nashik, Maharashtra 422209")).toBeVisible();
  await expect(page.getByText("40 quintals")).toBeVisible();
  await expect(page.getByRole("link", { name: `${seller.name}: the seller's page` })).toHaveAttribute("href", `/seller/${seller.id}`);

  // My listings, from the name in the header.
  await openAccountMenu(page);
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "My listings" }).click();
  await expect(page).toHaveURL("/my/listings");
  const row = listingRow(page, name);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Expires in 59 days");
  expect(await documentScrollWidth(page)).toBeLessThanOrEqual(360);

  // Sold: gone from the home page and search; its page says so and offers other wheat.
  await row.getByRole("button", { name: `Mark as sold: ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked as sold" })).toBeVisible();
  await expect(listingRow(page, name)).toContainText("Sold");
  await page.goto(`/viewmore?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("link").filter({ hasText: name })).toHaveCount(0);
  const view = await page.goto(`/view/${id}`);
  expect(view?.status()).toBe(200);
  await expect(page.getByText("Sold", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Other wheat on Mandi" }).or(page.getByText("The seller has sold this produce.")),
  ).toBeVisible();

  // A sold listing offers no "Renew" (issue 42): "Available again" comes first.
  await page.goto("/my/listings");
  await expect(listingRow(page, name).getByRole("button", { name: `Renew: ${name}` })).toHaveCount(0);

  // Available again, renewed, then edited.
  await page.goto("/my/listings");
  await listingRow(page, name)
    .getByRole("button", { name: `Available again: ${name}` })
    .click();
  await expect(listingRow(page, name)).toContainText("Active");
  await listingRow(page, name)
    .getByRole("button", { name: `Renew: ${name}` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Renewed" })).toBeVisible();

  await listingRow(page, name)
    .getByRole("link", { name: `Edit: ${name}` })
    .click();
  await expect(page).toHaveURL(`/my/listings/${id}/edit`);
  await expect(page.getByLabel("Price (₹ per quintal)", { exact: true })).toHaveValue("2400");
  await expect(page.getByLabel("Organic")).toBeChecked();
  await expect(page.getByLabel("District", { exact: true }).locator("option:checked")).toHaveText("Nashik");
  // The picker shows the listing's photo as a photo of its own; a new one goes after it, then first.
  await expect(page.getByRole("img", { name: "Preview 1 (cover)" })).toBeVisible();
  await page.getByLabel("Photos", { exact: true }).setInputFiles(await photo(2));
  await expect(page.getByText("Uploaded", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Move up: photo 2" }).click();
  await page.getByLabel("Price (₹ per quintal)", { exact: true }).fill("2,600");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/my\/listings\?saved=/);
  await expect(page.getByRole("status").filter({ hasText: "Your changes are saved" })).toBeVisible();
  await expect(listingRow(page, name)).toContainText("₹2,600 / quintal (₹26 / kg)");
  const photos = await withDatabase((db) =>
    db.kysely.selectFrom("listing_photo").select(["image_name"]).where("listing_id", "=", id).orderBy("position").execute(),
  );
  expect(photos.map((p) => p.image_name)).toEqual(["p2.jpg", "p1.jpg"]);

  // Delete asks first; "No" keeps it; "Yes" removes it and its link answers 410.
  await listingRow(page, name)
    .getByRole("link", { name: `Delete: ${name}` })
    .click();
  await expect(page.getByRole("heading", { name: `Delete “${name}”?` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, delete it" })).toBeFocused();
  await page.getByRole("link", { name: "No, keep it" }).click();
  await expect(listingRow(page, name)).toHaveCount(1);
  await listingRow(page, name)
    .getByRole("link", { name: `Delete: ${name}` })
    .click();
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted." })).toBeVisible();
  await expect(listingRow(page, name)).toHaveCount(0);
  const gone = await page.goto(`/view/${id}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "Listing removed" })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("edit (remove a photo, add one), mark as sold and delete with plain forms", async ({ page, seller }) => {
    const name = `NoJS Crate Mango ${uniqueTag()}`;
    const listing = await createListingWith(page.request, {
      name,
      category: "fruits",
      price: "600",
      more: { unit: "crate", unitKg: "20" },
    });
    // A second photo, so one can be removed.
    await page.goto(`/my/listings/${listing.id}/edit`);
    await expect(page.getByLabel("Weight of one dozen or crate (kg)")).toHaveValue("20");
    await page.getByLabel("Add photos").setInputFiles([await photo(3)]);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your changes are saved" })).toBeVisible();

    await page.goto(`/my/listings/${listing.id}/edit`);
    await page.getByLabel("Remove photo 1").check();
    await page.getByLabel("Price (₹ per crate)", { exact: true }).fill("700");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(listingRow(page, name)).toContainText("₹700 / crate (₹35 / kg)");
    const photos = await withDatabase((db) =>
      db.kysely.selectFrom("listing_photo").select(["image_name"]).where("listing_id", "=", listing.id).orderBy("position").execute(),
    );
    expect(photos.map((p) => p.image_name)).toEqual(["p3.jpg"]);

    await listingRow(page, name)
      .getByRole("button", { name: `Mark as sold: ${name}` })
      .click();
    await expect(listingRow(page, name)).toContainText("Sold");
    await listingRow(page, name)
      .getByRole("link", { name: `Delete: ${name}` })
      .click();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(listingRow(page, name)).toHaveCount(0);
    expect(seller.id).toBeTruthy();
  });

  test("the place filter on /viewmore works as a plain form, and the footer's cities are links to it", async ({ page, createListing }) => {
    const tag = uniqueTag();
    await createListing({ name: `Place Pune Onion ${tag}`, more: { state: "maharashtra", district: "pune" } });
    await createListing({ name: `Place Agra Onion ${tag}`, more: { state: "uttar-pradesh", district: "agra" } });
    await page.goto(`/viewmore?q=${encodeURIComponent(`Onion ${tag}`)}`);
    await expect(page.getByRole("link").filter({ hasText: tag })).toHaveCount(2);
    // The place fields sit behind the Filters summary, which opens without JavaScript.
    await page.getByText("Filters", { exact: true }).click();
    await page.getByLabel("State").selectOption({ label: "Maharashtra" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/state=maharashtra/);
    await expect(page.getByRole("link").filter({ hasText: tag })).toHaveText([/Place Pune Onion/]);
    // Now the state is applied, its districts are offered.
    await page.getByText("Filters (1)", { exact: true }).click();
    await expect(page.getByLabel("District").getByRole("option", { name: "Pune" })).toHaveCount(1);
    await expect(page.getByLabel("District").getByRole("option", { name: "Agra" })).toHaveCount(0);

    // Mumbai is one choice: both its districts, Mumbai City and Mumbai Suburban.
    await page.getByRole("contentinfo").getByRole("link", { name: "Mumbai" }).click();
    await expect(page).toHaveURL(/\/viewmore\?state=maharashtra&district=mumbai$/);
    await expect(page.getByLabel("District").locator("option:checked")).toHaveText("Mumbai");
    // The links of before still work.
    await page.goto("/viewmore?state=maharashtra&district=mumbai-city");
    await expect(page.getByLabel("District").locator("option:checked")).toHaveText("Mumbai City");
  });
});

test("bad input on the new fields: a message beside each, what was typed kept, nothing stored", async ({ page, seller }) => {
  const errors = watchServerErrors(page);
  const name = `Bad Fields ${uniqueTag()}`;
  await openSellForm(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Fruits" });
  await page.getByLabel("Sold by", { exact: true }).selectOption("crate");
  await page.getByLabel("Price (₹ per crate)", { exact: true }).fill("600");
  await page.getByLabel("Quantity available (optional)").fill("-5");
  await page.getByLabel("Minimum order (optional)").fill("abc");
  await page.getByLabel("Description", { exact: true }).fill("Sweet");
  await fillPlace(page);
  await page.getByLabel("PIN code (optional)").fill("110001");
  await page.getByLabel("Photos", { exact: true }).setInputFiles(await photo(4));
  await expect(page.getByText("Uploaded", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "upload and Submit" }).click();

  await expect(page.getByLabel("Weight of one dozen or crate (kg)")).toHaveAccessibleDescription(/how many kg one crate weighs/);
  await expect(page.getByLabel("Quantity available (optional)")).toHaveAccessibleDescription(/above 0/);
  await expect(page.getByLabel("Minimum order (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("PIN code (optional)")).toHaveAccessibleDescription(
    "PIN code 110001 is in Delhi, not Maharashtra. Please check it.",
  );
  await expect(page.getByLabel("Quantity available (optional)")).toHaveValue("-5");
  await expect(page.getByLabel("District", { exact: true }).locator("option:checked")).toHaveText("Nashik");
  expect(
    await withDatabase(async (db) => (await db.kysely.selectFrom("listing").select("id").where("name", "=", name).execute()).length),
  ).toBe(0);
  expect(seller.id).toBeTruthy();

  // A district that is not in the state (a hand-made request) is refused beside the district.
  const response = await page.request.post("/create", {
    multipart: { name, category: "fruits", price: "60", description: "x", state: "maharashtra", district: "agra", image: await photo(5) },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Please choose a district in Maharashtra.");
  expect(errors).toEqual([]);
});

test("another seller's listing: its edit page, its delete confirmation and its actions all answer 404", async ({ browser }) => {
  const owner = await openSellerContext(browser);
  const stranger = await openSellerContext(browser);
  try {
    const listing = await createListingWith(owner.context.request, { name: `Owned ${uniqueTag()}` });
    const page = await stranger.context.newPage();
    for (const path of [`/my/listings/${listing.id}/edit`, `/my/listings?delete=${listing.id}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("We could not find that listing among yours.")).toBeVisible();
    }
    for (const intent of ["sold", "renew", "delete"]) {
      const post = await stranger.context.request.post("/my/listings", { form: { intent, id: listing.id }, maxRedirects: 0 });
      expect(post.status(), intent).toBe(404);
    }
    const view = await owner.context.request.get(`/view/${listing.id}`);
    expect(view.status()).toBe(200);
    expect(await view.text()).not.toContain("No longer available");
  } finally {
    await owner.dispose();
    await stranger.dispose();
  }
});

test("signed out, My listings and an edit page send the person to log in and back", async ({ page }) => {
  await gotoHydrated(page, "/my/listings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy%2Flistings$/);
  await gotoHydrated(page, "/my/listings/00000000-0000-4000-8000-000000000000/edit");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy%2Flistings%2F00000000-0000-4000-8000-000000000000%2Fedit$/);
});
