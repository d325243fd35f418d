/**
 * "Show number" (issue 38, decision 046) in a real browser: past its address's hourly threshold a
 * listing's page has no phone number and no tel: or WhatsApp link, only a button that a keyboard
 * reaches and a screen reader names, which works without JavaScript and at 360 px, and whose
 * answer is the page with the number; axe finds nothing on either page. The suite's threshold is set high (playwright.config.ts),
 * so the address is put past it by its counter row; the address itself is X-Forwarded-For,
 * which the server takes from 127.0.0.1 (TRUST_PROXY's default, loopback).
 */
import type { Browser } from "@playwright/test";
import { axeViolations } from "./support/axe";
import {
  createListingWith,
  documentScrollWidth,
  expect,
  gotoHydrated,
  openSellerContext,
  test,
  uniqueTag,
  withDatabase,
} from "./support/fixtures";

const HOUR_MS = 3_600_000;

/** Counts the address past any threshold for the rest of this hour (the window the server counts in). */
async function pastThreshold(address: string): Promise<void> {
  // Not across the hour's end: the server would start the address's count again.
  if (HOUR_MS - (Date.now() % HOUR_MS) < 30_000)
    await new Promise((resolve) => setTimeout(resolve, HOUR_MS - (Date.now() % HOUR_MS) + 100));
  const windowEnd = Date.now() - (Date.now() % HOUR_MS) + HOUR_MS;
  await withDatabase((db) =>
    db.kysely
      .insertInto("rate_counter")
      .values({ counter_key: `reveal:${address}`, hits: 100_000_000, window_ends_at: windowEnd })
      .onConflict((oc) => oc.column("counter_key").doUpdateSet({ hits: 100_000_000, window_ends_at: windowEnd }))
      .execute(),
  );
}

const addressOf = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;

async function readerPast(browser: Browser, options: { javaScriptEnabled: boolean; locale?: string }) {
  const address = addressOf();
  await pastThreshold(address);
  return browser.newContext({
    ...options,
    viewport: { width: 360, height: 740 },
    bypassCSP: true,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
}

test.describe("Show number past the address's threshold", () => {
  let listing: { id: string; name: string };
  let seller: { name: string; phone: string };
  let dispose: () => Promise<void>;
  test.beforeAll(async ({ browser }) => {
    const opened = await openSellerContext(browser);
    dispose = opened.dispose;
    seller = opened.seller;
    listing = await createListingWith(opened.context.request, { name: `Reveal Okra ${uniqueTag()}` });
  });
  test.afterAll(async () => dispose?.());

  test("without JavaScript at 360 px: no number, a button the keyboard presses, then the number with Call and WhatsApp", async ({
    browser,
  }) => {
    const context = await readerPast(browser, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/view/${listing.id}`);
      // The note in the seller's details; the button where Call and WhatsApp would be, in the contact bar (decision 053).
      const section = page.getByRole("region", { name: "Seller details" });
      const bar = page.getByRole("region", { name: "Contact the seller" });
      await expect(section.getByText("To keep sellers' numbers safe from spam, press the button to see this number.")).toBeVisible();
      await expect(page.getByRole("link", { name: /Call seller/ })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveCount(0);
      expect(await page.content()).not.toContain(seller.phone);
      const button = bar.getByRole("button", { name: `Show number of ${seller.name}` });
      await expect(button).toHaveText("Show number");
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(360);

      // By keyboard: the button takes focus, Enter sends the form.
      await button.focus();
      await expect(button).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/view/${listing.id}#seller-contact$`));
      await expect(section.getByText(`+91 ${seller.phone.slice(0, 5)} ${seller.phone.slice(5)}`, { exact: true })).toBeVisible();
      const call = bar.getByRole("link", {
        name: new RegExp(`^Call seller ${seller.name} on \\+91 ${seller.phone.slice(0, 5)} ${seller.phone.slice(5)}$`),
      });
      await expect(call).toHaveAttribute("href", `tel:+91${seller.phone}`);
      await expect(bar.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
        "href",
        new RegExp(`^https://wa\\.me/91${seller.phone}\\?text=`),
      );
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });

  // axe is injected as a script: it needs JavaScript.
  test("with JavaScript, in Hindi: the same plain form, and nothing axe finds before or after", async ({ browser }) => {
    const context = await readerPast(browser, { javaScriptEnabled: true, locale: "hi-IN" });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, `/view/${listing.id}`);
      const button = page.getByRole("button", { name: `${seller.name} का फ़ोन नंबर दिखाएँ` });
      await expect(button).toHaveText("नंबर दिखाएँ");
      expect(await axeViolations(page)).toEqual([]);
      await button.click();
      await expect(page.locator(`a[href="tel:+91${seller.phone}"]`)).toBeVisible();
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
