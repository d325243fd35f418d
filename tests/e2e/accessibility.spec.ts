/**
 * Keyboard and screen-reader basics on a 360 px wide phone: the skip link, labelled form fields
 * reachable with Tab in a sensible order, the search combobox's ARIA state, no sideways
 * scrolling, and an automated axe-core (WCAG 2 A/AA) scan of the main screens.
 */
import type { Locator, Page } from "@playwright/test";
import { makeProducePhoto } from "../../server/seed/factories";
import {
  deleteListings,
  documentScrollWidth,
  expect,
  gotoHydrated,
  listingIdByName,
  logInWith,
  openWithServiceWorker,
  test,
  uniqueTag,
  withDatabase,
} from "./support/fixtures";
import { axeViolations } from "./support/axe";
import { tHi } from "./support/page-words";
import { hi } from "./support/catalogues";

test.use({ viewport: { width: 360, height: 760 } });

/** Presses Tab until `target` has focus (at most `max` times; none if it has it), failing if it never does. */
async function tabTo(page: Page, target: Locator, max = 30) {
  if (await target.evaluate((el) => el === document.activeElement)) return;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** After `first` has focus, each Tab moves to the next of `rest`, in order. */
async function expectTabOrder(page: Page, first: Locator, rest: Locator[]) {
  await tabTo(page, first);
  let previous = first;
  for (const next of rest) {
    // A field with parts of its own (a date's day, month and year) keeps the focus for a few
    // presses; nothing else may come between.
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press("Tab");
      if (await next.evaluate((element) => element === document.activeElement)) break;
      await expect(previous).toBeFocused();
    }
    await expect(next).toBeFocused();
    previous = next;
  }
}

test("the skip link is the first Tab stop, becomes visible and jumps past the header", async ({ page }) => {
  await gotoHydrated(page, "/");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const box = await skip.boundingBox();
  expect(box!.width).toBeGreaterThan(20);
  expect(box!.height).toBeGreaterThan(10);
  await expect(skip).toHaveAttribute("href", "#main");

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await page.keyboard.press("Tab");
  // The next Tab stop is inside the main content, not back in the header.
  expect(
    await page.evaluate(() => Boolean(document.activeElement && document.querySelector("main")?.contains(document.activeElement))),
  ).toBe(true);
});

test("the signup form's fields are labelled and reachable with Tab in order", async ({ page }) => {
  await gotoHydrated(page, "/signup");
  const name = page.getByLabel("Full Name", { exact: true });
  const email = page.getByLabel("Email", { exact: true });
  const phone = page.getByLabel("Phone", { exact: true });
  const password = page.getByLabel("Password", { exact: true });
  await expect(name).toHaveAccessibleName("Full Name");
  await expect(email).toHaveAttribute("type", "email");
  await expect(phone).toHaveAttribute("inputmode", "numeric");
  await expect(password).toHaveAttribute("type", "password");
  await expect(phone).toHaveAccessibleDescription(/10-digit mobile number/);
  await expectTabOrder(page, name, [
    email,
    phone,
    password,
    page.getByRole("button", { name: "Signup", exact: true }),
    page.getByRole("main").getByRole("link", { name: "Login", exact: true }),
  ]);

  // The form can be filled and sent from the keyboard alone: Enter in a field submits.
  await name.focus();
  await page.keyboard.press("Enter");
  await expect(name).toHaveAccessibleDescription("Please enter your full name.");
});

test("the login form's fields are labelled and reachable with Tab in order", async ({ page }) => {
  await gotoHydrated(page, "/login");
  const main = page.getByRole("main");
  await expectTabOrder(page, main.getByLabel("Email", { exact: true }), [
    main.getByLabel("Password", { exact: true }),
    main.getByRole("link", { name: "Forgot password?", exact: true }),
    main.getByRole("button", { name: "Login", exact: true }),
    main.getByRole("link", { name: "Signup", exact: true }),
  ]);
});

