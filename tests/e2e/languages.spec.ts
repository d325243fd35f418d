/**
 * Choosing the language (decision 015) over real HTTP: the `lang` cookie the header's switch
 * sets, else Accept-Language, else English; the switch works without JavaScript, goes back to the
 * same page and never off the site; shared caches keep one copy per language.
 */
import { E2E_PORT } from "../../playwright.config";
import { expect, test } from "./support/fixtures";
import { chooseLanguage } from "./support/languages";
import { en, hi } from "./support/catalogues";

const OWN_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

test("an anonymous page follows Accept-Language, and says so to shared caches", async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: OWN_ORIGIN });
  const hindi = await request.get("/", { headers: { "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" } });
  expect(htmlLang(await hindi.text())).toBe("hi-IN");
  expect(hindi.headers()["cache-control"]).toMatch(/^public/);
  expect(hindi.headers()["vary"]).toMatch(/\bAccept-Language\b/i);
  expect(hindi.headers()["vary"]).toMatch(/\bCookie\b/i);

  const english = await request.get("/", { headers: { "Accept-Language": "en-GB,en;q=0.9" } });
  expect(htmlLang(await english.text())).toBe("en-IN");
  const neither = await request.get("/viewmore", { headers: { "Accept-Language": "fr-FR" } });
  expect(htmlLang(await neither.text())).toBe("en-IN");
  expect(neither.headers()["vary"]).toMatch(/\bAccept-Language\b/i);

  // Suggestions carry names and category slugs only: the same JSON in every language.
  const suggestions = await request.get("/api/suggestions?q=ric", { headers: { "Accept-Language": "hi" } });
  expect(suggestions.headers()["vary"] ?? "").not.toMatch(/Accept-Language/i);
  await request.dispose();
});

test("the switch sets a year-long lang cookie and goes back to the same page; the cookie beats Accept-Language", async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: OWN_ORIGIN, extraHTTPHeaders: { "Accept-Language": "en" } });
  const answer = await request.post("/language", {
    form: { lang: "hi", redirectTo: "/viewmore?q=chawal&page=2" },
    headers: { Origin: OWN_ORIGIN },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers()["location"]).toBe("/viewmore?q=chawal&page=2");
  const cookie = answer.headers()["set-cookie"] ?? "";
  expect(cookie).toMatch(/^lang=hi; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
  expect(answer.headers()["cache-control"]).toBe("private, no-store");

  // Accept-Language says English; the cookie says Hindi, and wins. A page for a cookie is never shared.
  const page = await request.get("/viewmore?q=chawal");
  expect(htmlLang(await page.text())).toBe("hi-IN");
  expect(page.headers()["cache-control"]).toBe("private, no-store");

  await request.post("/language", { form: { lang: "en", redirectTo: "/" }, headers: { Origin: OWN_ORIGIN } });
  expect(htmlLang(await (await request.get("/", { headers: { "Accept-Language": "hi" } })).text())).toBe("en-IN");
  await request.dispose();
});

test("the switch never sends anyone off the site, and refuses a language it does not know", async ({ request }) => {
  for (const target of ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "/\t/evil.example", ""]) {
    const answer = await request.post("/language", {
      form: { lang: "hi", redirectTo: target },
      headers: { Origin: OWN_ORIGIN },
      maxRedirects: 0,
    });
    expect(answer.status(), target).toBe(302);
    expect(answer.headers()["location"], target).toBe("/");
  }
  // Those answers set lang=hi, so the refusal comes in Hindi.
  const unknown = await request.post("/language", {
    form: { lang: "fr", redirectTo: "/" },
    headers: { Origin: OWN_ORIGIN },
    maxRedirects: 0,
  });
  expect(unknown.status()).toBe(400);
  expect(await unknown.text()).toContain("कृपया सूची में से कोई भाषा चुनें।");
  const inEnglish = await request.post("/language", {
    form: { lang: "fr" },
    headers: { Origin: OWN_ORIGIN, Cookie: "lang=en" },
    maxRedirects: 0,
  });
  expect(await inEnglish.text()).toContain("Please choose a language from the list.");
  const notAForm = await request.post("/language", { data: { lang: "hi" }, headers: { Origin: OWN_ORIGIN }, maxRedirects: 0 });
  expect(notAForm.status()).toBe(400);
  const crossSite = await request.post("/language", {
    form: { lang: "hi", redirectTo: "/" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  const get = await request.get("/language", { maxRedirects: 0 });
  expect(get.status()).toBe(302);
  expect(get.headers()["location"]).toBe("/");
});

test("the header's switch works without JavaScript, there and back, on the same page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-IN" });
  const page = await context.newPage();
  await page.goto("/login?registered=1");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  await chooseLanguage(page, "hi");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.search === "?registered=1");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hi.login.title);
  await expect(page.getByRole("status")).toHaveText(hi.login.registered);
  await chooseLanguage(page, "en");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.search === "?registered=1");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
  await context.close();
});

