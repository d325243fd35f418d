/**
 * `npm run build && npx tsx scripts/screenshots/first-hour.ts`
 *
 * The screens issue 42 changed, at 360×640 in English and Hindi (decision 051), on the production
 * server and a freshly seeded demo market, written to docs/screenshots/:
 * - login-after-signup-360-<lang>.png: the login page a sign-up sends to, the email already in it;
 * - account-menu-360-<lang>.png: a signed-in person's menu open under their name;
 * - sell-errors-360-<lang>.png: the sell form after an empty submit, its error summary focused;
 * - home-created-360-<lang>.png: the home page's banner after a sale, linking to the listing;
 * - listing-date-360-<lang>.png: a listing's details with its dates ("1 Dec 2026");
 * - my-listings-sold-360-<lang>.png: My listings, one listing sold (no "Extend" on it) beside a live one;
 * - sell-band-360-<lang>.png: the sell form for wheat by the quintal in Indore, its usual price
 *   near the seller and the mandi rate in the seller's unit;
 * - saved-searches-360-<lang>.png: My alerts with "onion, nearest to Nashik" saved from /viewmore;
 * - seller-page-360-<lang>.png: a demo seller's page ("On Mandi since", the listings' dates);
 * - prices-index-360-<lang>.png and price-insight-360-<lang>.png: /prices and /prices/onion;
 * and, on a second demo server that sends mail (to an SMTP server of this script's own):
 * - forgot-password-360-en.png: "Forgot password?" (the Hindi one is tests/e2e/password-reset.spec.ts's);
 * - reset-password-360-<lang>.png: the page a reset mail's link opens, for the new password.
 */
import { simpleParser } from "mailparser";
import { chromium, type Browser, type Page } from "@playwright/test";
import type { CategorySlug } from "../../core/catalogue/categories";
import { makeProducePhoto } from "../../server/seed/factories";
import { startTestSmtpServer, type TestSmtpServer } from "../../tests/support/test-smtp-server";
import { startDemoServer } from "./demo-server";

const OUT = "docs/screenshots";
const LANGS = ["en", "hi"] as const;
type Lang = (typeof LANGS)[number];
const PEOPLE = {
  en: { name: "Sunita Devi", email: `sunita.${Date.now().toString(36)}@example.in` },
  hi: { name: "सुनीता देवी", email: `sunita.hi.${Date.now().toString(36)}@example.in` },
} as const;
const PORT = Number(process.env.PORT ?? 4488);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  await firstHour(browser);
  await passwordReset(browser);
} finally {
  await browser.close();
}

/** A context at 360×640 in `lang`, and `open`, which goes to a page and lets it settle. */
async function phone(browser: Browser, app: string, lang: Lang) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2 });
  await context.addCookies([{ name: "lang", value: lang, url: app }]);
  const page = await context.newPage();
  const open = async (url: string) => {
    // The first page a new person opens may be replaced by the service worker's first load; go again.
    await page.goto(`${app}${url}`, { waitUntil: "networkidle" }).catch(() => page.goto(`${app}${url}`, { waitUntil: "networkidle" }));
    await settle(page);
  };
  return { context, page, open };
}

