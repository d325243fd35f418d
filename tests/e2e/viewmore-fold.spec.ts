/**
 * /viewmore on a 360×640 phone (issue 26, "Results above the fold"): the first result card starts
 * within 320 px of the top, in English and Hindi, with and without JavaScript, with no filter and
 * with every filter on. The filters sit behind a "Filters (n)" disclosure, each active filter is
 * a chip that removes it in one tap, and the sort stays outside, one tap away.
 */
import type { Page } from "@playwright/test";
import { createTranslator, type MessageKey } from "../../core/i18n/translate";
import type { PageCatalogue } from "../../core/i18n/catalogue-types";
import { createBackdatedListings, expect, openSellerContext, test, uniqueTag, type CreatedListing } from "./support/fixtures";
import { en, hi } from "./support/catalogues";

const FOLD = 320;
const tag = uniqueTag();
const onion = `Onion ${tag}`;
let made: CreatedListing[] = [];
let dispose: () => Promise<void> = async () => {};

test.beforeAll(async ({ browser }) => {
  const session = await openSellerContext(browser);
  dispose = session.dispose;
  // In Nashik, Maharashtra (the fixtures' place), at ₹30, ₹45 and ₹60 per kg.
  made = await createBackdatedListings(session.context.request, 3, (i) => ({
    name: `${onion} ${i}`,
    category: "vegetables",
    price: String(30 + i * 15),
  }));
});

test.afterAll(async () => {
  await dispose();
});

const translators = {
  en: createTranslator<MessageKey<PageCatalogue>>("en", en),
  hi: createTranslator<MessageKey<PageCatalogue>>("hi", hi),
};
type Lang = keyof typeof translators;

/** Every filter on at once (and the sort, and the header's name search). */
const ALL_FILTERS = `/viewmore?q=${encodeURIComponent(onion)}&by=name&category=vegetables&state=maharashtra&district=nashik&min=10&max=100&sort=price-desc&page=1`;

async function useLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: "lang", value: lang, url: test.info().project.use.baseURL! }]);
}

/** The first card of the results list (named by the page's heading). */
function firstCard(page: Page, lang: Lang, q: string) {
  return page
    .getByRole("list", { name: translators[lang]("browse.resultsFor", { q }) })
    .getByRole("listitem")
    .first();
}

