/**
 * The rest of the flows in Hindi (issue 11), in a browser that asks for Hindi (locale hi-IN),
 * driven through the pages as a person would: a seller runs their listings from My listings, a
 * person changes their account, a buyer reports a listing, and an admin hides, restores, bans and
 * unbans in the back office and reads it all in the audit log. Every text is looked up in the
 * catalogues (core/i18n/hi.ts, translateServerMessage), and the pages these flows land on show no
 * run of Latin letters but names, figures and the allow-list (tests/e2e/support/page-words.ts).
 */
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { formatShortDate } from "../../core/shared/dates";
import { translateServerMessage } from "../../core/i18n/server-messages";
import { MODERATION_MESSAGES } from "../../core/moderation/moderation";
import {
  createListingWith,
  deleteUser,
  documentScrollWidth,
  expect,
  gotoHydrated,
  logInWith,
  openAccountMenu,
  signUpSellerWith,
  test,
  type Seller,
  uniqueTag,
  watchServerErrors,
  withDatabase,
} from "./support/fixtures";
import { latinLeftNow, tHi as t } from "./support/page-words";
import { hi } from "./support/catalogues";

test.use({ locale: "hi-IN" });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A server message as a Hindi page shows it. */
const server = (message: string) => translateServerMessage(message, "hi");

const accountNav = (page: Page) => page.getByRole("navigation", { name: hi.shell.account });
const listingRow = (page: Page, name: string) =>
  page.getByRole("list", { name: hi.mine.title }).getByRole("listitem").filter({ hasText: name });
/** A button or link of a row of My listings, named for its listing ("बदलें: …"). */
const named = (what: string, name: string) => t("mine.named", { what, name });

/** A person signed up under a Hindi name, signed in on a new hi-IN browser context of their own. */
async function openHindiContext(browser: Browser, name: string, role?: "admin") {
  const context = await browser.newContext({ locale: "hi-IN" });
  const person = await signUpSellerWith(context.request, { name });
  if (role) await withDatabase((db) => db.kysely.updateTable("user").set({ role }).where("id", "=", person.id).execute());
  await logInWith(context.request, person);
  return { context, person };
}

/**
 * A back-office form sent first without the reason it needs (refused: the message beside the
 * field, which takes the focus), then with it, until the page says it is done.
 */
async function sendWithReason(page: Page, field: Locator, button: string, refused: string, reason: string, done: string) {
  await page.getByRole("button", { name: button }).click();
  await expect(field).toHaveAccessibleDescription(server(refused));
  await expect(field).toBeFocused();
  expect(await latinLeftNow(page)).toEqual([]);
  await field.fill(reason);
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("status")).toHaveText(done);
}

async function closeAll(people: Array<{ context: BrowserContext; person: Seller } | undefined>) {
  for (const p of people) {
    if (!p) continue;
    await p.context.close();
    await deleteUser(p.person.id);
  }
}

