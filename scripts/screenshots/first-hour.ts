/**
 * `npm run build && npx tsx scripts/screenshots/first-hour.ts`
 *
 * The screens issue 42's items 1, 6 and 9 changed, at 360×640 in English and Hindi (decision 051),
 * on the production server and a freshly seeded demo market, written to docs/screenshots/:
 * - account-menu-360-<lang>.png: a signed-in person's menu open under their name;
 * - sell-errors-360-<lang>.png: the sell form after an empty submit, its error summary focused;
 * - home-created-360-<lang>.png: the home page's banner after a sale, linking to the listing;
 * - listing-date-360-<lang>.png: a listing's details with its dates ("1 Dec 2026").
 */
import { chromium, type Page } from "@playwright/test";
import { makeProducePhoto } from "../../server/seed/factories";
import { startDemoServer } from "./demo-server";

const OUT = "docs/screenshots";
const PEOPLE = {
  en: { name: "Sunita Devi", email: `sunita.${Date.now()}@example.in` },
  hi: { name: "सुनीता देवी", email: `sunita.hi.${Date.now()}@example.in` },
} as const;

const { app, stop } = await startDemoServer(Number(process.env.PORT ?? 4488));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const lang of ["en", "hi"] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2 });
    await context.addCookies([{ name: "lang", value: lang, url: app }]);
    const headers = { origin: app };
    const person = { ...PEOPLE[lang], phone: `98${String(Date.now()).slice(-8)}`, password: "correct-horse-battery" };
    await context.request.post(`${app}/api/auth/sign-up/email`, { headers, data: { ...person, phone: `+91${person.phone}` } });
    await context.request.post(`${app}/api/auth/sign-in/email`, { headers, data: { email: person.email, password: person.password } });
    const page = await context.newPage();
    const open = async (url: string) => {
      // The first page a new person opens may be replaced by the service worker's first load; go again.
      await page.goto(`${app}${url}`, { waitUntil: "networkidle" }).catch(() => page.goto(`${app}${url}`, { waitUntil: "networkidle" }));
      await settle(page);
    };

    await open("/");
    await page.locator("header summary").click();
    await settle(page);
    await page.screenshot({ path: `${OUT}/account-menu-360-${lang}.png` });

    await open("/create");
    await page.locator("form button[type=submit]").last().click();
    await page.locator("[role=alert][tabindex='-1']").waitFor();
    await settle(page);
    await page.screenshot({ path: `${OUT}/sell-errors-360-${lang}.png` });

    const sold = await context.request.post(`${app}/create`, {
      headers,
      multipart: {
        name: lang === "hi" ? "लाल प्याज़" : "Red onion",
        category: "vegetables",
        price: "28",
        description: "Dry, long-keeping onions from Lasalgaon.",
        state: "maharashtra",
        district: "nashik",
        image: { name: "onion.jpg", mimeType: "image/jpeg", buffer: await makeProducePhoto("vegetables", 3, { width: 640, height: 480 }) },
      },
      maxRedirects: 0,
    });
    const home = sold.headers().location!;
    await open(home);
    await page.screenshot({ path: `${OUT}/home-created-360-${lang}.png` });

    await page.locator("[role=status] a").click();
    await page.waitForURL(/\/view\//);
    await settle(page);
    await page.locator("main dl").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/listing-date-360-${lang}.png` });

    console.log(`${lang}: written to ${OUT}/`);
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}

/** Lets fonts and photos finish drawing. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() =>
    document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))),
  );
}
