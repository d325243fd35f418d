/**
 * "FPO verified by Mandi" end to end at 360 px (issue 43, item 5; decision 061), once with
 * JavaScript and once without: a seller enters their FPO registration number on /my/account (a
 * number pasted with a right-to-left mark is refused with its message first), an admin approves it
 * on /admin/people, and buyers see the badge on the seller's listing and page. axe (which needs a
 * script) finds nothing on either form's page.
 */
import type { Browser } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { createListingWith, deleteUser, expect, logInWith, signUpSellerWith, test, withDatabase } from "./support/fixtures";

async function signedIn(browser: Browser, javaScriptEnabled: boolean, role?: "admin") {
  const context = await browser.newContext({ javaScriptEnabled });
  const person = await signUpSellerWith(context.request);
  if (role) await withDatabase((db) => db.kysely.updateTable("user").set({ role }).where("id", "=", person.id).execute());
  await logInWith(context.request, person);
  return { context, person };
}

for (const javaScriptEnabled of [true, false]) {
  test(`a seller's FPO number, approved by an admin, shows as "FPO verified by Mandi" (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    // Three accounts' password hashes, a photo and (with JavaScript) two axe runs: about 12 s alone, more beside other specs.
    test.setTimeout(60_000);
    const seller = await signedIn(browser, javaScriptEnabled);
    const admin = await signedIn(browser, javaScriptEnabled, "admin");
    const buyer = await browser.newContext();
    const number = `UP/FPO/${Date.now().toString(36).toUpperCase()}`;
    try {
      const listing = await createListingWith(seller.context.request, { name: `FPO Moong ${Date.now().toString(36)}` });
      const page = await seller.context.newPage();
      await page.goto("/my/account");
      const section = page.getByRole("region", { name: "Farmer producer organisation or trader's licence" });
      await section.getByRole("radio", { name: "FPO registration number" }).check();
      // Pasted from a chat with a right-to-left mark in it: refused, with a message beside the field.
      await section.getByLabel("Registration or licence number").fill(`${number}\u200f`);
      await section.getByRole("button", { name: "Send for checking" }).click();
      await expect(page.getByText("Please type the number again rather than pasting it")).toBeVisible();
      await section.getByLabel("Registration or licence number").fill(number.toLowerCase());
      await section.getByRole("button", { name: "Send for checking" }).click();
      await expect(page.getByText("Your number is sent. A moderator will check it soon.")).toBeVisible();
      await expect(page.getByText(`${number} is waiting for a moderator to check it.`)).toBeVisible();
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

      const back = await admin.context.newPage();
      await back.goto("/admin/people");
      const entry = back.getByRole("listitem").filter({ hasText: seller.person.email });
      await expect(entry.getByText(number)).toBeVisible();
      if (javaScriptEnabled) expect(await axeViolations(back)).toEqual([]);
      await entry.getByRole("button", { name: "Approve" }).click();
      await expect(back.getByText("Number approved. The seller's listings now show the badge.")).toBeVisible();
      await expect(back.getByRole("listitem").filter({ hasText: seller.person.email })).toHaveCount(0);

      const seen = await buyer.newPage();
      for (const path of [`/view/${listing.id}`, `/seller/${seller.person.id}`]) {
        await seen.goto(path);
        await expect(seen.getByText("FPO verified by Mandi", { exact: true })).toBeVisible();
      }
      await page.goto("/my/account");
      // The seller's own page says so too, with the day it was checked.
      await expect(page.getByText(`${number}, checked on `)).toBeVisible();
    } finally {
      await buyer.close();
      await seller.context.close();
      await admin.context.close();
      await deleteUser(seller.person.id);
      await deleteUser(admin.person.id);
    }
  });
}
