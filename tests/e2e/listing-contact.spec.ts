/**
 * Call and WhatsApp on a listing's first screen (issue 42, item 3; decision 053), in a real browser
 * at 360×640, in English and Hindi, with and without JavaScript: the buttons' boxes are within the
 * first screen; the bar covers nothing for good (the page's end and every element the keyboard
 * reaches stop above it); Tab goes Share → Call → WhatsApp → the seller's page, the order the page
 * is read in; WhatsApp's link starts a chat naming the listing, its price and its link, in the
 * page's language; axe finds nothing.
 */
import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { expect, test, uniqueTag, waitForHydration } from "./support/fixtures";
import { en, hi } from "./support/catalogues";

// A listing with a photo, a second browser context and a walk through the page by keyboard: about 35 s measured on a loaded run.
test.describe.configure({ timeout: 90_000 });

const SCREEN = { width: 360, height: 640 };
const LANGS = [
  { lang: "en", locale: "en-IN", words: en, price: "₹95 / kg" },
  { lang: "hi", locale: "hi-IN", words: hi, price: "₹95 / किलो" },
] as const;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("no box");
  return found;
}

/** The bar's top edge, in the viewport. */
const barTop = async (page: Page) => (await box(page.locator(".contact-bar"))).y;

for (const { lang, locale, words, price } of LANGS) {
  for (const javaScriptEnabled of [true, false]) {
    test(`${lang}, ${javaScriptEnabled ? "with" : "without"} JavaScript: Call and WhatsApp on the first screen, covering nothing, in the reading order`, async ({
      browser,
      seller,
      createListing,
    }) => {
      const name = `Lasalgaon Onion ${uniqueTag()}`;
      const listing = await createListing({ name, category: "vegetables", price: "95", description: "Dry red onion.\n".repeat(12) });
      const context = await browser.newContext({ viewport: SCREEN, locale, javaScriptEnabled, bypassCSP: true });
      try {
        const page = await context.newPage();
        await page.goto(`/view/${listing.id}`);
        if (javaScriptEnabled) await waitForHydration(page);
        const bar = page.getByRole("region", { name: words.listing.contactSeller });
        const call = bar.getByRole("link", { name: new RegExp(`^${words.listing.callSellerOn.split("{{")[0]}`) });
        const whatsapp = bar.getByRole("link", { name: words.listing.whatsapp, exact: true });
        // Through the safety note's page (decision 057), the real link kept for the note's dialog.
        await expect(call).toHaveAttribute("href", `/view/${listing.id}/contact?via=call`);
        await expect(call).toHaveAttribute("data-contact-href", `tel:+91${seller.phone}`);
        await expect(call).toHaveText(words.listing.call);

        // Both buttons whole within the first screen, side by side, each a 44 px target.
        for (const button of [call, whatsapp]) {
          const { x, y, width, height } = await box(button);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(x + width).toBeLessThanOrEqual(SCREEN.width);
          expect(y + height).toBeLessThanOrEqual(SCREEN.height);
          expect(height).toBeGreaterThanOrEqual(44);
        }
        expect((await box(call)).y).toBe((await box(whatsapp)).y);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SCREEN.width);

        // WhatsApp opens the seller's chat with a message in the page's language.
        await expect(whatsapp).toHaveAttribute("href", `/view/${listing.id}/contact?via=whatsapp`);
        const href = new URL((await whatsapp.getAttribute("data-contact-href"))!);
        expect(href.origin + href.pathname).toBe(`https://wa.me/91${seller.phone}`);
        const text = href.searchParams.get("text")!;
        const link = text.slice(text.lastIndexOf(" ") + 1);
        expect(text).toBe(words.listing.whatsappMessage.replace("{{name}}", name).replace("{{price}}", price).replace("{{url}}", link));
        const url = new URL(link);
        expect(url.pathname).toBe(`/view/${listing.id}`);
        expect(url.searchParams.get("lang")).toBe(lang === "hi" ? "hi" : null);

        // The page's end scrolls clear of the bar: the footer's last line is above it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const lastLine = page.locator("footer").locator("a, p, li").last();
        const end = await box(lastLine);
        expect(end.y + end.height).toBeLessThanOrEqual(await barTop(page));
        await expect(page.locator(".contact-bar")).toBeInViewport();

        // The keyboard: Share, then Call and WhatsApp, then the seller's page; nothing it reaches is under the bar.
        await page.evaluate(() => window.scrollTo(0, 0));
        const share = page.getByRole("link", { name: words.share.named.replace("{{name}}", name) });
        await share.focus();
        await page.keyboard.press("Tab");
        await expect(call).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(whatsapp).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(page.getByRole("link", { name: words.listing.sellerPage.replace("{{name}}", seller.name) })).toBeFocused();
        // On through the rest of the listing to the footer.
        let reached = 0;
        for (;;) {
          const focused = await page.evaluate(() => {
            const element = document.activeElement!;
            const rect = element.getBoundingClientRect();
            return {
              what: element.outerHTML.slice(0, 80),
              bottom: rect.bottom,
              top: rect.top,
              inFooter: Boolean(element.closest("footer")),
            };
          });
          if (focused.inFooter) break;
          expect(focused.top, focused.what).toBeGreaterThanOrEqual(0);
          expect(focused.bottom, focused.what).toBeLessThanOrEqual(await barTop(page));
          expect(++reached).toBeLessThan(20);
          await page.keyboard.press("Tab");
        }

        if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}

test("a sold listing's Call and WhatsApp stay in the page, not held on screen", async ({ browser, page, createListing }) => {
  const listing = await createListing({ name: `Sold Garlic ${uniqueTag()}`, category: "vegetables" });
  await page.request.post(`/my/listings`, { form: { intent: "sold", id: listing.id } });
  const context = await browser.newContext({ viewport: SCREEN });
  try {
    const reader = await context.newPage();
    await reader.goto(`/view/${listing.id}`);
    await expect(reader.getByText("The seller has sold this produce.")).toBeVisible();
    await expect(reader.getByRole("region", { name: "Contact the seller" }).getByRole("link", { name: /^Call seller/ })).toBeAttached();
    await expect(reader.locator(".contact-bar")).toHaveCount(0);
    expect(await reader.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
  } finally {
    await context.close();
  }
});