test("a page preloads only its own language's catalogue, a file kept for a year; the HTML carries no catalogue", async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: OWN_ORIGIN });
  const html = await (await request.get("/login", { headers: { "Accept-Language": "hi-IN" } })).text();
  const href = /<link rel="preload" as="fetch" href="(\/i18n\/hi\.[0-9a-f]{12}\.json)"/.exec(html)?.[1];
  expect(href).toBeTruthy();
  expect(html).not.toMatch(/\/i18n\/en\./);
  // Words of other pages are in neither the HTML nor its data.
  expect(html).not.toContain(hi.account.deleteWarning);
  expect(html).not.toContain(en.account.deleteWarning);
  const file = await request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(await file.json()).toEqual(hi);
  expect((await request.get("/i18n/hi.000000000000.json")).status()).toBe(404);
  await request.dispose();
});

test("a ?lang= page is never served in the wrong language by any cache", async ({ playwright }) => {
  // A fresh client each time: none keeps the cookie another answer set.
  const get = async (url: string, headers: Record<string, string>) => {
    const request = await playwright.request.newContext({ baseURL: OWN_ORIGIN });
    const answer = await request.get(url, { headers });
    const result = { lang: htmlLang(await answer.text()), headers: answer.headers() };
    await request.dispose();
    return result;
  };
  const url = `/?lang=hi&n=${Date.now()}`;
  const english = { "Accept-Language": "en" };
  // No language chosen: Hindi, setting the visit's language (a session cookie), so no cache keeps it.
  const first = await get(url, english);
  expect(first.lang).toBe("hi-IN");
  expect(first.headers["set-cookie"]).toMatch(/^lang=hi; Path=\/; SameSite=Lax; HttpOnly$/);
  expect(first.headers["cache-control"]).toBe("private, no-store");
  // Someone who chose Hindi fills the page cache; someone who chose English is not given its copy.
  for (let i = 0; i < 2; i++) expect((await get(url, { ...english, Cookie: "lang=hi" })).lang).toBe("hi-IN");
  const chosen = await get(url, { "Accept-Language": "hi", Cookie: "lang=en" });
  expect(chosen.lang).toBe("en-IN");
  expect(chosen.headers["set-cookie"]).toBeUndefined();
  // And the other way round: an English copy cached for the address is not given to a visitor with no choice.
  const url2 = `/?lang=hi&m=${Date.now()}`;
  for (let i = 0; i < 2; i++) expect((await get(url2, { Cookie: "lang=en" })).lang).toBe("en-IN");
  expect((await get(url2, english)).lang).toBe("hi-IN");
});

// Issue 42, item 10 (decision 052): a link shared from a Hindi page opens in Hindi on a phone set
// to English, the rest of the visit follows, and the switch is one tap away.
for (const javaScriptEnabled of [true, false]) {
  test(`a shared ?lang=hi link opens in Hindi on an English phone and the visit stays Hindi (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    createListing,
  }) => {
    const listing = `/view/${(await createListing()).id}`;
    const context = await browser.newContext({ javaScriptEnabled, locale: "en-IN" });
    const page = await context.newPage();
    await page.goto(listing);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");

    await page.goto(`${listing}?lang=hi`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.locator("header summary", { hasText: "हिन्दी" })).toBeVisible();
    // The next page of the visit, reached by a link on this one, is Hindi too.
    await page.getByRole("link", { name: hi.shell.home }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    // One tap back to English, which then lasts: the same shared link no longer overrides it.
    await chooseLanguage(page, "en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await page.goto(`${listing}?lang=hi`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await context.close();
  });
}
