/**
 * Every page in every language Mandi speaks (issue 40; decision 015 for Hindi, 060 for the rest),
 * as one crawl over the languages rather than every spec twelve times. For each language, a phone
 * set to it reads every page a visitor, a seller and a moderator meet, at 360 px:
 * - `<html lang>` and `dir` are the language's (Urdu right to left);
 * - no run of Latin letters is left but what people typed and the brand and technical words
 *   every language keeps (support/page-words.ts);
 * - nothing is wider than the phone (Malayalam and Tamil words run long);
 * - axe finds no WCAG 2.1 A or AA violation;
 * - the sign-in page's letters are at least 85% in the language's script (captured at 360 px).
 * English is crawled by accessibility.spec.ts.
 */
import type { Browser } from "@playwright/test";
import { HTML_LANG, LANGUAGES, textDirection, type Language } from "../../core/i18n/languages";
import { axeViolations } from "./support/axe";
import {
  createListingWith,
  deleteUser,
  documentScrollWidth,
  expect,
  logInWith,
  signUpSellerWith,
  test,
  type CreatedListing,
  type Seller,
  uniqueTag,
  withDatabase,
} from "./support/fixtures";
import { alsoUserTextsNow, hindiSellerWithListing, latinLeftOn, ownLetters, userTexts } from "./support/page-words";
import { LANGUAGE_SCRIPT } from "../../core/i18n/language-scripts";

const CRAWLED = LANGUAGES.filter((language): language is Exclude<Language, "en"> => language !== "en");

let seller: Seller;
let staff: Seller;
let listing: CreatedListing;
let hidden: CreatedListing;

test.beforeAll(async ({ playwright }) => {
  const baseURL = test.info().project.use.baseURL!;
  const request = await playwright.request.newContext({ baseURL });
  ({ seller, listing } = await hindiSellerWithListing(request));
  hidden = await createListingWith(request, { name: `प्याज़ ${uniqueTag()}`, category: "vegetables" });
  await request.dispose();
  // A moderator, a report, and a listing hidden with the moderator's reason: the back office has
  // a queue, a hidden list and audit entries to show.
  const staffRequest = await playwright.request.newContext({ baseURL });
  staff = await signUpSellerWith(staffRequest, { name: "अनीता शर्मा" });
  await withDatabase((db) => db.kysely.updateTable("user").set({ role: "admin" }).where("id", "=", staff.id).execute());
  await logInWith(staffRequest, staff);
  const form = { headers: { Origin: new URL(baseURL).origin }, maxRedirects: 0 };
  const report = await staffRequest.post(`/view/${listing.id}/report`, {
    ...form,
    form: { reason: "price", details: "दाम बहुत ज़्यादा लिखा है" },
  });
  expect(report.status()).toBe(302);
  const hide = await staffRequest.post(`/admin/listings/${hidden.id}`, { ...form, form: { intent: "hide", reason: "दाम की इकाई ग़लत है" } });
  expect(hide.status()).toBe(302);
  await staffRequest.dispose();
});

test.afterAll(async () => {
  if (seller) await deleteUser(seller.id);
  if (staff) await deleteUser(staff.id);
});

const ROLES = ["visitor", "seller", "staff"] as const;
type Role = (typeof ROLES)[number];

/**
 * The pages each role meets: a visitor's, a seller's own, a moderator's. A page that differs from
 * one here only by a notice (`?registered=1`, `?done=sold`) is left out: the notice is one
 * catalogue message, which the catalogue check reads in every language.
 */
function pagesOf(role: Role): string[] {
  const anyone = [
    "/",
    "/?category=rice",
    "/?category=cars",
    `/viewmore?q=${encodeURIComponent(listing.name)}`,
    `/viewmore?q=${encodeURIComponent("बासमति")}`,
    "/viewmore?q=zzqqxx",
    "/viewmore?q=zzqqxx&by=name",
    "/viewmore?min=abc&state=maharashtra",
    `/view/${listing.id}`,
    `/view/${listing.id}/report`,
    `/seller/${seller.id}`,
    "/prices",
    "/prices/rice",
    "/view/00000000-0000-0000-0000-000000000000",
    "/no-such-page",
  ];
  if (role === "visitor") return [...anyone, "/login", "/signup", "/create", "/my/account"];
  if (role === "seller")
    return [
      "/",
      `/view/${listing.id}`,
      "/create",
      `/my/listings/${listing.id}/edit`,
      "/my/listings",
      `/my/listings?delete=${listing.id}`,
      "/my/account",
    ];
  return [
    "/admin",
    "/admin?view=review",
    "/admin?view=hidden",
    `/admin/listings/${listing.id}`,
    `/admin/listings/${hidden.id}`,
    "/admin/people",
    `/admin/people?id=${seller.id}`,
    "/admin/people?email=nobody%40example.in",
    "/admin/audit",
  ];
}

/** What each page breaks, by page: Latin words left, width past the phone's, axe's violations. */
async function crawl(browser: Browser, language: Exclude<Language, "en">, role: Role): Promise<Record<string, string[]>> {
  const context = await browser.newContext({ locale: HTML_LANG[language], viewport: { width: 360, height: 760 } });
  const page = await context.newPage();
  if (role !== "visitor") await logInWith(page.request, role === "seller" ? seller : staff);
  const found: Record<string, string[]> = {};
  for (const path of pagesOf(role)) {
    const before = await userTexts();
    await page.goto(path);
    const problems: string[] = [];
    const [lang, dir] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
    if (lang !== HTML_LANG[language] || dir !== textDirection(language)) problems.push(`<html lang="${lang}" dir="${dir}">`);
    problems.push(...(await latinLeftOn(page, await alsoUserTextsNow(before))).map((run) => `Latin: ${run}`));
    // The sign-in page, a newcomer's first words: mostly in the language's own script (issue 40's
    // measure), and captured at 360 px for docs/screenshots.
    if (path === "/login") {
      const letters = await ownLetters(page);
      const share = letters.filter((c) => LANGUAGE_SCRIPT[language].test(c)).length / letters.length;
      if (share < 0.85) problems.push(`${Math.floor(share * 100)}% of ${letters.length} letters in the language's script`);
      await page.screenshot({ path: `docs/screenshots/login-360-${language}.png`, fullPage: true });
    }
    const width = await documentScrollWidth(page);
    if (width > 360) problems.push(`${width} px wide`);
    problems.push(...(await axeViolations(page)).map((violation) => `axe: ${violation}`));
    if (problems.length) found[`${path} (${role})`] = problems;
  }
  await context.close();
  return found;
}

// @alone: other tests list, rename and delete things while it reads the pages, and the Latin check
// must know every name a page may show (see playwright.config.ts).
for (const language of CRAWLED) {
  test(
    `${language}: every page a visitor, a seller and a moderator meet, in ${language}'s script, within 360 px, with no axe violation`,
    {
      tag: "@alone",
    },
    async ({ browser }) => {
      test.setTimeout(180_000);
      // The three roles side by side: one renders while another's page is scanned (both cores busy).
      const found = Object.assign({}, ...(await Promise.all(ROLES.map((role) => crawl(browser, language, role)))));
      expect(found).toEqual({});
    },
  );
}
