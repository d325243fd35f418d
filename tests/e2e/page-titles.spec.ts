/**
 * Every page's <title>, in English and Hindi, signed out and signed in as an admin (who also sells,
 * so the seller's own pages and the back office answer): none may show a message key such as
 * "alerts.title" (issue 42). The pages come from app/routes.ts itself, so a new route that this
 * test does not know how to open fails it until it is added below.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Browser } from "@playwright/test";
import routes from "../../app/routes";
import { createListingWith, expect, openSellerContext, test, uniqueTag, withDatabase } from "./support/fixtures";

/** A route module without a default export answers data or redirects: it has no page, so no title. */
function hasPage(file: string): boolean {
  return /^export default /m.test(readFileSync(path.join("app", file), "utf8"));
}

function flatten(entries: RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const full = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: full, file: entry.file }, ...flatten(entry.children ?? [], full)];
  });
}

const PAGES = flatten(routes as RouteConfigEntry[]).filter((route) => hasPage(route.file));

/** A key is dotted camelCase words with no spaces: "priceInsight.produceTitle", "saved.title". */
const LOOKS_LIKE_A_KEY = /(^|[\s—])[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+($|[\s—])/;
const DEVANAGARI = /[\u0900-\u097F]/;

let admin: Awaited<ReturnType<typeof openSellerContext>>;
let listingId = "";

test.beforeAll(async ({ browser }) => {
  admin = await openSellerContext(browser);
  await withDatabase((db) => db.kysely.updateTable("user").set({ role: "admin" }).where("id", "=", admin.seller.id).execute());
  listingId = (await createListingWith(admin.context.request, { name: `Title onion ${uniqueTag()}`, price: "32" })).id;
});

test.afterAll(async () => {
  await admin?.dispose();
});

/** A real address for each page route; a route missing here fails the test. */
function urlFor(route: string): string {
  const ids: Record<string, string> = {
    id: route.startsWith("seller/") ? admin.seller.id : listingId,
    produce: "onion",
    state: "maharashtra",
    district: "nashik",
  };
  if (route === "*") return "/no-such-page-here";
  return `/${route.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in ids)) throw new Error(`page-titles.spec.ts does not know what to put for :${name} in /${route}`);
    return ids[name]!;
  })}`;
}

async function titles(browser: Browser, lang: "en" | "hi", signedIn: boolean) {
  const context = signedIn ? admin.context : await browser.newContext();
  const page = await context.newPage();
  const base = test.info().project.use.baseURL!;
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  const seen: Array<{ url: string; title: string }> = [];
  try {
    for (const route of PAGES) {
      const url = urlFor(route.path);
      await page.goto(url);
      seen.push({ url, title: await page.title() });
    }
  } finally {
    await page.close();
    if (!signedIn) await context.close();
  }
  return seen;
}

for (const lang of ["en", "hi"] as const) {
  for (const signedIn of [false, true]) {
    test(`every page's title is words, not message keys (${lang}, ${signedIn ? "signed in as an admin" : "signed out"})`, async ({
      browser,
    }) => {
      // Two dozen pages, each a full load on a busy machine.
      test.setTimeout(120_000);
      expect(PAGES.length).toBeGreaterThan(20);
      const seen = await titles(browser, lang, signedIn);
      expect(seen.filter(({ title }) => !title.trim() || LOOKS_LIKE_A_KEY.test(title))).toEqual([]);
      if (lang === "hi") expect(seen.filter(({ title }) => !DEVANAGARI.test(title))).toEqual([]);
      // The ones issue 42 found, in the page's words.
      const expected = lang === "en" ? ["My alerts — Mandi", "Saved listings — Mandi", "Prices on Mandi — Mandi"] : ["मेरे अलर्ट — Mandi"];
      if (signedIn) for (const title of expected) expect(seen.map((s) => s.title)).toContain(title);
    });
  }
}