async function firstHour(browser: Browser) {
  const { app, stop } = await startDemoServer(PORT);
  try {
    for (const lang of LANGS) {
      const { context, page, open } = await phone(browser, app, lang);
      const headers = { origin: app };
      const person = { ...PEOPLE[lang], phone: `98${String(Date.now()).slice(-8)}`, password: "correct-horse-battery" };

      // Signing up through the form: the login page it sends to holds the email just used.
      await open("/signup");
      await page.locator("input[name=name]").fill(person.name);
      await page.locator("input[name=email]").fill(person.email);
      await page.locator("input[name=phone]").fill(person.phone);
      await page.locator("input[name=password]").fill(person.password);
      await page.locator("main form button[type=submit]").click();
      await page.waitForURL(/\/login\?registered=1$/);
      await settle(page);
      await page.screenshot({ path: `${OUT}/login-after-signup-360-${lang}.png` });
      await context.request.post(`${app}/api/auth/sign-in/email`, { headers, data: { email: person.email, password: person.password } });

      await open("/");
      // The menu under their name (the language menu is the header's other <summary>).
      await page.locator("header summary:not([aria-label])").click();
      await settle(page);
      await page.screenshot({ path: `${OUT}/account-menu-360-${lang}.png` });

      await open("/create");
      await page.locator("form button[type=submit]").last().click();
      await page.locator("[role=alert][tabindex='-1']").waitFor();
      await settle(page);
      await page.screenshot({ path: `${OUT}/sell-errors-360-${lang}.png` });

      const sell = async (fields: { name: string; category: CategorySlug; price: string; description: string }, photo: number) =>
        context.request.post(`${app}/create`, {
          headers,
          multipart: {
            ...fields,
            state: "maharashtra",
            district: "nashik",
            image: {
              name: "produce.jpg",
              mimeType: "image/jpeg",
              buffer: await makeProducePhoto(fields.category, photo, { width: 640, height: 480 }),
            },
          },
          maxRedirects: 0,
        });
      const sold = await sell(
        {
          name: lang === "hi" ? "लाल प्याज़" : "Red onion",
          category: "vegetables",
          price: "28",
          description: lang === "hi" ? "लासलगाँव का सूखा प्याज़, जो देर तक टिकता है।" : "Dry, long-keeping onions from Lasalgaon.",
        },
        3,
      );
      const home = sold.headers().location!;
      await open(home);
      await page.screenshot({ path: `${OUT}/home-created-360-${lang}.png` });

      await page.locator("[role=status] a").click();
      await page.waitForURL(/\/view\//);
      await settle(page);
      await page.locator("main dl").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${OUT}/listing-date-360-${lang}.png` });

      // A second listing, still live, and the onions marked sold: My listings offers no "Extend" on them.
      await sell(
        {
          name: lang === "hi" ? "टमाटर" : "Tomatoes",
          category: "vegetables",
          price: "18",
          description: lang === "hi" ? "सख़्त हाइब्रिड टमाटर, इसी हफ़्ते तोड़े गए।" : "Firm hybrid tomatoes, picked this week.",
        },
        5,
      );
      const onionId = new URL(home, app).searchParams.get("created")!;
      await context.request.post(`${app}/my/listings`, { headers, form: { intent: "sold", id: onionId, page: "1" }, maxRedirects: 0 });
      await open("/my/listings");
      await page.locator(`main li:has(a[href='/view/${onionId}'])`).scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: `${OUT}/my-listings-sold-360-${lang}.png` });

      // Wheat by the quintal in Indore: the usual price near the seller and the mandi rate per quintal.
      await open("/create");
      await page.locator("input[name=name]").fill(lang === "hi" ? "गेहूं" : "Wheat");
      await page.locator("select[name=category]").selectOption("wheat");
      await page.locator("select[name=unit]").selectOption("quintal");
      await page.locator("select[name=state]").selectOption("madhya-pradesh");
      await page.locator("select[name=district]").selectOption("indore");
      await page.locator("input[name=price]").fill("2700");
      await page.getByTestId("mandi-rate-unit").waitFor();
      await page.getByTestId("price-insight").locator("*").first().waitFor();
      await page.locator("select[name=unit]").evaluate((select) => select.closest("div")!.scrollIntoView({ block: "start" }));
      await settle(page);
      await page.screenshot({ path: `${OUT}/sell-band-360-${lang}.png` });

      // "Tell me when new listings match" on onion, nearest to Nashik: the search shown whole, its settings too.
      await open(`/viewmore?q=${lang === "hi" ? "प्याज" : "onion"}&sort=near&from=maharashtra%2Fnashik`);
      await page.locator("main form[action='/my/alerts/new'] button").first().click();
      await page.waitForURL(/\/my\/alerts\?done=saved/);
      await settle(page);
      await page
        .locator("main ul > li")
        .first()
        .evaluate((card) => card.scrollIntoView({ block: "end" }));
      await settle(page);
      await page.screenshot({ path: `${OUT}/saved-searches-360-${lang}.png` });

      // A demo seller's page, reached from a seeded listing of onions.
      await open("/viewmore?q=onion");
      await open((await page.locator("main li a[href^='/view/']").first().getAttribute("href"))!);
      await open((await page.locator("main a[href^='/seller/']").first().getAttribute("href"))!);
      // Down to the first listing's date, "Member since" still in sight.
      await page
        .locator("main li time")
        .first()
        .evaluate((time) => window.scrollTo(0, time.getBoundingClientRect().bottom + 16 - 640));
      await settle(page);
      await page.screenshot({ path: `${OUT}/seller-page-360-${lang}.png` });

      await open("/prices");
      await page.screenshot({ path: `${OUT}/prices-index-360-${lang}.png` });
      await open("/prices/onion");
      await page.screenshot({ path: `${OUT}/price-insight-360-${lang}.png` });

      console.log(`${lang}: written to ${OUT}/`);
      await context.close();
    }
  } finally {
    stop();
  }
}

/** "Forgot password?" and the page its mail's link opens, on a server that sends mail to `smtp`. */
async function passwordReset(browser: Browser) {
  const smtp = await startTestSmtpServer();
  const { app, stop } = await startDemoServer(PORT + 1, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Mandi <accounts@mandi.example.in>",
    JOB_POLL_MS: "100",
  });
  try {
    for (const lang of LANGS) {
      const { context, page, open } = await phone(browser, app, lang);
      const person = { ...PEOPLE[lang], email: `reset.${lang}.${Date.now().toString(36)}@example.in`, password: "correct-horse-battery" };
      await context.request.post(`${app}/api/auth/sign-up/email`, {
        headers: { origin: app },
        data: { ...person, phone: `+9197${String(Date.now()).slice(-8)}` },
      });
      // Signed out, as a person who forgot their password is (signing up signed them in).
      await context.clearCookies();
      await context.addCookies([{ name: "lang", value: lang, url: app }]);
      await open("/forgot-password");
      if (lang === "en") await page.screenshot({ path: `${OUT}/forgot-password-360-en.png` });
      await page.locator("input[name=email]").fill(person.email);
      await page.locator("main form button[type=submit]").click();
      await page.getByRole("status").waitFor();
      const link = new URL(await resetLink(smtp, person.email));
      await open(link.pathname + link.search);
      await page.screenshot({ path: `${OUT}/reset-password-360-${lang}.png` });
      console.log(`${lang}: reset password written to ${OUT}/`);
      await context.close();
    }
  } finally {
    stop();
    await smtp.close();
  }
}

/** The reset link mailed to `email`, once it has come. */
async function resetLink(smtp: TestSmtpServer, email: string): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    for (const mail of smtp.received.filter((m) => m.to.includes(email.toLowerCase()))) {
      const link = /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/.exec((await simpleParser(mail.raw)).text ?? "")?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset link came for ${email}`);
}

/** Lets fonts and photos finish drawing. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() =>
    document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))),
  );
}