test("a seller marks a listing sold, renews it, edits it and deletes it, all in Hindi", async ({ browser }) => {
  test.setTimeout(120_000);
  const seller = await openHindiContext(browser, "गीता यादव");
  try {
    const page = await seller.context.newPage();
    const errors = watchServerErrors(page);
    const name = `लोकवन गेहूँ ${uniqueTag()}`;
    const listing = await createListingWith(page.request, {
      name,
      category: "wheat",
      description: "साफ़ और सूखा दाना।",
      more: { unit: "quintal", price: "2400" },
    });

    // My listings, from the name in the header.
    await gotoHydrated(page, "/");
    await openAccountMenu(page);
    await expect(accountNav(page).getByText(t("shell.signedInAs", { name: seller.person.name }))).toBeVisible();
    await accountNav(page).getByRole("link", { name: hi.mine.title }).click();
    await expect(page).toHaveURL("/my/listings");
    await expect(page).toHaveTitle(t("meta.page", { page: hi.mine.title }));
    await expect(page.getByRole("heading", { level: 1, name: hi.mine.title })).toBeVisible();
    await expect(page.getByText(t("mine.countOne", { count: 1 }))).toBeVisible();
    const row = listingRow(page, name);
    await expect(row).toContainText(hi.mine.status.active);
    await expect(row).toContainText(t("date.inDays", { days: 59 }));
    await expect(row).toContainText("₹2,400 / क्विंटल (₹24 / किलो)");
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(360);
    expect(await latinLeftNow(page)).toEqual([]);

    // Sold: the row and the listing's own page say so.
    await row.getByRole("button", { name: named(hi.mine.markSold, name) }).click();
    await expect(page.getByRole("status")).toHaveText(hi.mine.done.sold);
    await expect(row).toContainText(hi.mine.status.sold);
    expect(await latinLeftNow(page)).toEqual([]);
    await gotoHydrated(page, `/view/${listing.id}`);
    await expect(page.getByRole("status")).toContainText(hi.listing.sold);
    await expect(page.getByRole("status")).toContainText(
      `${hi.listing.sellerSold} ${t("listing.stillSee", { category: hi.category.lower.wheat })}`,
    );
    await expect(page).toHaveTitle(t("meta.page", { page: `${name} — ${hi.listing.sold}` }));

    // Available again, then renewed.
    await page.goBack();
    await listingRow(page, name)
      .getByRole("button", { name: named(hi.mine.availableAgain, name) })
      .click();
    await expect(page.getByRole("status")).toHaveText(hi.mine.done.available);
    await expect(listingRow(page, name)).toContainText(hi.mine.status.active);
    await listingRow(page, name)
      .getByRole("button", { name: named(hi.mine.renew, name) })
      .click();
    await expect(page.getByRole("status")).toHaveText(hi.mine.done.renew);
    expect(await latinLeftNow(page)).toEqual([]);

    // Edited through the form: a refused price first, then a new name and price.
    await listingRow(page, name)
      .getByRole("link", { name: named(hi.mine.edit, name) })
      .click();
    await expect(page).toHaveURL(`/my/listings/${listing.id}/edit`);
    await expect(page.getByRole("heading", { level: 1, name: t("sell.editTitle", { name }) })).toBeVisible();
    await expect(page.getByText(hi.sell.editIntro)).toBeVisible();
    const priceLabel = t("sell.price", { unit: hi.unit.one.quintal });
    const price = page.getByLabel(priceLabel, { exact: true });
    await expect(price).toHaveValue("2400");
    await expect(page.getByLabel(hi.sell.district, { exact: true }).locator("option:checked")).toHaveText("नासिक");
    await price.fill("");
    await page.getByRole("button", { name: hi.sell.save }).click();
    await expect(page.getByLabel(priceLabel, { exact: true })).toHaveAccessibleDescription(server("Please enter the price."));
    expect(await latinLeftNow(page)).toEqual([]);

    const newName = `शरबती गेहूँ ${uniqueTag()}`;
    await page.getByLabel(hi.sell.name, { exact: true }).fill(newName);
    await page.getByLabel(priceLabel, { exact: true }).fill("2,600");
    await page.getByRole("button", { name: hi.sell.save }).click();
    await expect(page).toHaveURL(/\/my\/listings\?saved=/);
    await expect(page.getByRole("status")).toHaveText(hi.mine.saved);
    await expect(listingRow(page, newName)).toContainText("₹2,600 / क्विंटल (₹26 / किलो)");
    expect(await latinLeftNow(page)).toEqual([]);
    await listingRow(page, newName).getByRole("link", { name: newName, exact: true }).click();
    await expect(page).toHaveURL(`/view/${listing.id}`);
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
    await expect(page.getByText("₹2,600 / क्विंटल (₹26 / किलो)", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(t("meta.page", { page: `${newName} — ₹2,600 / क्विंटल (₹26 / किलो)` }));

    // Deleting asks first; "no" keeps it, "yes" removes it and its address answers 410.
    await page.goBack();
    await listingRow(page, newName)
      .getByRole("link", { name: named(hi.mine.delete, newName) })
      .click();
    await expect(page.getByRole("heading", { name: t("mine.confirmDelete", { name: newName }) })).toBeVisible();
    await expect(page.getByText(hi.mine.confirmText)).toBeVisible();
    await expect(page.getByRole("button", { name: hi.mine.yesDelete })).toBeFocused();
    expect(await latinLeftNow(page)).toEqual([]);
    await page.getByRole("link", { name: hi.mine.noKeep }).click();
    await expect(page.getByRole("heading", { name: t("mine.confirmDelete", { name: newName }) })).toHaveCount(0);
    await expect(listingRow(page, newName)).toHaveCount(1);
    await listingRow(page, newName)
      .getByRole("link", { name: named(hi.mine.delete, newName) })
      .click();
    await page.getByRole("button", { name: hi.mine.yesDelete }).click();
    await expect(page.getByRole("status")).toHaveText(hi.mine.done.delete);
    await expect(listingRow(page, newName)).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveText(hi.mine.none);
    expect(await latinLeftNow(page)).toEqual([]);
    const gone = await page.goto(`/view/${listing.id}`);
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: hi.error.removed })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await closeAll([seller]);
  }
});

