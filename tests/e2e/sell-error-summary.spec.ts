/**
 * A refused sell or edit form starts from its messages (issue 42, the GOV.UK error summary): after
 * an empty submit from the bottom of the form, the focus is on a list at the top that links to each
 * field, with and without JavaScript.
 */
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "./support/fixtures";

test.use({ viewport: { width: 360, height: 640 } });

/** The summary has the focus, is on screen, and lists these messages in the form's order. */
async function expectSummaryFocused(page: Page, messages: RegExp[]) {
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await expect(summary.getByRole("link")).toHaveText(messages);
  return summary;
}

/** A link in the summary takes the person to its field. */
async function expectLinkFocusesField(page: Page, message: RegExp, label: string) {
  await page.getByRole("alert").getByRole("link", { name: message }).click();
  await expect(page.getByLabel(label, { exact: true })).toBeFocused();
  await expect(page.getByLabel(label, { exact: true })).toBeInViewport();
}

const EMPTY_SELL = [/name/i, /category/i, /price/i, /state/i, /district/i, /description/i, /photo/i];

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  test.describe(how, () => {
    test.use({ javaScriptEnabled });

    test(`an empty sell form sent from its bottom comes back with the focus on a summary that links to each field (${how})`, async ({
      page,
      seller: _seller,
    }) => {
      if (javaScriptEnabled) await gotoHydrated(page, "/create");
      else await page.goto("/create");
      const send = page.getByRole("button", { name: "upload and Submit" });
      await send.scrollIntoViewIfNeeded();
      await send.click();
      await expectSummaryFocused(page, EMPTY_SELL);
      await expectLinkFocusesField(page, /price/i, "Price (₹ per kg)");
      if (javaScriptEnabled) {
        // Sent again with one field put right, the summary takes the focus again, with what is left.
        await page.getByLabel("Name", { exact: true }).fill("Red onion");
        await send.click();
        await expectSummaryFocused(page, EMPTY_SELL.slice(1));
      }
    });

    test(`an edit that empties the name and price comes back the same way (${how})`, async ({ page, createListing }) => {
      const listing = await createListing();
      await page.goto(`/my/listings/${listing.id}/edit`);
      await page.getByLabel("Name", { exact: true }).fill("");
      await page.getByLabel("Price (₹ per kg)", { exact: true }).fill("");
      const send = page.getByRole("button", { name: "Save changes" });
      await send.scrollIntoViewIfNeeded();
      await send.click();
      await expectSummaryFocused(page, [/name/i, /price/i]);
      await expectLinkFocusesField(page, /name/i, "Name");
    });
  });
}
