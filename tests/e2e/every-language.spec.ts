/**
 * Mandi in each of the ten languages beyond English and Hindi (issue 40), as one crawl over the
 * languages rather than every spec twelve times: a phone set to the language gets the page in it
 * (`<html lang>`, Urdu right to left) with the sign-in page's words in its script; a lot in
 * Nashik, Erode, Kolar or Kollam is placed in its region's language; and without
 * JavaScript the switch turns the site Tamil and it stays so, with no Devanagari font downloaded.
 * The words of every page are crawled in every-language-pages.spec.ts; a search in every script
 * runs on both engines in search.spec.ts.
 */
import type { Page } from "@playwright/test";
import { HTML_LANG, textDirection, type Language } from "../../core/i18n/languages";
import { axeViolations } from "./support/axe";
import { documentScrollWidth, expect, test } from "./support/fixtures";
import { chooseLanguage } from "./support/languages";
import { LANGUAGE_SCRIPT } from "../../core/i18n/language-scripts";

const TEN = ["bn", "te", "mr", "ta", "gu", "or", "kn", "pa", "ur", "ml"] as const satisfies readonly Language[];

/** The letters a reader sees in the page's own language: text outside elements marked with another `lang` (the switch's names, a listing's English name). */
async function ownLetters(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const letters: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, [hidden]")) continue;
      if (parent.closest("[lang]")?.getAttribute("lang") !== pageLang) continue;
      if (!parent.checkVisibility()) continue;
      // "Mandi" is the brand in every language.
      letters.push(...[...(node.textContent ?? "").replace(/Mandi/g, "")].filter((c) => /\p{L}/u.test(c)));
    }
    return letters;
  });
}

test("a phone set to each language gets the sign-in page in it, Urdu right to left, with no axe violation at 360 px", async ({
  browser,
}) => {
  // Ten browser contexts, an axe scan and a screenshot each: 14 s alone without the scans, over 30 s beside the rest of the suite.
  test.setTimeout(150_000);
  for (const language of TEN) {
    const context = await browser.newContext({ locale: HTML_LANG[language], viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[language]);
    await expect(page.locator("html")).toHaveAttribute("dir", textDirection(language));
    const letters = await ownLetters(page);
    const share = letters.filter((c) => LANGUAGE_SCRIPT[language].test(c)).length / letters.length;
    expect(share, `${language}: ${(share * 100) | 0}% of ${letters.length} letters in its script`).toBeGreaterThanOrEqual(0.85);
    expect(await axeViolations(page), language).toEqual([]);
    expect(await documentScrollWidth(page), `${language}: nothing wider than the phone`).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `docs/screenshots/login-360-${language}.png`, fullPage: true });
    await context.close();
  }
});

test("a lot's place is written in its region's language: नाशिक, ஈரோடு, ಕೋಲಾರ, കൊല്ലം", async ({ createListing, request }) => {
  const cases = [
    { language: "mr", state: "maharashtra", district: "nashik", name: "नाशिक" },
    { language: "ta", state: "tamil-nadu", district: "erode", name: "ஈரோடு" },
    { language: "kn", state: "karnataka", district: "kolar", name: "ಕೋಲಾರ" },
    { language: "ml", state: "kerala", district: "kollam", name: "കൊല്ലം" },
  ] as const;
  for (const place of cases) {
    const listing = await createListing({ category: "vegetables", more: { state: place.state, district: place.district } });
    const headers = { Cookie: `lang=${place.language}` };
    const page = await request.get(`/view/${listing.id}`, { headers });
    expect(await page.text(), `${place.language} listing page`).toContain(place.name);
    const results = await request.get(`/viewmore?state=${place.state}&district=${place.district}`, { headers });
    expect(await results.text(), `${place.language} cards`).toContain(place.name);
  }
});

test("without JavaScript, choosing தமிழ் turns the site Tamil and it stays so; a Tamil page downloads no Devanagari font", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-IN" });
  const page = await context.newPage();
  const fonts: string[] = [];
  page.on("request", (r) => r.resourceType() === "font" && fonts.push(r.url()));
  await page.goto("/login?registered=1");
  await chooseLanguage(page, "ta");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.search === "?registered=1");
  await expect(page.locator("html")).toHaveAttribute("lang", "ta-IN");
  await page.goto("/viewmore");
  await expect(page.locator("html")).toHaveAttribute("lang", "ta-IN");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "ta-IN");
  expect(fonts.filter((url) => /devanagari/i.test(url))).toEqual([]);
  await context.close();
});