test.describe("my account in Hindi", () => {
  // Several sends, each hashing a password: more than the default 30 s on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test("name, phone and place: refused with Hindi messages beside the fields, then saved", async ({ browser }) => {
    const me = await openHindiContext(browser, "कविता उज्ज्वल");
    try {
      const page = await me.context.newPage();
      await gotoHydrated(page, "/my/account");
      await expect(page).toHaveTitle(t("meta.page", { page: hi.account.title }));
      await expect(page.getByRole("heading", { level: 1, name: hi.account.title })).toBeVisible();
      await expect(page.getByRole("region", { name: hi.account.details })).toContainText(
        `${hi.account.logInWith} ${me.person.email}${hi.account.detailsSeen}`,
      );
      expect(await latinLeftNow(page)).toEqual([]);

      // The name: a blank one is refused, a new one shows in the header.
      const name = page.getByLabel(hi.account.fullName, { exact: true });
      await expect(name).toHaveValue(me.person.name);
      await name.fill(" ");
      await page.getByRole("button", { name: hi.account.saveName }).click();
      await expect(name).toHaveAccessibleDescription(server("Please enter your full name."));
      await expect(name).toBeFocused();
      await name.fill("...");
      await page.getByRole("button", { name: hi.account.saveName }).click();
      await expect(name).toHaveAccessibleDescription(server("Please use letters or numbers in your full name."));
      await expect(name).toHaveValue("...");
      const newName = `कविता देवी ${uniqueTag()}`;
      await name.fill(newName);
      await page.getByRole("button", { name: hi.account.saveName }).click();
      await expect(page.getByRole("status")).toHaveText(hi.account.saved.name);
      await expect(page.getByRole("status").locator("..")).toBeFocused();
      await expect(accountNav(page).getByText(t("shell.signedInAs", { name: newName }))).toBeAttached();

      // The phone: a short number is refused with what was typed kept; a good one is saved.
      const phone = page.getByLabel(hi.account.phone, { exact: true });
      await phone.fill("12345");
      await page.getByRole("button", { name: hi.account.savePhone }).click();
      await expect(phone).toHaveAccessibleDescription(
        `${hi.signup.phoneHint} ${server("Please enter a 10-digit Indian mobile number, like 98765 43210.")}`,
      );
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expect(phone).toBeFocused();
      await expect(phone).toHaveValue("12345");
      expect(await latinLeftNow(page)).toEqual([]);
      await phone.fill("+91 98123 45678");
      await page.getByRole("button", { name: hi.account.savePhone }).click();
      await expect(page.getByRole("status")).toHaveText(hi.account.saved.phone);
      await expect(page.getByLabel(hi.account.phone, { exact: true })).toHaveValue("98123 45678");

      // The place: a PIN code of another state is refused beside it; then it starts the sell form.
      const place = page.getByRole("region", { name: hi.account.where });
      await place.getByLabel(hi.sell.state, { exact: true }).selectOption({ label: "पंजाब" });
      await place.getByLabel(hi.sell.district, { exact: true }).selectOption({ label: "लुधियाना" });
      await place.getByLabel(hi.sell.place, { exact: true }).fill("खन्ना");
      await place.getByLabel(hi.sell.pin, { exact: true }).fill("110001");
      await place.getByRole("button", { name: hi.account.savePlace }).click();
      await expect(page.getByLabel(hi.sell.pin, { exact: true })).toHaveAccessibleDescription(
        server("PIN code 110001 is in Delhi, not Punjab. Please check it."),
      );
      await expect(page.getByLabel(hi.sell.place, { exact: true })).toHaveValue("खन्ना");
      expect(await latinLeftNow(page)).toEqual([]);
      await page.getByLabel(hi.sell.pin, { exact: true }).fill("141401");
      await page.getByRole("button", { name: hi.account.savePlace }).click();
      await expect(page.getByRole("status")).toHaveText(hi.account.saved.place);
      expect(await latinLeftNow(page)).toEqual([]);
      await gotoHydrated(page, "/create");
      await expect(page.getByLabel(hi.sell.district, { exact: true }).locator("option:checked")).toHaveText("लुधियाना");
      await expect(page.getByLabel(hi.sell.place, { exact: true })).toHaveValue("खन्ना");
    } finally {
      await closeAll([me]);
    }
  });

  test("the password: a wrong current one and a short new one are refused; then other sessions end and the new one logs in", async ({
    browser,
  }) => {
    const me = await openHindiContext(browser, "अब्दुल करीम");
    // The same person signed in on another phone.
    const otherPhone = await browser.newContext();
    try {
      await logInWith(otherPhone.request, me.person);
      const page = await me.context.newPage();
      await gotoHydrated(page, "/my/account");
      const passwords = page.getByRole("region", { name: hi.account.changePassword });
      await expect(passwords).toContainText(hi.account.passwordIntro);
      const current = passwords.getByLabel(hi.account.currentPassword, { exact: true });
      const fresh = passwords.getByLabel(hi.account.newPassword, { exact: true });

      await current.fill(me.person.password);
      await fresh.fill("chhota");
      await passwords.getByRole("button", { name: hi.account.changePassword }).click();
      await expect(fresh).toHaveAccessibleDescription(
        `${t("account.passwordHint", { min: 8 })} ${server("Please use at least 8 characters for your new password.")}`,
      );
      await expect(fresh).toBeFocused();

      await current.fill("not-my-password");
      await fresh.fill("naya-password-2026");
      await passwords.getByRole("button", { name: hi.account.changePassword }).click();
      await expect(current).toHaveAccessibleDescription(server("That is not your current password. Please try again."));
      await expect(current).toBeFocused();
      await expect(current).toHaveValue("");
      expect(await latinLeftNow(page)).toEqual([]);

      await current.fill(me.person.password);
      await fresh.fill("naya-password-2026");
      await passwords.getByRole("button", { name: hi.account.changePassword }).click();
      await expect(page.getByRole("status")).toHaveText(hi.account.saved.password);
      expect(await latinLeftNow(page)).toEqual([]);
      expect(await (await otherPhone.request.get("/api/auth/get-session")).json()).toBeNull();

      // Log out from the header's menu, and in again with the new password through the Hindi form.
      await openAccountMenu(page);
      await accountNav(page).getByRole("button", { name: hi.shell.logout }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/login");
      const main = page.getByRole("main");
      await main.getByLabel(hi.login.email, { exact: true }).fill(me.person.email);
      await main.getByLabel(hi.login.password, { exact: true }).fill("naya-password-2026");
      await main.getByRole("button", { name: hi.login.submit, exact: true }).click();
      await expect(accountNav(page).getByText(t("shell.signedInAs", { name: me.person.name }))).toBeAttached();
    } finally {
      await otherPhone.close();
      await closeAll([me]);
    }
  });

  test("deleting the account asks for the password, refuses a wrong one, then signs out with a Hindi notice", async ({ browser }) => {
    const me = await openHindiContext(browser, "रामेश्वर सिंह");
    try {
      const page = await me.context.newPage();
      const listing = await createListingWith(page.request, { name: `जाने वाला प्याज़ ${uniqueTag()}` });
      await gotoHydrated(page, "/my/account");
      const danger = page.getByRole("region", { name: hi.account.deleteTitle });
      await expect(danger).toContainText(hi.account.deleteWarning);
      await danger.getByRole("button", { name: hi.account.deleteTitle }).click();
      const password = danger.getByLabel(hi.account.yourPassword, { exact: true });
      await expect(password).toHaveAccessibleDescription(server("Please enter your password to confirm."));
      await expect(password).toBeFocused();
      await password.fill("not-my-password");
      await danger.getByRole("button", { name: hi.account.deleteTitle }).click();
      await expect(password).toHaveAccessibleDescription(server("That is not your password. Please try again."));
      expect(await latinLeftNow(page)).toEqual([]);

      await password.fill(me.person.password);
      await danger.getByRole("button", { name: hi.account.deleteTitle }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "?account=deleted");
      await expect(page.getByRole("status")).toHaveText(hi.home.accountDeleted);
      await expect(accountNav(page).getByRole("link", { name: hi.shell.login, exact: true })).toBeVisible();
      expect((await page.goto(`/view/${listing.id}`))?.status()).toBe(410);
    } finally {
      await closeAll([me]);
    }
  });
});

