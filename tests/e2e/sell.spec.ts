/**
 * The sell flow through the real form (the specification's Create form and flow): fields, photo with
 * preview, 'upload and Submit', back home with the new listing among the fresh recommendations.
 */
import { makeProducePhoto } from "../../server/seed/factories";
import {
  ENTRY_SCRIPT,
  expect,
  fillPlace,
  fillSellForm,
  gotoHydrated,
  holdScript,
  listingIdByName,
  openSellForm,
  test,
  uniqueTag,
  waitForHydration,
} from "./support/fixtures";

test("a signed-in seller lists produce through the sell form and sees it on the home page", async ({ page, seller }) => {
  // The seller fixture deletes the seller with every listing they made when the test ends.
  // 15.5 s beside another worker, 21.4 s on a fresh clone's CI on 2026-11-29 (load average 9–11).
  test.setTimeout(90_000);
  const name = `Nashik Onion ${uniqueTag()}`;
  const description = "Red onions, dry and long lasting.\nAbout 500 kg available.";

  await gotoHydrated(page, "/");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sell", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/create");
  await expect(page.getByRole("heading", { level: 1, name: "Enter Product Details" })).toBeVisible();

  const category = page.getByLabel("Category", { exact: true });
  await expect(category.locator("option:checked")).toHaveText("Select Category");
  await expect(category.getByRole("option")).toHaveText([
    "Select Category",
    "Rice",
    "Wheat",
    "Fruits",
    "Vegetable",
    "Oil Seeds",
    "Nuts & Dry Fruits",
  ]);

  await page.getByLabel("Name", { exact: true }).fill(name);
  await category.selectOption({ label: "Vegetable" });
  await page.getByLabel("Price (₹ per kg)", { exact: true }).fill("95");
  await page.getByLabel("Description", { exact: true }).fill(description);
  await fillPlace(page);

  const preview = page.getByRole("img", { name: "Preview 1 (cover)" });
  await expect(preview).toHaveCount(0);
  await page.getByLabel("Photos", { exact: true }).setInputFiles({
    name: "onions.jpg",
    mimeType: "image/jpeg",
    buffer: await makeProducePhoto("vegetables", 7, { width: 800, height: 600 }),
  });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("src", /^blob:/);
  // The preview really decoded (a broken image has no natural width).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);

  await page.getByRole("button", { name: "upload and Submit" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("status").filter({ hasText: "Your product is listed" })).toBeVisible();
  // The banner links to the new listing (issue 42).
  await expect(page.getByRole("status").getByRole("link", { name: "See your listing" })).toHaveAttribute(
    "href",
    `/view/${await listingIdByName(name)}`,
  );
  const fresh = page.getByRole("list", { name: "Fresh recommendations" });
  const card = fresh.getByRole("link").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText("₹95 / kg");
  await expect(card).toContainText("Vegetables");

  // The card opens the listing with everything the seller entered.
  const id = await listingIdByName(name);
  await expect(card).toHaveAttribute("href", `/view/${id}`);
  await card.click();
  await expect(page).toHaveURL(`/view/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("₹95 / kg")).toBeVisible();
  await expect(page.getByText("About 500 kg available.")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`^Call seller ${seller.name}`) })).toHaveAttribute(
    "data-contact-href",
    `tel:+91${seller.phone}`,
  );
  // The uploaded photo is served (re-encoded) and loads.
  const photo = page.getByRole("img", { name });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("the price accepts rupees with paise and Indian digit grouping", async ({ page, seller: _seller }) => {
  const name = `Kashmiri Walnut ${uniqueTag()}`;
  await openSellForm(page);
  await fillSellForm(page, {
    name,
    category: "Nuts & Dry Fruits",
    price: "1,250.50",
    description: "Thin shell walnuts",
    photo: {
      name: "walnut.jpg",
      mimeType: "image/jpeg",
      buffer: await makeProducePhoto("nuts-dry-fruits", 3, { width: 640, height: 480 }),
    },
  });
  await page.getByRole("button", { name: "upload and Submit" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");

  await page.goto(`/view/${await listingIdByName(name)}`);
  await expect(page.getByText(/^₹1,250\.50? \/ kg$/)).toBeVisible();
  await expect(page.getByText(/Nuts and Dry fruits/)).toBeVisible();
});

test("a form typed into before its scripts arrive keeps those words over an older draft, and they become the draft", async ({
  page,
  seller: _seller,
}) => {
  const tag = uniqueTag();
  const draftName = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem("mandi:sell-draft") ?? "{}") as { fields?: { name?: string } }).fields?.name);
  // An older draft, kept on this phone.
  await gotoHydrated(page, "/create");
  await page.getByLabel("Name", { exact: true }).fill(`Old Onion ${tag}`);
  await expect.poll(draftName).toBe(`Old Onion ${tag}`);

  // Back on the form with a slow connection: the seller types before the scripts come.
  const release = await holdScript(page);
  await page.goto("/create");
  await page.getByLabel("Name", { exact: true }).pressSequentially(`New Onion ${tag}`);
  release();
  await waitForHydration(page);
  await expect.poll(draftName).toBe(`New Onion ${tag}`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`New Onion ${tag}`);
  await expect(page.getByText("We brought back what you typed earlier.")).toHaveCount(0);

  // Untouched, the form brings the draft back as before.
  await page.unroute(ENTRY_SCRIPT);
  await gotoHydrated(page, "/create");
  await expect(page.getByText("We brought back what you typed earlier.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`New Onion ${tag}`);
});