test("the sell form's fields are labelled and reachable with Tab in order", async ({ page, seller: _seller }) => {
  await gotoHydrated(page, "/create");
  const labels = [
    "Name",
    "Category",
    "Variety (optional)",
    // What the price is compared with (issue 23): read from the name, correctable.
    "Compare prices with",
    "Sold by",
    // "Weight of one dozen or crate (kg)" is hidden while the unit is kg.
    "Price (₹ per kg)",
    "Quantity available (optional)",
    "Minimum order (optional)",
    "Organic",
    "Grade (optional)",
    "Available from (optional)",
    "State",
    "District",
    "Village or town (optional)",
    "PIN code (optional)",
    "Description",
    "Photos",
  ];
  const fields = labels.map((label) => page.getByLabel(label, { exact: true }));
  for (const field of fields) await expect(field).toBeVisible();
  await expect(page.getByLabel("Weight of one dozen or crate (kg)")).toBeHidden();
  await expect(fields.at(-1)!).toHaveAccessibleDescription(/up to 10 MB/);
  await expectTabOrder(page, fields[0]!, [...fields.slice(1), page.getByRole("button", { name: "upload and Submit" })]);
});

test("the product search combobox exposes its state: aria-expanded toggles, options are announced", async ({ page, createListing }) => {
  const tag = uniqueTag();
  await createListing({ name: `Combobox Onion ${tag}` });
  await gotoHydrated(page, "/");
  const box = page.getByRole("combobox", { name: "Search products by name" });
  await tabTo(page, box);
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveAttribute("aria-autocomplete", "list");

  await page.keyboard.type(`onion ${tag}`);
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const listbox = page.getByRole("listbox", { name: "Suggested products" });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute("aria-controls", (await listbox.getAttribute("id"))!);
  await expect(listbox.getByRole("option")).toHaveCount(1);

  await page.keyboard.press("ArrowDown");
  const option = listbox.getByRole("option").first();
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);

  await page.keyboard.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).not.toHaveAttribute("aria-activedescendant");

  // Leaving the box closes the list too.
  await box.fill(`onion ${tag}`);
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(box).toHaveAttribute("aria-expanded", "false");
});

/** Pages (by path) whose document is wider than 360 px, with their width. */
async function pagesWiderThan360(page: Page, paths: string[], label: string, into: Record<string, number>) {
  for (const path of paths) {
    await page.goto(path);
    const width = await documentScrollWidth(page);
    if (width > 360) into[`${path} (${label})`] = width;
  }
}

test("nothing scrolls sideways at 360 px, signed in or out", async ({ page, createListing, browser }) => {
  const listing = await createListing({ name: `Nagpur Orange ${uniqueTag()}`, description: "Sweet and tangy. About 300 kg available." });
  const tooWide: Record<string, number> = {};
  await pagesWiderThan360(page, ["/", "/?category=vegetables", `/view/${listing.id}`, "/create", "/viewmore"], "signed in", tooWide);
  // Signed out: the sell page shows the login form instead.
  const visitor = await browser.newPage();
  try {
    await pagesWiderThan360(
      visitor,
      ["/", `/view/${listing.id}`, "/create", "/signup", "/login", "/viewmore", "/view/00000000-0000-0000-0000-000000000000"],
      "signed out",
      tooWide,
    );
  } finally {
    await visitor.close();
  }
  expect(tooWide, "document.documentElement.scrollWidth by page").toEqual({});
});

test("long unbroken words in a listing's name or description do not widen the page", async ({ createListing, browser }) => {
  const listing = await createListing({
    name: `Longname${"X".repeat(50)} ${uniqueTag()}`,
    description: `See https://example.in/${"very-long-path-".repeat(10)} for photos of the farm.`,
  });
  const tooWide: Record<string, number> = {};
  const visitor = await browser.newPage();
  try {
    await pagesWiderThan360(
      visitor,
      [`/view/${listing.id}`, `/viewmore?q=${encodeURIComponent(listing.name)}`, "/"],
      "signed out",
      tooWide,
    );
  } finally {
    await visitor.close();
  }
  expect(tooWide, "document.documentElement.scrollWidth by page").toEqual({});
});

test("every page has a language, a title and exactly one level-1 heading", async ({ page, createListing, browser }) => {
  const listing = await createListing();
  await page.goto("/create");
  await expect(page.getByRole("heading", { level: 1 }), "/create").toHaveCount(1);

  const visitor = await browser.newPage();
  try {
    for (const path of ["/signup", "/login", "/create", `/view/${listing.id}`, "/viewmore"]) {
      await visitor.goto(path);
      await expect(visitor.locator("html")).toHaveAttribute("lang", /^en/);
      await expect(visitor).toHaveTitle(/Mandi/);
      await expect(visitor.getByRole("heading", { level: 1 }), path).toHaveCount(1);
    }
  } finally {
    await visitor.close();
  }
});