test("a buyer reports a listing: a missing reason and missing words are asked for in Hindi, then thanked", async ({ browser }) => {
  test.setTimeout(90_000);
  const seller = await openHindiContext(browser, "सुरेश पाटील");
  const buyer = await openHindiContext(browser, "मीना कुमारी");
  try {
    const name = `केसर आम ${uniqueTag()}`;
    const listing = await createListingWith(seller.context.request, { name, category: "fruits", description: "मीठे, पके हुए आम।" });
    const page = await buyer.context.newPage();
    const errors = watchServerErrors(page);
    await gotoHydrated(page, `/view/${listing.id}`);
    await expect(page.getByRole("heading", { name: hi.safety.title })).toBeVisible();
    await page.getByText(hi.listing.report, { exact: true }).click();
    await expect(page.getByRole("group", { name: hi.report.question })).toBeVisible();

    // No reason chosen: the report's own page asks for one.
    await page.getByRole("button", { name: hi.report.send }).click();
    await expect(page).toHaveURL(`/view/${listing.id}/report`);
    await expect(page).toHaveTitle(t("meta.page", { page: t("reportPage.title", { name }) }));
    await expect(page.getByRole("heading", { level: 1, name: t("reportPage.title", { name }) })).toBeVisible();
    await expect(page.getByRole("group", { name: hi.report.question })).toHaveAccessibleDescription(
      server(MODERATION_MESSAGES.chooseReason),
    );
    expect(await latinLeftNow(page)).toEqual([]);

    // "Something else" needs a few words.
    await page.getByRole("radio", { name: hi.report.reason.other }).check();
    await page.getByRole("button", { name: hi.report.send }).click();
    const details = page.getByLabel(hi.report.more);
    await expect(details).toHaveAccessibleDescription(`${hi.report.hint} ${server(MODERATION_MESSAGES.describeOther)}`);
    await expect(details).toBeFocused();
    await expect(page.getByRole("radio", { name: hi.report.reason.other })).toBeChecked();
    expect(await latinLeftNow(page)).toEqual([]);
    await details.fill("विक्रेता पहले एडवांस माँग रहा है।");
    await page.getByRole("button", { name: hi.report.send }).click();
    await expect(page).toHaveURL(`/view/${listing.id}?reported=1`);
    await expect(page.getByRole("status")).toHaveText(hi.reportPage.reported);
    expect(await latinLeftNow(page)).toEqual([]);

    // The seller cannot report their own listing, and is told so in Hindi.
    const own = await seller.context.newPage();
    await gotoHydrated(own, `/view/${listing.id}`);
    await own.getByText(hi.listing.report, { exact: true }).click();
    await own.getByRole("radio", { name: hi.report.reason.price }).check();
    await own.getByRole("button", { name: hi.report.send }).click();
    await expect(own.getByRole("group", { name: hi.report.question })).toHaveAccessibleDescription(server(MODERATION_MESSAGES.ownListing));
    expect(await latinLeftNow(own)).toEqual([]);

    const report = await withDatabase((db) =>
      db.kysely.selectFrom("listing_report").select(["reason", "details"]).where("listing_id", "=", listing.id).execute(),
    );
    expect(report).toEqual([{ reason: "other", details: "विक्रेता पहले एडवांस माँग रहा है।" }]);
    expect(errors).toEqual([]);
  } finally {
    await closeAll([seller, buyer]);
  }
});

