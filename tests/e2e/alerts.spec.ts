/**
 * Saved searches and alerts (issue 24, decision 022) at 360 px: a signed-out buyer asks to be
 * told about onions in Nashik, logs in and comes back to save it; a seller lists onions in
 * Nashik; the buyer sees them under My alerts, marked new, with a count in the header. In
 * English and Hindi; axe finds nothing on My alerts.
 */
import { axeViolations } from "./support/axe";
import {
  createListingWith,
  deleteListings,
  deleteUser,
  expect,
  logInWith,
  openAccountMenu,
  signUpSellerWith,
  test,
  uniqueTag,
  withDatabase,
} from "./support/fixtures";

test.use({ viewport: { width: 360, height: 780 }, bypassCSP: true });

/** What a test made: its listings, the buyer's saved searches and matches, and both people. */
async function cleanUp(listings: string[], buyerId: string, sellerId: string) {
  await deleteListings(listings);
  await withDatabase(async (db) => {
    await db.kysely.deleteFrom("alert_match").where("user_id", "=", buyerId).execute();
    await db.kysely.deleteFrom("saved_search").where("user_id", "=", buyerId).execute();
  });
  await deleteUser(sellerId);
  await deleteUser(buyerId);
}

test("a buyer saves onion in Nashik, a seller lists onions there, and the buyer sees them under My alerts", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const buyer = await signUpSellerWith(request);
  const sellerContext = await browser.newContext();
  const seller = await signUpSellerWith(sellerContext.request);
  await logInWith(sellerContext.request, seller);
  const listings: string[] = [];
  try {
    // Something is listed, so /viewmore has a marketplace to show.
    listings.push((await createListingWith(sellerContext.request, { name: `Old Onion ${uniqueTag()}`, price: "20" })).id);

    // Signed out: the button leads to the login page, and back to the question after it.
    await page.goto("/viewmore?q=onion&state=maharashtra&district=nashik&max=25");
    await page.getByRole("button", { name: "Tell me when new listings match" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(buyer.email);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill(buyer.password);
    await page.getByRole("main").getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/my\/alerts\/new\?/);
    await expect(page.getByText("Onion · Nashik, Maharashtra · up to ₹25 / kg")).toBeVisible();
    await page.getByRole("button", { name: "Tell me when new listings match" }).click();
    await expect(page).toHaveURL(/\/my\/alerts\?done=saved/);
    const saved = page.getByRole("list", { name: "My alerts" }).getByRole("listitem");
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole("heading", { name: "Onion · Nashik, Maharashtra · up to ₹25 / kg" })).toBeVisible();

    // The seller lists onions in Nashik (and some too dear, which the buyer is not told about).
    const name = `Nashik Red Onion ${uniqueTag()}`;
    listings.push((await createListingWith(sellerContext.request, { name, price: "22" })).id);
    listings.push((await createListingWith(sellerContext.request, { name: `Dear Onion ${uniqueTag()}`, price: "40" })).id);

    // Within the promised minute (the job runs within a second here), with a count in the header.
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByRole("banner").getByRole("link", { name: "My alerts (1)", includeHidden: true })).toBeAttached({
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    // Reading the page changes nothing; once shown, it posts that what it showed was seen (issue 38, finding 7).
    const seenPost = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/my/alerts"));
    await openAccountMenu(page);
    await page.getByRole("banner").getByRole("link", { name: "My alerts (1)" }).click();
    const found = page.getByRole("region", { name: "Listings found for you" }).getByRole("listitem");
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(name);
    await expect(found).toContainText("New");
    // The count is the search's own (the onion listed before it was saved too); the next test counts exactly.
    await expect(page.getByText(/^([2-9]|\d\d+) listings found$/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Seen: the header loses its count at once, and on the next visit nothing is new.
    expect((await seenPost).status()).toBe(200);
    await expect(page.getByRole("banner").getByRole("link", { name: "My alerts", exact: true, includeHidden: true })).toBeAttached();
    await expect(found).toContainText("New");
    await page.reload();
    await expect(page.getByRole("region", { name: "Listings found for you" }).getByText("New", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "My alerts", exact: true, includeHidden: true })).toBeAttached();

    // Pause, rename and resume, without trouble; nobody else can touch it (the authorization spec checks that too).
    await page.getByText("How to hear: Onion").click();
    await page.getByLabel("Name for this search").fill("Onions for the shop");
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByRole("heading", { name: "Onions for the shop" })).toBeVisible();
    await page.getByRole("button", { name: "Pause: Onions for the shop" }).click();
    await expect(page.getByText("Paused", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Resume: Onions for the shop" }).click();

    // In Hindi.
    await page.context().addCookies([{ name: "lang", value: "hi", url: page.url() }]);
    await page.goto("/my/alerts");
    await expect(page.getByRole("heading", { level: 1, name: "मेरे अलर्ट" })).toBeVisible();
    await expect(page.getByText("Onion · नासिक, महाराष्ट्र · ₹25 / kg तक")).toBeVisible();
    await expect(page.getByRole("heading", { name: "आपके लिए मिली लिस्टिंग" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await cleanUp(listings, buyer.id, seller.id);
    await sellerContext.close();
  }
});

test("without JavaScript, reading My alerts changes nothing and a button marks what it showed as seen", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const buyer = await signUpSellerWith(request);
  const seller = await signUpSellerWith(request);
  const buyerContext = await browser.newContext({ javaScriptEnabled: false });
  const sellerContext = await browser.newContext();
  await logInWith(buyerContext.request, buyer);
  await logInWith(sellerContext.request, seller);
  const page = await buyerContext.newPage();
  const listings: string[] = [];
  try {
    const tag = uniqueTag();
    await page.goto(`/my/alerts/new?q=${encodeURIComponent(`okra ${tag}`)}`);
    await page.getByRole("button", { name: "Tell me when new listings match" }).click();
    await expect(page).toHaveURL(/\/my\/alerts\?done=saved/);
    listings.push((await createListingWith(sellerContext.request, { name: `Okra ${tag}`, price: "30" })).id);
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByRole("banner").getByRole("link", { name: "My alerts (1)", includeHidden: true })).toBeAttached({
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    for (let visit = 0; visit < 2; visit++) {
      await page.goto("/my/alerts");
      await expect(page.getByRole("region", { name: "Listings found for you" }).getByText("New", { exact: true })).toHaveCount(1);
      await expect(page.getByRole("banner").getByRole("link", { name: "My alerts (1)", includeHidden: true })).toBeAttached();
    }
    await page.getByRole("button", { name: "Mark all as seen" }).click();
    await expect(page).toHaveURL(/\/my\/alerts$/);
    await expect(page.getByRole("region", { name: "Listings found for you" }).getByText("New", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "My alerts", exact: true, includeHidden: true })).toBeAttached();
    await expect(page.getByRole("button", { name: "Mark all as seen" })).toHaveCount(0);
  } finally {
    await cleanUp(listings, buyer.id, seller.id);
    await buyerContext.close();
    await sellerContext.close();
  }
});

for (const javaScriptEnabled of [true, false])
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript, a search nearest to Nashik is saved with its order and place, and counts what it finds (issue 42)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const buyer = await signUpSellerWith(request);
    const seller = await signUpSellerWith(request);
    const buyerContext = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 640 } });
    const sellerContext = await browser.newContext();
    await logInWith(buyerContext.request, buyer);
    await logInWith(sellerContext.request, seller);
    const page = await buyerContext.newPage();
    const listings: string[] = [];
    try {
      const tag = uniqueTag();
      const name = `Onion ${tag}`;
      listings.push((await createListingWith(sellerContext.request, { name, price: "20" })).id);
      listings.push(
        (await createListingWith(sellerContext.request, { name, price: "24", more: { state: "punjab", district: "ludhiana" } })).id,
      );
      await page.goto(`/viewmore?q=${encodeURIComponent(name)}&sort=near&from=maharashtra%2Fnashik`);
      await expect(page.getByRole("note")).toHaveText("Nearest to Nashik first");
      await expect(page.getByText("Showing 1–2 of 2 products")).toBeVisible();
      await page.getByRole("button", { name: "Tell me when new listings match" }).click();
      await expect(page).toHaveURL(/\/my\/alerts\?done=saved/);
      const saved = page.getByRole("list", { name: "My alerts" }).getByRole("listitem");
      await expect(saved).toHaveCount(1);
      // What was asked, the place included, and the count the search itself gives (it said "0 listings found").
      await expect(saved.getByRole("heading", { name: `${name} · nearest to Nashik first` })).toBeVisible();
      await expect(saved.getByText("2 listings found")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // Its link asks the same search again, nearest to Nashik.
      await saved.getByRole("link", { name: `See matching listings: ${name} · nearest to Nashik first` }).click();
      await expect(page).toHaveURL(/sort=near&from=maharashtra%2Fnashik/);
      await expect(page.getByRole("note")).toHaveText("Nearest to Nashik first");
      await expect(page.getByText("Showing 1–2 of 2 products")).toBeVisible();
      // In Hindi, the same search in Hindi words.
      await buyerContext.addCookies([{ name: "lang", value: "hi", url: page.url() }]);
      await page.goto("/my/alerts");
      await expect(page.getByRole("heading", { name: `${name} · नासिक के सबसे पास पहले` })).toBeVisible();
      await expect(page.getByText("2 लिस्टिंग मिलीं")).toBeVisible();
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    } finally {
      await cleanUp(listings, buyer.id, seller.id);
      await buyerContext.close();
      await sellerContext.close();
    }
  });
