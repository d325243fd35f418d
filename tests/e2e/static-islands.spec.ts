/**
 * Parts of a page that need no script are not hydrated (decision 039): React adopts their
 * element and leaves what is inside it as the server drew it, renders it anew when its data
 * changes, and links inside one still navigate in the app, without loading a new document.
 * React marks each element it hydrates or renders with a `__reactFiber$…` key.
 */
import type { Page } from "@playwright/test";
import { createBackdatedListings, expect, gotoHydrated, openSellerContext, test, uniqueTag, type CreatedListing } from "./support/fixtures";

const prefix = `Island ${uniqueTag()}`;
const COUNT = 9; // two pages of results: 8 + 1
let made: CreatedListing[] = [];
let dispose: () => Promise<void> = async () => {};

test.beforeAll(async ({ browser }) => {
  const session = await openSellerContext(browser);
  dispose = session.dispose;
  made = await createBackdatedListings(session.context.request, COUNT, (i) => ({ name: `${prefix} ${String(i).padStart(2, "0")}` }));
});

test.afterAll(async () => {
  await dispose();
});

/** For each selector: [elements React manages, elements in all] within the first match, the element itself included. */
function reactManaged(page: Page, selectors: string[]) {
  return page.evaluate((list) => {
    const managed = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    return list.map((selector) => {
      const root = document.querySelector(selector);
      if (!root) return [-1, -1];
      const all = [root, ...root.querySelectorAll("*")];
      return [all.filter(managed).length, all.length];
    });
  }, selectors);
}

/** Counts documents the page loads from now on (a full page load; an in-app navigation loads none). */
function countDocumentLoads(page: Page) {
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) loads.push(request.url());
  });
  return loads;
}

const results = (page: Page) => page.getByRole("list", { name: `Results for “${prefix}”` });

test("cards, pagination, the footer and the filters' options are adopted, not hydrated; new results render; their links navigate in the app", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  await gotoHydrated(page, `/viewmore?q=${encodeURIComponent(prefix)}`);
  await expect(results(page).getByRole("listitem")).toHaveCount(8);

  const [grid, pagination, footer, heading, states, sort] = await reactManaged(page, [
    `main ul[aria-label^="Results for"]`,
    `nav[aria-label="Pages"]`,
    "footer",
    "main h1",
    "select#state",
    "select#sort",
  ]);
  // The wrappers are React's (so it can replace them); nothing inside them is.
  expect(grid).toEqual([1, expect.any(Number)]);
  expect(grid![1]).toBeGreaterThan(8 * 5);
  expect(pagination).toEqual([1, expect.any(Number)]);
  expect(footer).toEqual([1, expect.any(Number)]);
  expect(footer![1]).toBeGreaterThan(20);
  // A filter's select is hydrated (its handler), its options are not: the states alone are 37.
  expect(states).toEqual([1, expect.any(Number)]);
  expect(states![1]).toBeGreaterThan(30);
  expect(sort).toEqual([1, 6]);
  // The check can tell: the rest of the page is hydrated.
  expect(heading).toEqual([1, 1]);
  await expect(page.locator("footer").getByRole("link", { name: "Mumbai" })).toHaveAttribute(
    "href",
    "/viewmore?state=maharashtra&district=mumbai",
  );

  const loads = countDocumentLoads(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  // A page link inside an island: the next page, in the app.
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2");
  await expect(results(page).getByRole("heading", { level: 3 })).toHaveText([made[0]!.name]);
  // Rendered by React now, from the new data.
  const [grid2, pagination2] = await reactManaged(page, [`main ul[aria-label^="Results for"]`, `nav[aria-label="Pages"]`]);
  expect(grid2![0]).toBe(grid2![1]);
  expect(pagination2![0]).toBe(pagination2![1]);
  await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // A card's link, then a footer link: still the same document.
  await results(page).getByRole("link").first().click();
  await expect(page).toHaveURL(`/view/${made[0]!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: made[0]!.name })).toBeVisible();
  await page.locator("footer").getByRole("link", { name: "Mumbai" }).click();
  await expect(page).toHaveURL("/viewmore?state=maharashtra&district=mumbai");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument()).toBe(true);
  expect(loads).toEqual([]);
  expect(errors).toEqual([]);
});

test("a listing's details are adopted, not hydrated; new tabs, modified clicks and other sites are left to the browser", async ({
  page,
}) => {
  await gotoHydrated(page, `/view/${made[1]!.id}`);
  const [details] = await reactManaged(page, ["main article dl"]);
  expect(details).toEqual([0, expect.any(Number)]);

  // What the delegated handler did with each click, seen by a listener that runs after it (and stops the browser following it).
  // A plain object type: Playwright's serialisable argument types cannot take the DOM's MouseEventInit (its `view`).
  const outcome = (
    selector: string,
    init: { ctrlKey?: boolean; shiftKey?: boolean; metaKey?: boolean; altKey?: boolean; button?: number },
  ) =>
    page.evaluate(
      ({ selector, init }) => {
        let prevented: boolean | undefined;
        const after = (event: Event) => {
          prevented = event.defaultPrevented;
          event.preventDefault();
        };
        window.addEventListener("click", after, { once: true });
        document.querySelector(selector)!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ...init }));
        return prevented;
      },
      { selector, init },
    );
  const sellerLink = `main article a[href^="/seller/"]`;
  expect(await outcome(sellerLink, { ctrlKey: true })).toBe(false);
  expect(await outcome(sellerLink, { shiftKey: true })).toBe(false);
  expect(await outcome(sellerLink, { button: 1 })).toBe(false);
  expect(await outcome(`main article a[target="_blank"]`, {})).toBe(false);
  // Call goes to the safety note's page: the note's dialog takes the tap first (decision 057), not IslandLinks.
  expect(await outcome(`main article a[data-contact="call"]`, {})).toBe(true);
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  const loads = countDocumentLoads(page);
  await page.locator(sellerLink).click();
  await expect(page).toHaveURL(/\/seller\//);
  expect(loads).toEqual([]);
});