async function cardTop(page: Page, lang: Lang, q: string): Promise<number> {
  const card = firstCard(page, lang, q);
  await expect(card).toBeVisible();
  return (await card.boundingBox())!.y;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at 360×640 ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ viewport: { width: 360, height: 640 }, javaScriptEnabled });

    for (const lang of ["en", "hi"] as const) {
      test(`in ${lang === "en" ? "English" : "Hindi"}, the first result starts within ${FOLD} px, with no filter, with every filter on and for a typo`, async ({
        page,
      }) => {
        await useLanguage(page, lang);
        const tops: Record<string, number> = {};
        for (const [url, q] of [
          ["/viewmore?q=onion", "onion"],
          [`/viewmore?q=${encodeURIComponent(onion)}`, onion],
          [ALL_FILTERS, onion],
          // A typo: nothing has the exact name, and the heading says these are similar names.
          [`/viewmore?q=${encodeURIComponent(`onoin ${tag}`)}`, `onoin ${tag}`],
        ] as const) {
          await page.goto(url);
          await expect(page.locator("html")).toHaveAttribute("lang", lang === "hi" ? "hi-IN" : "en-IN");
          tops[url] = await cardTop(page, lang, q);
        }
        const header = (await page.getByRole("banner").boundingBox())!.height;
        test.info().annotations.push({ type: "measured", description: `header ${header} px; first card top ${JSON.stringify(tops)}` });
        for (const [url, top] of Object.entries(tops)) expect(top, url).toBeLessThanOrEqual(FOLD);
        // Nothing scrolls sideways at 360 px (the chips scroll inside their own row).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      });
    }

    test("the Filters summary counts the active filters, and each chip removes exactly its filter", async ({ page }) => {
      await page.goto(ALL_FILTERS);
      const summary = page.getByRole("main").locator("summary");
      await expect(summary).toHaveText("Filters (4)");
      // Closed: the fields are out of sight, the sort is not.
      await expect(page.getByLabel("Min ₹ / kg")).toBeHidden();
      await expect(page.getByLabel("Sort", { exact: true })).toBeVisible();
      const chips = page.getByRole("list", { name: "Filters in use" }).getByRole("link");
      const names = ["Vegetables", "Maharashtra", "Nashik", "₹10–₹100 / kg"];
      await expect(chips).toHaveText(names);
      for (const [i, name] of names.entries()) await expect(chips.nth(i)).toHaveAccessibleName(`Remove filter: ${name}`);

      await chips.getByText("Nashik").click();
      await expect(page).toHaveURL((url) => !url.searchParams.has("district") && !url.searchParams.has("page"));
      const params = new URL(page.url()).searchParams;
      expect(Object.fromEntries(params)).toEqual({
        q: onion,
        by: "name",
        category: "vegetables",
        state: "maharashtra",
        min: "10",
        max: "100",
        sort: "price-desc",
      });
      await expect(summary).toHaveText("Filters (3)");
      await expect(chips).toHaveText(["Vegetables", "Maharashtra", "₹10–₹100 / kg"]);

      // The price chip drops both ends; the results widen to every price.
      await page.getByRole("link", { name: "Remove filter: ₹10–₹100 / kg" }).click();
      await expect(page).toHaveURL(
        (url) => !url.searchParams.has("min") && !url.searchParams.has("max") && url.searchParams.get("state") === "maharashtra",
      );
      await expect(summary).toHaveText("Filters (2)");

      // A state's chip drops its district too (a district means nothing without its state).
      await page.goto(ALL_FILTERS);
      await page.getByRole("link", { name: "Remove filter: Maharashtra" }).click();
      await expect(page).toHaveURL(
        (url) => !url.searchParams.has("state") && !url.searchParams.has("district") && url.searchParams.get("category") === "vegetables",
      );
      await expect(summary).toHaveText("Filters (2)");
      await expect(firstCard(page, "en", onion)).toBeVisible();

      await page.getByRole("link", { name: "Remove filter: Vegetables" }).click();
      await expect(summary).toHaveText("Filters (1)");
      await page.getByRole("link", { name: "Remove filter: ₹10–₹100 / kg" }).click();
      await expect(summary).toHaveText("Filters");
      await expect(page.getByRole("list", { name: "Filters in use" })).toHaveCount(0);
      await expect(page).toHaveURL((url) => url.search === `?q=${encodeURIComponent(onion).replace(/%20/g, "+")}&by=name&sort=price-desc`);
    });

    test("the Filters panel opens from its summary, by keyboard too, and Apply sends the filters", async ({ page }) => {
      await page.goto(`/viewmore?q=${encodeURIComponent(onion)}`);
      const summary = page.getByRole("main").locator("summary");
      await expect(summary).toHaveText("Filters");
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main").locator("details")).toHaveAttribute("open", "");
      await page.getByLabel("Min ₹ / kg").fill("40");
      await page.getByLabel("Max ₹ / kg").fill("70");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("min") === "40" && url.searchParams.get("max") === "70");
      await expect(page.getByRole("list", { name: `Results for “${onion}”` }).getByRole("heading", { level: 3 })).toHaveText([
        `${onion} 2`,
        `${onion} 1`,
      ]);
      await expect(summary).toHaveText("Filters (1)");
      await expect(page.getByRole("link", { name: "Remove filter: ₹40–₹70 / kg" })).toBeVisible();
      // Applied, the panel closes so the results show.
      await expect(page.getByRole("main").locator("details")).not.toHaveAttribute("open", "");
    });

    test("the sort is one tap away, outside the Filters panel", async ({ page }) => {
      await page.goto(`/viewmore?q=${encodeURIComponent(onion)}&min=10`);
      const sort = page.getByLabel("Sort", { exact: true });
      await expect(sort).toBeVisible();
      await expect(page.getByRole("main").locator("details")).not.toHaveAttribute("open", "");
      if (javaScriptEnabled) {
        await page.waitForFunction(() => Object.keys(document.querySelector("#sort") ?? {}).some((k) => k.startsWith("__reactProps")));
        await sort.selectOption({ label: "Price: low to high" });
      } else {
        await sort.selectOption({ label: "Price: low to high" });
        await page.getByRole("button", { name: "Show", exact: true }).click();
      }
      await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "price-asc" && url.searchParams.get("min") === "10");
      await expect(page.getByRole("list", { name: `Results for “${onion}”` }).getByRole("heading", { level: 3 })).toHaveText(
        made.map((l) => l.name),
      );
    });

    test("a price the page cannot use opens the panel on its message", async ({ page }) => {
      await page.goto(`/viewmore?q=${encodeURIComponent(onion)}&min=90&max=40`);
      await expect(page.getByRole("main").locator("details")).toHaveAttribute("open", "");
      await expect(page.getByRole("alert")).toHaveText("The lowest price is more than the highest. Please swap them or change one.");
      await expect(page.getByLabel("Min ₹ / kg")).toHaveAccessibleDescription(
        "The lowest price is more than the highest. Please swap them or change one.",
      );
      await expect(page.getByLabel("Max ₹ / kg")).toHaveAttribute("aria-invalid", "true");
      // The problem ignores the price, so nothing is counted for it.
      await expect(page.getByRole("main").locator("summary")).toHaveText("Filters");
    });
  });
}

test.describe("with JavaScript", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("choosing a state applies it at once and keeps the panel open for the district", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(`/viewmore?q=${encodeURIComponent(onion)}`);
    await page.waitForFunction(() => Object.keys(document.querySelector("#state") ?? {}).some((k) => k.startsWith("__reactProps")));
    await page.getByRole("main").locator("summary").click();
    await page.getByLabel("State", { exact: true }).selectOption({ label: "Maharashtra" });
    await expect(page).toHaveURL((url) => url.searchParams.get("state") === "maharashtra");
    await expect(page.getByRole("main").locator("summary")).toHaveText("Filters (1)");
    await expect(page.getByRole("main").locator("details")).toHaveAttribute("open", "");
    await page.getByLabel("District", { exact: true }).selectOption({ label: "Nashik" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("district") === "nashik");
    await expect(page.getByRole("main").locator("details")).not.toHaveAttribute("open", "");
    await expect(page.getByRole("link", { name: "Remove filter: Nashik" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("in Hindi", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the summary, the chips and their names are in Hindi", async ({ page }) => {
    await useLanguage(page, "hi");
    await page.goto(ALL_FILTERS);
    await expect(page.getByRole("main").locator("summary")).toHaveText(hi.browse.filtersCount.replace("{{count}}", "4"));
    const chips = page.getByRole("list", { name: hi.browse.activeFilters }).getByRole("link");
    await expect(chips.first()).toHaveAccessibleName(translators.hi("browse.removeFilter", { name: hi.category.label.vegetables }));
    await expect(chips.last()).toHaveAccessibleName(translators.hi("browse.removeFilter", { name: "₹10–₹100 / किलो" }));
    await expect(page.getByLabel(hi.browse.sort, { exact: true })).toBeVisible();
  });
});
