/**
 * The product page /view/:id (the specification's View page): image, price, name, category, created date,
 * description and seller details, for anyone; /view with no id goes home; unknown ids are a 404.
 */
import { backdateListing, deleteListings, expect, gotoHydrated, test, uniqueTag } from "./support/fixtures";

/** Today's date as pages show it ("1 Dec 2026"), in India's time zone. */
function todayShort(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata", month: "short", day: "numeric", year: "numeric" })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year}`;
}

test("a signed-out visitor sees every detail of a listing and can call the seller", async ({ seller, createListing, browser }) => {
  const name = `Sharbati Wheat ${uniqueTag()}`;
  const description = "Golden grain from Sehore. About 200 kg available.";
  const before = todayShort();
  const listing = await createListing({ name, category: "wheat", price: "95", description });
  const after = todayShort();

  // A fresh context: no session cookie at all.
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const response = await page.goto(`/view/${listing.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Login", exact: true })).toBeVisible();

    const image = page.getByRole("img", { name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await expect(page.getByText("₹95 / kg", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(/^Wheat\b/)).toBeVisible();

    const created = page.locator("main time");
    await expect(created).toHaveText(/^\d{1,2} \w{3} \d{4}$/);
    expect([before, after]).toContain(await created.innerText());

    await expect(page.getByText(description)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(name));

    const sellerDetails = page.getByRole("region", { name: "Seller details" });
    await expect(sellerDetails.getByRole("heading", { name: "Seller details" })).toBeVisible();
    await expect(sellerDetails.getByText(seller.name, { exact: true })).toBeVisible();
    const call = page
      .getByRole("region", { name: "Contact the seller" })
      .getByRole("link", { name: new RegExp(`^Call seller ${seller.name}`) });
    await expect(call).toBeVisible();
    // Through the safety note's page (decision 057), the real link kept for the note's dialog.
    await expect(call).toHaveAttribute("href", `/view/${listing.id}/contact?via=call`);
    await expect(call).toHaveAttribute("data-contact-href", `tel:+91${seller.phone}`);
    // The number is also shown as text, grouped for reading.
    await expect(sellerDetails.getByText(`+91 ${seller.phone.slice(0, 5)} ${seller.phone.slice(5)}`, { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a listing's date reads day, month and year on its card, its page and its seller's page, in English and Hindi (issue 42)", async ({
  page,
  seller,
  createListing,
}) => {
  // Six pages, each hydrated: 20 s alone, more beside other suites.
  test.setTimeout(90_000);
  const listing = await createListing({ name: `Dated onion ${uniqueTag()}`, price: "30" });
  // 06:00 UTC on Tuesday 1 December 2026 is 11:30 that day in India.
  await backdateListing(listing.id, Date.UTC(2026, 11, 1, 6));
  for (const [lang, day] of [
    ["en", "1 Dec 2026"],
    ["hi", "1 दिस॰ 2026"],
  ] as const) {
    await page.context().addCookies([{ name: "lang", value: lang, url: test.info().project.use.baseURL! }]);
    await gotoHydrated(page, `/view/${listing.id}`);
    await expect(page.locator(`main time[datetime="2026-12-01"]`)).toHaveText(day);
    await gotoHydrated(page, `/seller/${seller.id}`);
    const card = page.getByRole("listitem").filter({ hasText: listing.name });
    await expect(card.locator("time")).toHaveText(day);
    // "Member since" this month, in the page's language (decision 057).
    await expect(page.getByText(lang === "en" ? /^Member since \S+ \d{4}$/ : /^\S+ \d{4} से सदस्य$/)).toBeVisible();
    await gotoHydrated(page, "/my/listings");
    await expect(page.getByRole("main").locator(`time[datetime="2026-12-01"]`)).toHaveText(day);
  }
});

test("a listing card on the home page opens its /view page", async ({ page, createListing }) => {
  const listing = await createListing({ name: `Guava ${uniqueTag()}`, category: "fruits", price: "60" });
  await page.goto("/?category=fruits");
  await page.getByRole("list", { name: "Fruits products" }).getByRole("link").filter({ hasText: listing.name }).click();
  await expect(page).toHaveURL(`/view/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
});

test("/view with no listing selected redirects to the home page", async ({ page }) => {
  await page.goto("/view");
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
  await expect(
    page.getByRole("heading", { name: "Fresh recommendations" }).or(page.getByRole("heading", { name: "No produce listed yet" })),
  ).toBeVisible();
});

test("an unknown listing id shows a friendly 'Page not found' page with status 404", async ({ page }) => {
  const response = await page.goto("/view/00000000-0000-0000-0000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await expect(page.getByText(/error|stack|exception/i)).toHaveCount(0);
});

test("a malformed listing id and an unknown path are 404 pages too", async ({ page }) => {
  for (const path of ["/view/not-a-real-id", "/no-such-page"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  }
});

test("a broken percent-encoding in the path is refused with a 4xx, never a 500", async ({ request }) => {
  for (const path of ["/view/%E0%A4%A", "/%E0%A4%A"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeGreaterThanOrEqual(400);
    expect(response.status(), path).toBeLessThan(500);
  }
});

test("a listing that was deleted is a 404 for someone who had its link", async ({ page, createListing }) => {
  const listing = await createListing({ name: `Papaya ${uniqueTag()}` });
  await deleteListings([listing.id]);
  const response = await page.goto(`/view/${listing.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
