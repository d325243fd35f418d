/**
 * The safety note before the first call or chat of a session (issue 43, item 2; decision 057) in a
 * real browser at 360 px, and what a buyer reads about the seller (item 5):
 *
 * - with JavaScript, the first tap on Call or WhatsApp opens the note in a modal dialog: focus
 *   moves into it, the three sentences, the number and the real link; Escape closes it and focus
 *   goes back to the button; the dialog's link opens the chat; the next tap goes straight on;
 * - without JavaScript, the tap opens the note's page, then its link; once seen, the next tap
 *   goes straight to the real link;
 * - "Member since" and "<n> listings sold" on the listing's and the seller's page.
 *
 * wa.me is answered by a local stand-in: the test checks where the browser went, not WhatsApp.
 */
import type { Browser, BrowserContext } from "@playwright/test";
import { formatMonthYear } from "../../core/shared/month-year";
import { axeViolations } from "./support/axe";
import { createListingWith, documentScrollWidth, expect, gotoHydrated, openSellerContext, test, uniqueTag } from "./support/fixtures";
import { en, hi } from "./support/catalogues";

test.describe.configure({ timeout: 90_000 });

const SENTENCES = [en.safety.upiPin, en.safety.advance, en.safety.qr];

async function buyer(browser: Browser, options: { javaScriptEnabled: boolean; locale?: string }): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, viewport: { width: 360, height: 740 }, bypassCSP: true });
  // WhatsApp's site is not ours to reach from a test: a stand-in answers wherever the browser goes there.
  await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "chat" }));
  return context;
}

test.describe("the safety note before a call", () => {
  let listing: { id: string; name: string };
  let seller: { id: string; name: string; phone: string };
  let dispose: () => Promise<void>;
  test.beforeAll(async ({ browser }) => {
    const opened = await openSellerContext(browser);
    seller = opened.seller;
    dispose = opened.dispose;
    listing = await createListingWith(opened.context.request, { name: `Note Onion ${uniqueTag()}`, price: "40" });
  });
  test.afterAll(async () => {
    await dispose();
  });
  const shownNumber = () => `+91 ${seller.phone.slice(0, 5)} ${seller.phone.slice(5)}`;

  test("with JavaScript: the first Call opens the note in a dialog, Escape closes it, and the next tap goes straight on", async ({
    browser,
  }) => {
    const context = await buyer(browser, { javaScriptEnabled: true });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, `/view/${listing.id}`);
      const bar = page.getByRole("region", { name: en.listing.contactSeller });
      const call = bar.getByRole("link", { name: new RegExp(`^Call seller ${seller.name}`) });
      await call.click();
      const dialog = page.getByRole("dialog", { name: en.contactNote.title });
      await expect(dialog).toBeVisible();
      // Focus moved into the note; a screen reader hears its sentences as the dialog's description.
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(true);
      await expect(dialog).toHaveAccessibleDescription(SENTENCES.join(" "));
      for (const sentence of SENTENCES) await expect(dialog.getByText(sentence)).toBeVisible();
      await expect(dialog.getByText(shownNumber(), { exact: true })).toBeVisible();
      await expect(dialog.getByRole("link", { name: `Call ${shownNumber()}` })).toHaveAttribute("href", `tel:+91${seller.phone}`);
      // Nothing was followed: the page is still the listing's, its number still on it.
      expect(new URL(page.url()).pathname).toBe(`/view/${listing.id}`);
      await expect(page.getByRole("region", { name: "Seller details" }).getByText(shownNumber(), { exact: true })).toBeAttached();
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);

      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(call).toBeFocused();

      // Seen this session: WhatsApp opens the chat at once, no note.
      const popup = context.waitForEvent("page");
      await bar.getByRole("link", { name: en.listing.whatsapp, exact: true }).click();
      const chat = await popup;
      expect(chat.url()).toMatch(new RegExp(`^https://wa\\.me/91${seller.phone}\\?text=`));
      await expect(dialog).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test("with JavaScript in Hindi: the first WhatsApp shows the note, then its link opens the chat", async ({ browser }) => {
    const context = await buyer(browser, { javaScriptEnabled: true, locale: "hi-IN" });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, `/view/${listing.id}`);
      await page
        .getByRole("region", { name: hi.listing.contactSeller })
        .getByRole("link", { name: hi.listing.whatsapp, exact: true })
        .click();
      const dialog = page.getByRole("dialog", { name: hi.contactNote.title });
      await expect(dialog).toBeVisible();
      for (const sentence of [hi.safety.upiPin, hi.safety.advance, hi.safety.qr]) await expect(dialog.getByText(sentence)).toBeVisible();
      await expect(dialog.getByRole("button", { name: hi.contactNote.close })).toBeVisible();
      const popup = context.waitForEvent("page");
      await dialog.getByRole("link", { name: hi.contactNote.whatsapp }).click();
      expect((await popup).url()).toMatch(new RegExp(`^https://wa\\.me/91${seller.phone}\\?text=`));
      await expect(dialog).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test("without JavaScript: Call opens the note's page, then its link; once seen, WhatsApp goes straight to the chat", async ({
    browser,
  }) => {
    const context = await buyer(browser, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/view/${listing.id}`);
      const bar = page.getByRole("region", { name: en.listing.contactSeller });
      await bar.getByRole("link", { name: new RegExp(`^Call seller ${seller.name}`) }).click();
      await expect(page).toHaveURL(`/view/${listing.id}/contact?via=call`);
      await expect(page.getByRole("heading", { level: 1, name: `Before you contact ${seller.name}` })).toBeVisible();
      for (const sentence of SENTENCES) await expect(page.getByText(sentence)).toBeVisible();
      await expect(page.getByText(shownNumber(), { exact: true })).toBeVisible();
      const link = page.getByRole("link", { name: `Call ${shownNumber()}` });
      await expect(link).toHaveAttribute("href", `tel:+91${seller.phone}`);
      // By keyboard too: the link takes focus.
      await link.focus();
      await expect(link).toBeFocused();
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(360);

      await page.getByRole("link", { name: en.contactNote.backToListing }).click();
      await expect(page).toHaveURL(`/view/${listing.id}`);
      await bar.getByRole("link", { name: en.listing.whatsapp, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`^https://wa\\.me/91${seller.phone}\\?text=`));
    } finally {
      await context.close();
    }
  });

  test("the listing's and the seller's page say since when the seller is a member and how many listings they sold", async ({ browser }) => {
    const context = await buyer(browser, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/view/${listing.id}`);
      const details = page.getByRole("region", { name: "Seller details" });
      await expect(details.getByText(`Member since ${formatMonthYear(Date.now(), "en")}`)).toBeVisible();
      await expect(details.getByText("0 listings sold", { exact: true })).toBeVisible();
      // The listing's safety tips say the note's three sentences.
      const tips = page.getByRole("region", { name: en.safety.title });
      for (const sentence of SENTENCES) await expect(tips.getByText(sentence)).toBeVisible();
      await page.goto(`/seller/${seller.id}`);
      await expect(page.getByText(`Member since ${formatMonthYear(Date.now(), "en")}`)).toBeVisible();
      await expect(page.getByText("0 listings sold", { exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