test("an admin hides a listing with a reason, restores it, bans and unbans its seller, and reads it all in the audit log, in Hindi", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // The log dates each entry by India's clock: a run may cross midnight there.
  const startedAt = Date.now();
  const seller = await openHindiContext(browser, "हरीश चौधरी");
  const admin = await openHindiContext(browser, "अनीता शर्मा", "admin");
  try {
    const name = `तूर दाल ${uniqueTag()}`;
    const listing = await createListingWith(seller.context.request, { name, category: "oil-seeds", description: "इसी मौसम की दाल।" });
    const origin = { Origin: new URL(test.info().project.use.baseURL!).origin };
    const reporter = await browser.newContext({ locale: "hi-IN" });
    expect(
      (
        await reporter.request.post(`/view/${listing.id}/report`, {
          form: { reason: "price", details: "दाम की इकाई ग़लत लगती है" },
          headers: origin,
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(302);
    await reporter.close();

    // The queue, narrowed to wrong prices, finds it with its report.
    const page = await admin.context.newPage();
    const errors = watchServerErrors(page);
    await gotoHydrated(page, "/my/listings");
    await page.getByRole("link", { name: hi.mine.backOffice }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page).toHaveTitle(hi.admin.metaQueue);
    await page.getByLabel(hi.admin.reason, { exact: true }).selectOption({ label: hi.report.reason.price });
    await page.getByRole("button", { name: hi.admin.show, exact: true }).click();
    const entry = page.getByRole("list", { name: hi.admin.toLookAt }).getByRole("listitem").filter({ hasText: name });
    await expect(entry).toContainText(
      t("admin.reportedByOne", { count: 1, reasons: t("admin.reasonCount", { reason: hi.report.reason.price, count: 1 }) }),
    );
    await expect(entry).toContainText(`${hi.admin.seller} ${seller.person.name}`);
    await entry.getByRole("link", { name }).click();

    // The listing's case: its report, then hiding it, which needs a reason.
    await expect(page).toHaveURL(`/admin/listings/${listing.id}`);
    await expect(page).toHaveTitle(t("caseFile.title", { name }));
    await expect(page.getByRole("heading", { name: t("caseFile.reports", { count: 1 }) })).toBeVisible();
    await expect(page.getByText("दाम की इकाई ग़लत लगती है")).toBeVisible();
    await expect(page.getByText(`${hi.caseFile.visitor} · ${hi.caseFile.open}`)).toBeVisible();
    await expect(page.getByText(hi.caseFile.visibleForSale)).toBeVisible();
    expect(await latinLeftNow(page)).toEqual([]);
    const reason = "दाम प्रति क्विंटल लिखें, जैसा इकाई में लिखा है। कृपया ठीक करें।";
    await sendWithReason(
      page,
      page.getByLabel(hi.caseFile.hideReason, { exact: true }),
      hi.caseFile.hide,
      MODERATION_MESSAGES.giveReason,
      reason,
      hi.caseFile.done.hide,
    );
    await expect(page.getByText(t("caseFile.hiddenBecause", { reason }))).toBeVisible();
    await expect(page.getByText(`${hi.caseFile.visitor} · ${hi.caseFile.actedOn}`)).toBeVisible();
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(360);
    expect(await latinLeftNow(page)).toEqual([]);

    // The seller sees it hidden, and why.
    const own = await seller.context.newPage();
    await gotoHydrated(own, "/my/listings");
    const row = listingRow(own, name);
    await expect(row).toContainText(hi.mine.status.hidden);
    await expect(row).toContainText(`${hi.mine.buyersCannotSee}${reason}`);
    expect(await latinLeftNow(own)).toEqual([]);

    // Restored, with a note for the log.
    await page.getByLabel(hi.caseFile.restoreNote, { exact: true }).fill("विक्रेता से बात हो गई");
    await page.getByRole("button", { name: hi.caseFile.restore }).click();
    await expect(page.getByRole("status")).toHaveText(hi.caseFile.done.restore);
    await expect(page.getByText(hi.caseFile.visibleForSale)).toBeVisible();
    const history = page.getByRole("region", { name: hi.caseFile.history }).getByRole("listitem");
    await expect(history).toHaveCount(2);
    expect(await latinLeftNow(page)).toEqual([]);
    expect((await own.goto(`/view/${listing.id}`))?.status()).toBe(200);

    // Banned from the people page, found by email: a reason is needed.
    await page.getByRole("navigation", { name: hi.admin.nav }).getByRole("link", { name: hi.admin.people }).click();
    await expect(page).toHaveTitle(hi.peoplePage.title);
    await page.getByLabel(hi.peoplePage.find, { exact: true }).fill(seller.person.email);
    await page.getByRole("main").getByRole("button", { name: hi.peoplePage.findButton, exact: true }).click();
    await expect(page.getByRole("heading", { name: seller.person.name })).toBeVisible();
    await expect(page.getByText(t("peoplePage.summaryOne", { role: hi.peoplePage.role.person, total: 1, hidden: 0 }))).toBeVisible();
    const banReason = page.getByLabel(t("admin.banLabel", { name: seller.person.name }), { exact: true });
    await expect(banReason).toHaveAccessibleDescription(hi.admin.banHint);
    const why = "एडवांस लेकर माल नहीं भेजा।";
    await sendWithReason(page, banReason, hi.admin.ban, MODERATION_MESSAGES.giveBanReason, why, hi.peoplePage.done.ban);
    await expect(page.getByRole("region", { name: seller.person.name })).toContainText(t("peoplePage.banned", { reason: why }));
    await expect(page.getByText(t("peoplePage.summaryOne", { role: hi.peoplePage.role.person, total: 1, hidden: 1 }))).toBeVisible();
    expect(await latinLeftNow(page)).toEqual([]);

    // The seller is signed out at once, and signing in is refused in Hindi.
    await own.goto("/my/listings");
    await expect(own).toHaveURL(/\/login\?redirectTo=/);
    await own.getByLabel(hi.login.email, { exact: true }).fill(seller.person.email);
    await own.getByLabel(hi.login.password, { exact: true }).fill(seller.person.password);
    await own.getByRole("button", { name: hi.login.submit, exact: true }).click();
    await expect(own.getByRole("alert")).toHaveText(server(MODERATION_MESSAGES.banned));
    expect(await latinLeftNow(own)).toEqual([]);

    // The ban lifted: the listing is back.
    await page.getByRole("button", { name: hi.peoplePage.liftBan }).click();
    await expect(page.getByRole("status")).toHaveText(hi.peoplePage.done.unban);
    await expect(page.getByText(t("peoplePage.summaryOne", { role: hi.peoplePage.role.person, total: 1, hidden: 0 }))).toBeVisible();
    expect(await latinLeftNow(page)).toEqual([]);
    expect((await own.goto(`/view/${listing.id}`))?.status()).toBe(200);

    // The audit log: the four actions, newest first, worded in Hindi.
    await page.getByRole("navigation", { name: hi.admin.nav }).getByRole("link", { name: hi.admin.audit }).click();
    await expect(page).toHaveTitle(hi.admin.auditTitle);
    // Each entry: when (India's time), who did what to whom, then why.
    const days = [...new Set([startedAt, Date.now()].map((at) => escapeRegExp(formatShortDate(at, "hi"))))].join("|");
    const logged = (sentence: string, why: string) =>
      new RegExp(`^(?:${days}) \\d\\d:\\d\\d ${escapeRegExp(`${hi.admin.ist} ${sentence}${why}`)}$`);
    const by = (action: keyof typeof hi.admin.actions, target: string) =>
      t(`admin.actions.${action}`, { actor: admin.person.name, target });
    // This test's entries (the log keeps every earlier run's, and other tests' beside them).
    const ours = page.getByRole("listitem").filter({ hasText: new RegExp(`${escapeRegExp(seller.person.email)}|${escapeRegExp(name)}`) });
    await expect(ours).toHaveText([
      logged(by("unban", seller.person.email), t("admin.listingsShownOne", { count: 1 })),
      logged(by("ban", seller.person.email), `${why} (${t("admin.listingsHiddenOne", { count: 1 })})`),
      logged(by("restore", name), "विक्रेता से बात हो गई"),
      logged(by("hide", name), reason),
    ]);
    expect(await latinLeftNow(page)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await closeAll([seller, admin]);
  }
});
