/**
 * A signed-in person's own things from the header at 360 px (issue 42): My listings, Saved,
 * My alerts, My account and Logout in a menu under their name, readable in English and Hindi,
 * by mouse and keyboard, with and without JavaScript, axe at 0.
 */
import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { deleteUser, documentScrollWidth, expect, gotoHydrated, logIn, signUpSeller, test } from "./support/fixtures";
import { en, hi } from "./support/catalogues";

test.use({ viewport: { width: 360, height: 640 }, bypassCSP: true });

const CASES = [
  { lang: "en", name: "Sunita Devi", short: "Sunita", words: en },
  { lang: "hi", name: "सुनीता देवी", short: "सुनीता", words: hi },
] as const;

const items = (words: typeof en) => [words.mine.title, words.saved.title, words.alerts.title, words.account.title];

/** Every item is fully on screen and not cut: its text fits its box. */
async function expectReadable(page: Page, names: string[]) {
  for (const name of names) {
    const item = page.getByRole("banner").getByRole("link", { name, exact: true });
    await expect(item).toBeVisible();
    const box = (await item.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(360);
    expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth), name).toBe(true);
  }
}

for (const { lang, name, short, words } of CASES) {
  test(`signed in, the header's menu under the person's name leads to their things (${lang}, with JavaScript)`, async ({ page }) => {
    // Six pages and an axe scan: 15 s alone, twice that beside other suites.
    test.setTimeout(90_000);
    const seller = await signUpSeller(page, { name });
    try {
      await logIn(page, seller);
      await page.context().addCookies([{ name: "lang", value: lang, url: test.info().project.use.baseURL! }]);
      await gotoHydrated(page, "/");
      const nav = page.getByRole("navigation", { name: words.shell.account });
      const summary = nav.locator("summary");
      // The first name, whole (no "सु.." or a lone "र्"), and nothing else of the menu yet.
      await expect(summary).toHaveText(`${short}▾`);
      expect(await summary.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expect(nav.getByRole("link", { name: words.mine.title })).toBeHidden();

      // By keyboard: Tab to the name, Enter opens it, the items come next in Tab order.
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(nav.getByText(words.shell.signedInAs.replace("{{name}}", name))).toBeVisible();
      await expectReadable(page, items(words));
      await expect(nav.getByRole("button", { name: words.shell.logout })).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: words.mine.title })).toBeFocused();
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);

      // Saved listings, linked from nowhere before: the menu leads there, and is closed on arrival.
      await nav.getByRole("link", { name: words.saved.title }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/my/saved");
      await expect(page.locator("header nav details")).not.toHaveAttribute("open");
      for (const [item, path] of [
        [words.mine.title, "/my/listings"],
        [words.alerts.title, "/my/alerts"],
        [words.account.title, "/my/account"],
      ] as const) {
        await summary.click();
        await nav.getByRole("link", { name: item }).click();
        await expect(page).toHaveURL((url) => url.pathname === path);
      }
      await summary.click();
      await nav.getByRole("button", { name: words.shell.logout }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(nav.getByRole("link", { name: words.shell.login })).toBeVisible();
    } finally {
      await deleteUser(seller.id);
    }
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { lang, name, words } of CASES) {
    test(`the account menu opens and every item works (${lang})`, async ({ page }) => {
      // Four pages: 8 s alone, thrice that beside other suites.
      test.setTimeout(60_000);
      const seller = await signUpSeller(page, { name });
      try {
        await logIn(page, seller);
        await page.context().addCookies([{ name: "lang", value: lang, url: test.info().project.use.baseURL! }]);
        await page.goto("/");
        const nav = page.getByRole("navigation", { name: words.shell.account });
        await nav.locator("summary").click();
        await expectReadable(page, items(words));
        await nav.getByRole("link", { name: words.saved.title }).click();
        await expect(page).toHaveURL((url) => url.pathname === "/my/saved");
        await nav.locator("summary").click();
        await nav.getByRole("button", { name: words.shell.logout }).click();
        await expect(page).toHaveURL(/\/login$/);
        await expect(nav.getByRole("link", { name: words.shell.login })).toBeVisible();
      } finally {
        await deleteUser(seller.id);
      }
    });
  }
});