test("the home page has a level-1 heading for screen-reader users navigating by headings", async ({ page }) => {
  for (const path of ["/", "/?category=rice"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
  }
});

test.describe("axe-core scan (WCAG 2 A and AA)", () => {
  // axe is injected as a script; the app's strict CSP (rightly) refuses inline scripts.
  test.use({ bypassCSP: true });

  test("offline: a saved page under its banner and the offline page have no violations (decision 016)", async ({ page }) => {
    await openWithServiceWorker(page, "/");
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match("/", { cacheName: "mandi-pages-v1" })))).toBe(true);
    await page.context().setOffline(true);
    const found: Record<string, string[]> = {};
    for (const path of ["/", "/viewmore?q=never-opened"]) {
      await page.goto(path);
      await expect(
        page
          .getByRole("status")
          .or(page.getByRole("heading", { name: "You are offline" }))
          .first(),
      ).toBeVisible();
      const violations = await axeViolations(page);
      if (violations.length) found[path] = violations;
    }
    await page.context().setOffline(false);
    expect(found).toEqual({});
  });

  test("home, listing, results, signup, login and sell pages have no violations", async ({ page, createListing }) => {
    // Ten pages, each loaded and scanned: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const listing = await createListing({ name: `Axe Brinjal ${uniqueTag()}` });
    const found: Record<string, string[]> = {};
    for (const path of [
      "/",
      "/?category=vegetables",
      `/view/${listing.id}`,
      `/viewmore?q=${encodeURIComponent(listing.name)}`,
      "/create",
      "/view/00000000-0000-0000-0000-000000000000",
    ]) {
      await page.goto(path);
      const violations = await axeViolations(page);
      if (violations.length) found[path] = violations;
    }
    await page.context().clearCookies();
    for (const path of ["/", "/signup", "/login", "/create"]) {
      await page.goto(path);
      const violations = await axeViolations(page);
      if (violations.length) found[`${path} (signed out)`] = violations;
    }
    expect(found).toEqual({});
  });

  test("forms showing errors have no violations", async ({ page, seller: _seller }) => {
    await gotoHydrated(page, "/create");
    await page.getByRole("button", { name: "upload and Submit" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page), "/create with errors").toEqual([]);

    await page.context().clearCookies();
    await gotoHydrated(page, "/signup");
    await page.getByRole("button", { name: "Signup", exact: true }).click();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page), "/signup with errors").toEqual([]);
  });

  test("the Edit page of a listing with three photos has no violations once its photo picker is in, in English and Hindi", async ({
    page,
    browser,
    seller,
  }) => {
    // Two languages, each with a hydrated form and a scan: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const name = `Axe Photo Okra ${uniqueTag()}`;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name,
      category: "vegetables",
      price: "40",
      description: "Three photos to reorder",
      state: "maharashtra",
      district: "nashik",
    }))
      form.append(key, value);
    for (const n of [1, 2, 3])
      form.append(
        "image",
        new File([new Uint8Array(await makeProducePhoto("vegetables", n, { width: 640, height: 480 }))], `okra-${n}.jpg`, {
          type: "image/jpeg",
        }),
      );
    const created = await page.request.post("/create", { multipart: form, maxRedirects: 0 });
    expect(created.status(), await created.text()).toBe(302);
    const id = await listingIdByName(name);
    try {
      // The picker (loaded after hydration) lists the three photos, each with Move up / Move down; the middle one has both enabled.
      await gotoHydrated(page, `/my/listings/${id}/edit`);
      await expect(page.getByRole("button", { name: "Move up: photo 2" })).toBeEnabled();
      await expect(page.getByRole("button", { name: "Move down: photo 2" })).toBeEnabled();
      const found: Record<string, string[]> = {};
      const english = await axeViolations(page);
      if (english.length) found["Edit, English"] = english;

      const context = await browser.newContext({ locale: "hi-IN", viewport: { width: 360, height: 760 }, bypassCSP: true });
      try {
        const hindi = await context.newPage();
        await logInWith(hindi.request, seller);
        await gotoHydrated(hindi, `/my/listings/${id}/edit`);
        await expect(hindi.getByRole("button", { name: tHi("photo.moveUpN", { n: 2 }) })).toBeEnabled();
        await expect(hindi.getByRole("button", { name: tHi("photo.moveDownN", { n: 2 }) })).toBeEnabled();
        await expect(hindi.getByText(hi.photo.onListing).first()).toBeVisible();
        const violations = await axeViolations(hindi);
        if (violations.length) found["Edit, Hindi"] = violations;
        expect(await documentScrollWidth(hindi), "Edit width, Hindi").toBeLessThanOrEqual(360);
      } finally {
        await context.close();
      }
      expect(found).toEqual({});
    } finally {
      await deleteListings([id]);
    }
  });

  test("/viewmore with every filter on has no violations, its Filters panel closed and open, and Tab reaches every filter", async ({
    page,
    createListing,
  }) => {
    const listing = await createListing({ name: `Axe Okra ${uniqueTag()}`, price: "40" });
    await gotoHydrated(
      page,
      `/viewmore?q=${encodeURIComponent(listing.name)}&category=vegetables&state=maharashtra&district=nashik&min=10&max=100&sort=price-asc`,
    );
    expect(await axeViolations(page), "/viewmore, Filters closed").toEqual([]);
    // The Filters panel, not the header's account menu (another <details>).
    const main = page.getByRole("main");
    const summary = main.locator("summary");
    await expectTabOrder(page, page.getByLabel("Sort", { exact: true }), [summary]);
    await page.keyboard.press("Enter");
    await expect(main.locator("details")).toHaveAttribute("open", "");
    await expectTabOrder(page, summary, [
      ...["Category", "State", "District", "Grade", "Min ₹ / kg", "Max ₹ / kg"].map((label) => main.getByLabel(label, { exact: true })),
      main.getByRole("button", { name: "Apply" }),
      main.getByRole("link", { name: "Remove filter: Vegetables" }),
    ]);
    expect(await axeViolations(page), "/viewmore, Filters open").toEqual([]);
    expect(await documentScrollWidth(page), "/viewmore width").toBeLessThanOrEqual(360);
  });

  test("the account page has no violations: as it opens, with a refused form, after a save, and signed out", async ({
    page,
    seller: _seller,
  }) => {
    // Four scans: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    await gotoHydrated(page, "/my/account");
    expect(await axeViolations(page), "/my/account").toEqual([]);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByLabel("Current password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page), "/my/account with errors").toEqual([]);
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("status")).toHaveText("Your name is saved.");
    expect(await axeViolations(page), "/my/account after a save").toEqual([]);
    expect(await documentScrollWidth(page), "/my/account width").toBeLessThanOrEqual(360);
    await page.context().clearCookies();
    await page.goto("/my/account");
    expect(await axeViolations(page), "/my/account (signed out)").toEqual([]);
    expect(await documentScrollWidth(page), "/my/account width (signed out)").toBeLessThanOrEqual(360);
  });

  test("the report page and the back office have no violations, and fit 360 px", async ({ page, seller, createListing }) => {
    // Eight pages scanned: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(120_000);
    const listing = await createListing({ name: `Axe Reported Okra ${uniqueTag()}` });
    await withDatabase((db) => db.kysely.updateTable("user").set({ role: "admin" }).where("id", "=", seller.id).execute());
    const found: Record<string, string[]> = {};
    const scan = async (label: string) => {
      const violations = await axeViolations(page);
      if (violations.length) found[label] = violations;
      expect(await documentScrollWidth(page), `${label} width`).toBeLessThanOrEqual(360);
    };
    await gotoHydrated(page, `/view/${listing.id}/report`);
    await scan("/view/:id/report");
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Please choose what is wrong with this listing.")).toBeVisible();
    await scan("/view/:id/report with errors");
    for (const path of [
      "/admin",
      "/admin?view=hidden",
      `/admin/listings/${listing.id}`,
      `/admin/people?email=${encodeURIComponent(seller.email)}`,
      "/admin/audit",
      "/admin/jobs",
    ]) {
      await gotoHydrated(page, path);
      await scan(path);
    }
    await gotoHydrated(page, `/admin/listings/${listing.id}`);
    await page.getByRole("button", { name: "Hide the listing" }).click();
    await expect(page.getByText("Please write the reason. The seller will see it.")).toBeVisible();
    await scan("/admin/listings/:id with errors");
    expect(found).toEqual({});
  });
});
