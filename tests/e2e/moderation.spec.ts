/**
 * Trust and safety (issue 13) at 360 px, in real browsers: a visitor and a buyer report a
 * listing, a moderator works the queue and hides it with a reason, the seller sees why and asks
 * for a review once, the moderator restores it; three reports hide a listing by themselves; a
 * moderator bans a seller, whose very next request is signed out and whose sign-in is refused.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { MODERATION_MESSAGES } from "../../core/moderation/moderation";
import {
  createListingWith,
  documentScrollWidth,
  expect,
  gotoHydrated,
  logIn,
  openSellerContext,
  test,
  uniqueTag,
  watchServerErrors,
  withDatabase,
} from "./support/fixtures";

/** A signed-in person with a staff role (what `npm run admin:grant` does). */
async function openStaffContext(browser: Browser, role: "moderator" | "admin") {
  const staff = await openSellerContext(browser);
  await withDatabase((db) => db.kysely.updateTable("user").set({ role }).where("id", "=", staff.seller.id).execute());
  return staff;
}

async function reportAs(page: Page, listingId: string, reason: string, details?: string) {
  await gotoHydrated(page, `/view/${listingId}`);
  await page.getByText("Report this listing", { exact: true }).click();
  await page.getByRole("radio", { name: reason }).check();
  if (details) await page.getByLabel(/Tell us more/).fill(details);
  await page.getByRole("button", { name: "Send report" }).click();
  // Back on the listing; or, when this report hid it, on a page of thanks of its own.
  await expect(page).toHaveURL(new RegExp(`/view/${listingId}(\\?reported=1|/report\\?sent=1)$`));
  await expect(page.getByRole("status").filter({ hasText: MODERATION_MESSAGES.reported })).toBeVisible();
}

async function newPage(context: BrowserContext) {
  const page = await context.newPage();
  return { page, errors: watchServerErrors(page) };
}

test("reports reach the queue; a moderator hides the listing; its seller sees why, asks for a review once, and gets it back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const seller = await openSellerContext(browser);
  const moderator = await openStaffContext(browser, "moderator");
  const buyer = await openSellerContext(browser);
  const visitorContext = await browser.newContext();
  try {
    const name = `Reported Kesar Mango ${uniqueTag()}`;
    const listing = await createListingWith(seller.context.request, { name, category: "fruits", index: 5 });

    // A visitor forgets the reason, is told so on the report page, then reports with words of their own.
    const visitor = await newPage(visitorContext);
    await gotoHydrated(visitor.page, `/view/${listing.id}`);
    await expect(visitor.page.getByRole("heading", { name: "Stay safe" })).toBeVisible();
    await visitor.page.getByText("Report this listing", { exact: true }).click();
    await visitor.page.getByRole("button", { name: "Send report" }).click();
    await expect(visitor.page).toHaveURL(new RegExp(`/view/${listing.id}/report$`));
    await expect(visitor.page.getByText(MODERATION_MESSAGES.chooseReason)).toBeVisible();
    await visitor.page.getByRole("radio", { name: "Something else" }).check();
    await visitor.page.getByRole("button", { name: "Send report" }).click();
    await expect(visitor.page.getByText(MODERATION_MESSAGES.describeOther)).toBeVisible();
    await visitor.page.getByLabel(/Tell us more/).fill("The seller asked me to pay an advance first.");
    await visitor.page.getByRole("button", { name: "Send report" }).click();
    await expect(visitor.page).toHaveURL(new RegExp(`/view/${listing.id}\\?reported=1$`));
    // Reporting again is thanked the same way, and counts once.
    await reportAs(visitor.page, listing.id, "Looks fake or a scam");
    const buyerPage = await newPage(buyer.context);
    await reportAs(buyerPage.page, listing.id, "Wrong price or unit");

    // The moderator finds it in the queue with both reasons, and hides it with a reason.
    const mod = await newPage(moderator.context);
    await gotoHydrated(mod.page, "/admin");
    const entry = mod.page.getByRole("list", { name: "Listings to look at" }).getByRole("listitem").filter({ hasText: name });
    await expect(entry).toContainText("2 people reported");
    await expect(entry).toContainText("Something else × 1");
    expect(await documentScrollWidth(mod.page)).toBeLessThanOrEqual(360);
    await entry.getByRole("link", { name }).click();
    // The listing's own section: the queue's entry heading carries the same name.
    await expect(mod.page.getByRole("region", { name })).toBeVisible();
    await expect(mod.page.getByText("The seller asked me to pay an advance first.")).toBeVisible();
    // Hiding needs a reason the seller will read.
    await mod.page.getByRole("button", { name: "Hide the listing" }).click();
    await expect(mod.page.getByText(MODERATION_MESSAGES.giveReason)).toBeVisible();
    const reason = "The price must be per kg or per quintal, as the unit says. Please fix it.";
    await mod.page.getByLabel(/Hide it: the reason the seller sees/).fill(reason);
    await mod.page.getByRole("button", { name: "Hide the listing" }).click();
    await expect(mod.page.getByRole("status").filter({ hasText: "Hidden." })).toBeVisible();
    expect(await documentScrollWidth(mod.page)).toBeLessThanOrEqual(360);

    // Buyers: gone from its address and from search at once.
    const gone = await visitor.page.goto(`/view/${listing.id}`);
    expect(gone?.status()).toBe(404);
    await gotoHydrated(visitor.page, `/viewmore?q=${encodeURIComponent(name)}`);
    await expect(visitor.page.getByRole("link", { name })).toHaveCount(0);

    // The seller sees it hidden and why, and asks for a review: once.
    const own = await newPage(seller.context);
    await gotoHydrated(own.page, "/my/listings");
    const row = own.page.getByRole("list", { name: "My listings" }).getByRole("listitem").filter({ hasText: name });
    await expect(row).toContainText("Hidden by a moderator");
    await expect(row).toContainText(reason);
    await row.getByRole("button", { name: `Ask for a review: ${name}` }).click();
    await expect(own.page.getByRole("status").filter({ hasText: MODERATION_MESSAGES.reviewRequested })).toBeVisible();
    await expect(row.getByRole("button", { name: /Ask for a review/ })).toHaveCount(0);
    await expect(row).toContainText("You asked for a review on");
    // Their own page still opens for them, saying it is hidden.
    await gotoHydrated(own.page, `/view/${listing.id}`);
    await expect(own.page.getByText("Hidden by a moderator")).toBeVisible();

    // The moderator sees the request and restores the listing.
    await gotoHydrated(mod.page, "/admin?view=review");
    await mod.page.getByRole("link", { name }).click();
    await expect(mod.page.getByText(/The seller asked for a review on/)).toBeVisible();
    await mod.page.getByRole("button", { name: "Restore the listing" }).click();
    await expect(mod.page.getByRole("status").filter({ hasText: "Restored." })).toBeVisible();
    const back = await visitor.page.goto(`/view/${listing.id}`);
    expect(back?.status()).toBe(200);
    await expect(mod.page.getByRole("heading", { name: "What was done" })).toBeVisible();
    await expect(mod.page.getByText(`${moderator.seller.name} restored the listing ${name}`)).toBeVisible();

    expect([...visitor.errors, ...buyerPage.errors, ...mod.errors, ...own.errors]).toEqual([]);
  } finally {
    await visitorContext.close();
    await Promise.all([seller.dispose(), moderator.dispose(), buyer.dispose()]);
  }
});

