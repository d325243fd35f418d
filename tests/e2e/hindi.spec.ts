/**
 * Mandi in Hindi (decision 015), in a browser that asks for Hindi (locale hi-IN, so
 * Accept-Language: hi-IN): the main flows work, their texts looked up in the catalogue rather
 * than written here. That every page's words are Hindi and pass axe is crawled for every
 * language at once (every-language-pages.spec.ts).
 */
import { translateServerMessage } from "../../core/i18n/server-messages";
import { makeProducePhoto } from "../../server/seed/factories";
import {
  deleteUser,
  deleteUserByEmail,
  expect,
  gotoHydrated,
  logInWith,
  openAccountMenu,
  randomIndianMobile,
  test,
  type CreatedListing,
  type Seller,
  uniqueTag,
} from "./support/fixtures";
import { chooseLanguage } from "./support/languages";
import { hindiSellerWithListing } from "./support/page-words";
import { en, hi } from "./support/catalogues";

test.use({ locale: "hi-IN" });

test.describe("every page in Hindi", () => {
  let seller: Seller;
  let listing: CreatedListing;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    ({ seller, listing } = await hindiSellerWithListing(request));
    await request.dispose();
  });

  test.afterAll(async () => {
    if (seller) await deleteUser(seller.id);
  });

  test("browse the home page, search, and open a listing", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page).toHaveTitle(hi.meta.site);
    await expect(page.getByRole("heading", { name: hi.home.quickMenu })).toBeVisible();
    await expect(page.getByRole("heading", { name: hi.home.fresh })).toBeVisible();

    // A quick link opens its category's section.
    await page
      .getByRole("navigation", { name: hi.banner.quickLinks })
      .getByRole("link", { name: hi.category.label.rice, exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: hi.category.label.rice, exact: true })).toBeVisible();
    const card = page
      .getByRole("list", { name: `${hi.category.label.rice} के उत्पाद` })
      .getByRole("link")
      .filter({ hasText: listing.name });
    await expect(card).toContainText("₹2,400 / क्विंटल");
    await expect(card).toContainText("₹24 / किलो");

    // The header's name search, with its suggestions.
    const search = page.getByRole("combobox", { name: hi.search.byName });
    await expect(search).toHaveAttribute("placeholder", hi.search.namePlaceholder);
    await search.fill(listing.name.slice(0, 8));
    const suggestion = page.getByRole("listbox", { name: hi.search.suggested }).getByRole("option").filter({ hasText: listing.name });
    await expect(suggestion).toContainText(hi.category.label.rice);
    await search.fill(listing.name);
    await search.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/viewmore");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hi.browse.resultsFor.replace("{{q}}", listing.name));
    await expect(page.getByRole("status")).toHaveText(
      hi.browse.showingOne.replace("{{from}}", "1").replace("{{to}}", "1").replace("{{total}}", "1"),
    );

    // A search that finds nothing says so in Hindi (the specification's words on English pages).
    await gotoHydrated(page, "/viewmore?q=zzqqxx");
    await expect(page.getByRole("alert")).toHaveText(hi.spec.noItems);
    await expect(page.getByRole("alert")).not.toHaveAttribute("lang", /^en/);

    // The listing's page: labels, units, dates in Hindi; the price grouped the Indian way.
    await gotoHydrated(page, `/view/${listing.id}`);
    await expect(page).toHaveTitle(`${listing.name} — ₹2,400 / क्विंटल (₹24 / किलो) — Mandi`);
    const details = page.locator("dl");
    await expect(details).toContainText(`${hi.listing.category}${hi.category.label.rice}`);
    await expect(details).toContainText(`${hi.listing.available}12 क्विंटल`);
    await expect(details).toContainText(`${hi.listing.minOrder}2 क्विंटल`);
    await expect(details).toContainText(`${hi.listing.organic}${hi.listing.yes}`);
    await expect(details.locator("time").first()).toHaveText("1 दिस॰ 2026");
    await expect(
      page.getByRole("link", { name: hi.listing.callSellerOn.replace("{{name}}", seller.name).replace(/\{\{phone\}\}/, "") }),
    ).toHaveAttribute("data-contact-href", /^tel:\+91/);
    await expect(page.getByRole("heading", { name: hi.safety.title })).toBeVisible();
  });

  test("sign up, with the form's own messages in Hindi, then log in", async ({ page }) => {
    const email = `hindi-${uniqueTag()}@example.in`;
    const password = "kheti-kisan-2026";
    try {
      await gotoHydrated(page, "/signup");
      await expect(page).toHaveTitle(`${hi.meta.signup} — Mandi`);
      await page.getByRole("button", { name: hi.signup.submit }).click();
      await expect(page.getByText(translateServerMessage("Please enter your full name.", "hi"))).toBeVisible();
      await expect(page.getByText(translateServerMessage("Please enter your email.", "hi"))).toBeVisible();
      await expect(page.getByText(translateServerMessage("Please enter a password.", "hi"))).toBeVisible();

      await page.getByLabel(hi.signup.name, { exact: true }).fill("राम प्रसाद");
      await page.getByLabel(hi.signup.email, { exact: true }).fill(email);
      await page.getByLabel(hi.signup.phone, { exact: true }).fill(randomIndianMobile());
      await page.getByLabel(hi.signup.password, { exact: true }).fill("short");
      await page.getByRole("button", { name: hi.signup.submit }).click();
      await expect(page.getByText("कृपया अपने पासवर्ड में कम से कम 8 अक्षर रखें।")).toBeVisible();
      await page.getByLabel(hi.signup.password, { exact: true }).fill(password);
      await page.getByRole("button", { name: hi.signup.submit }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/login");
      await expect(page.getByRole("status")).toHaveText(hi.login.registered);

      // A wrong password: better-auth's refusal, in Hindi.
      await page.getByLabel(hi.login.email, { exact: true }).fill(email);
      await page.getByLabel(hi.login.password, { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: hi.login.submit, exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText(translateServerMessage("Invalid email or password.", "hi"));
      await page.getByLabel(hi.login.password, { exact: true }).fill(password);
      await page.getByRole("button", { name: hi.login.submit, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
      const account = page.getByRole("navigation", { name: hi.shell.account });
      await expect(account.locator("summary")).toHaveText("राम▾");
      await openAccountMenu(page);
      await expect(account.getByText(hi.shell.signedInAs.replace("{{name}}", "राम प्रसाद"))).toBeVisible();
      await expect(account.getByRole("button", { name: hi.shell.logout })).toBeVisible();
    } finally {
      await deleteUserByEmail(email);
    }
  });

  test("sell a listing through the form in Hindi", async ({ page }) => {
    await logInWith(page.request, seller);
    const name = `देसी टमाटर ${uniqueTag()}`;
    await gotoHydrated(page, "/");
    await page.getByRole("navigation", { name: hi.shell.account }).getByRole("link", { name: hi.shell.sell, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/create");
    await expect(page.getByRole("heading", { level: 1, name: hi.sell.title })).toBeVisible();
    await expect(page.getByText(hi.sell.shrinkHint)).toBeVisible();

    const category = page.getByLabel(hi.sell.category, { exact: true });
    await expect(category.getByRole("option")).toHaveText([hi.sell.selectCategory, ...Object.values(hi.category.form)]);
    await page.getByRole("button", { name: hi.sell.submit }).click();
    await expect(page.locator("#name-error")).toHaveText(translateServerMessage("Please enter the product name.", "hi"));

    await page.getByLabel(hi.sell.name, { exact: true }).fill(name);
    await category.selectOption({ label: hi.category.form.vegetables });
    await page.getByLabel(hi.sell.soldBy, { exact: true }).selectOption({ label: hi.unit.option.kg });
    await page.getByLabel(hi.sell.price.replace("{{unit}}", hi.unit.one.kg), { exact: true }).fill("1,25,000");
    await page.getByLabel(hi.sell.description, { exact: true }).fill("लाल, पके हुए टमाटर।");
    // Places in Hindi, in Hindi alphabetical order.
    const states = page.getByLabel(hi.sell.state, { exact: true });
    await expect(states.getByRole("option").nth(1)).toHaveText("अरुणाचल प्रदेश");
    await states.selectOption({ label: "महाराष्ट्र" });
    await page.getByLabel(hi.sell.district, { exact: true }).selectOption({ label: "नासिक" });
    await page.getByLabel(hi.sell.photos, { exact: true }).setInputFiles({
      name: "tamatar.jpg",
      mimeType: "image/jpeg",
      buffer: await makeProducePhoto("vegetables", 3, { width: 800, height: 600 }),
    });
    await expect(page.getByRole("img", { name: hi.sell.previewCover.replace("{{n}}", "1") })).toBeVisible();
    await expect(page.getByText(hi.photo.state.success, { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: hi.sell.submit }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("status").filter({ hasText: hi.home.created })).toBeVisible();
    const card = page.getByRole("list", { name: hi.home.fresh }).getByRole("link").filter({ hasText: name });
    await expect(card).toContainText("₹1,25,000 / किलो");
    await expect(card).toContainText(hi.category.label.vegetables);
    await expect(card).toContainText("नासिक, महाराष्ट्र");
  });

  test("places in Hindi: the card and the listing page name them, and a search in Hindi finds them", async ({ page }) => {
    // The listing is in Nashik, Maharashtra (TEST_PLACE).
    await gotoHydrated(page, `/viewmore?q=${encodeURIComponent(listing.name)}`);
    const card = page.getByRole("list").getByRole("link").filter({ hasText: listing.name });
    await expect(card).toContainText("नासिक, महाराष्ट्र");
    await expect(card).not.toContainText("Nashik");

    await gotoHydrated(page, `/view/${listing.id}`);
    await expect(page.locator("dl")).toContainText(`${hi.listing.where}नासिक, महाराष्ट्र`);

    // The header's search: "नासिक", and the Marathi spelling "नाशिक", find it as "Nashik" does.
    for (const q of ["नासिक", "नाशिक", "Nashik"]) {
      await gotoHydrated(page, "/");
      const search = page.getByRole("combobox", { name: hi.search.byName });
      await search.fill(q);
      await search.press("Enter");
      await expect(page).toHaveURL((url) => url.pathname === "/viewmore" && url.searchParams.get("q") === q);
      await expect(page.getByRole("link").filter({ hasText: listing.name }).first(), q).toBeVisible();
    }

    // The filters name places in Hindi, and Mumbai is one choice beside its two districts.
    await gotoHydrated(page, "/viewmore?state=maharashtra");
    await expect(page.getByLabel(hi.browse.state, { exact: true }).locator("option:checked")).toHaveText("महाराष्ट्र");
    const districts = page.getByLabel(hi.browse.district, { exact: true });
    await expect(districts.getByRole("option", { name: "मुंबई", exact: true })).toHaveAttribute("value", "mumbai");
    await expect(districts.getByRole("option", { name: "मुंबई शहर", exact: true })).toHaveAttribute("value", "mumbai-city");
    await gotoHydrated(page, `/viewmore?state=${encodeURIComponent("महाराष्ट्र")}&district=${encodeURIComponent("नासिक")}`);
    await expect(page.getByLabel(hi.browse.district, { exact: true }).locator("option:checked")).toHaveText("नासिक");

    // The footer's links, in Hindi; Mumbai's covers both its districts.
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "मुंबई", exact: true })).toHaveAttribute(
      "href",
      "/viewmore?state=maharashtra&district=mumbai",
    );
    await expect(footer.getByRole("link", { name: "दिल्ली", exact: true })).toHaveAttribute("href", "/viewmore?state=delhi");
  });

  test("switch to English and back from the header, staying on the same page", async ({ page }) => {
    const path = `/view/${listing.id}`;
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { name: hi.listing.sellerDetails })).toBeVisible();
    await chooseLanguage(page, "en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole("heading", { name: en.listing.sellerDetails })).toBeVisible();
    await expect(page.locator("dl time").first()).toHaveText("1 Dec 2026");
    await chooseLanguage(page, "hi");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole("heading", { name: hi.listing.sellerDetails })).toBeVisible();
  });
});
