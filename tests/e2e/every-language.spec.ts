/**
 * Mandi in the ten languages beyond English and Hindi (issue 40): a lot in Nashik, Erode, Kolar or
 * Kollam is placed in its region's language, and without JavaScript the switch turns the site
 * Tamil and it stays so, with no Devanagari font downloaded; a refused sell form explains itself
 * in the page's language. Every page's words, `<html lang>`,
 * width and axe in every language are crawled in every-language-pages.spec.ts; a search in every
 * script runs on both engines in search.spec.ts.
 */
import { HTML_LANG, type Language } from "../../core/i18n/languages";
import { LANGUAGE_SCRIPT } from "../../core/i18n/language-scripts";
import { catalogueOf } from "./support/catalogues";
import { deleteUser, expect, logInWith, signUpSellerWith, test } from "./support/fixtures";
import { chooseLanguage } from "./support/languages";

const TEN = ["bn", "te", "mr", "ta", "gu", "or", "kn", "pa", "ur", "ml"] as const satisfies readonly Exclude<Language, "en" | "hi">[];

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

test("a refused sell form explains itself in the page's language, without JavaScript", async ({ browser, playwright }) => {
  // Ten sign-ins and sends: 15.5 s beside the suite, over 30 s beside a second suite's run.
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL!;
  const request = await playwright.request.newContext({ baseURL });
  const seller = await signUpSellerWith(request, {});
  await request.dispose();
  try {
    for (const language of TEN) {
      const words = catalogueOf(language).sell;
      const context = await browser.newContext({ locale: HTML_LANG[language], javaScriptEnabled: false });
      const page = await context.newPage();
      await logInWith(page.request, seller);
      await page.goto("/create");
      await page.getByRole("button", { name: words.submit }).click();
      const summary = page.getByRole("alert").filter({ hasText: words.errorSummary });
      await expect(summary, language).toBeVisible();
      // Every message beside the fields and in the summary is the language's own.
      const letters = [...(await summary.innerText())].filter((c) => /\p{L}/u.test(c));
      const own = letters.filter((c) => LANGUAGE_SCRIPT[language].test(c)).length;
      expect(own / letters.length, `${language}: ${await summary.innerText()}`).toBeGreaterThanOrEqual(0.9);
      await context.close();
    }
  } finally {
    await deleteUser(seller.id);
  }
});