test("reports from three different people hide a listing by themselves", async ({ browser }) => {
  // Four people, three reports through the page: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  const seller = await openSellerContext(browser);
  const buyers = [await openSellerContext(browser), await openSellerContext(browser), await openSellerContext(browser)];
  const visitorContext = await browser.newContext();
  try {
    const name = `Auto Hidden Toor Dal ${uniqueTag()}`;
    const listing = await createListingWith(seller.context.request, { name, category: "oil-seeds", index: 6 });
    const visitor = await visitorContext.newPage();
    for (const [index, buyer] of buyers.entries()) {
      const page = await buyer.context.newPage();
      await reportAs(page, listing.id, "Looks fake or a scam");
      const status = (await visitor.goto(`/view/${listing.id}`))?.status();
      // Two reports change nothing; the third hides it before the next page is asked for.
      expect(status, `after ${index + 1} report(s)`).toBe(index < 2 ? 200 : 404);
    }
    const own = await seller.context.newPage();
    await gotoHydrated(own, "/my/listings");
    await expect(own.getByRole("list", { name: "My listings" }).getByRole("listitem").filter({ hasText: name })).toContainText(
      MODERATION_MESSAGES.autoHidden,
    );
  } finally {
    await visitorContext.close();
    await Promise.all([seller.dispose(), ...buyers.map((b) => b.dispose())]);
  }
});

test("a banned seller is signed out on their next request, cannot sign in, and their listings and page go until the ban is lifted", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const seller = await openSellerContext(browser);
  const moderator = await openStaffContext(browser, "moderator");
  const visitorContext = await browser.newContext();
  try {
    const name = `Banned Seller Rice ${uniqueTag()}`;
    const listing = await createListingWith(seller.context.request, { name, category: "rice", index: 7 });
    const own = await seller.context.newPage();
    await gotoHydrated(own, "/my/listings");
    await expect(own.getByText(`Signed in as ${seller.seller.name}`)).toBeAttached();

    const mod = await moderator.context.newPage();
    await gotoHydrated(mod, `/admin/people?email=${encodeURIComponent(seller.seller.email)}`);
    await expect(mod.getByRole("heading", { name: seller.seller.name })).toBeVisible();
    await mod.getByLabel(/Ban .*: the reason/).fill("Took advance payments and did not deliver.");
    await mod.getByRole("button", { name: "Ban this person" }).click();
    await expect(mod.getByRole("status").filter({ hasText: "Banned." })).toBeVisible();
    expect(await documentScrollWidth(mod)).toBeLessThanOrEqual(360);

    // The seller's very next request: signed out, sent to log in; signing in is refused, saying why.
    await own.goto("/my/listings");
    await expect(own).toHaveURL(/\/login\?redirectTo=/);
    await own.getByLabel("Email", { exact: true }).fill(seller.seller.email);
    await own.getByLabel("Password", { exact: true }).fill(seller.seller.password);
    await own.getByRole("button", { name: "Login" }).click();
    await expect(own.getByText(MODERATION_MESSAGES.banned)).toBeVisible();

    const visitor = await visitorContext.newPage();
    expect((await visitor.goto(`/view/${listing.id}`))?.status()).toBe(404);
    expect((await visitor.goto(`/seller/${seller.seller.id}`))?.status()).toBe(404);

    // Lifting the ban brings the listing back, and the seller can sign in again.
    await gotoHydrated(mod, `/admin/people?id=${seller.seller.id}`);
    await mod.getByRole("button", { name: "Lift the ban" }).click();
    await expect(mod.getByRole("status").filter({ hasText: "The ban is lifted." })).toBeVisible();
    expect((await visitor.goto(`/view/${listing.id}`))?.status()).toBe(200);
    await logIn(own, seller.seller);
    await gotoHydrated(own, "/my/listings");
    await expect(own.getByRole("list", { name: "My listings" })).toContainText(name);
  } finally {
    await visitorContext.close();
    await Promise.all([seller.dispose(), moderator.dispose()]);
  }
});
