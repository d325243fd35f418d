/**
 * The alert email's "Stop email" link (decision 026), end to end at 360 px: a buyer saves a
 * search and asks for email, a seller lists matching produce, the alert email arrives at a real
 * SMTP server, the buyer opens its link, confirms on the page, and a second matching listing
 * sends no more email (while My alerts still shows it). Once with JavaScript and once without:
 * the page is a plain form either way, and so are the forms before it.
 *
 * The suite's server has no mail configured (so other specs see no email option), so this spec
 * starts its own production server with SMTP_URL on a free port and a folder of its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { simpleParser } from "mailparser";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { makeProducePhoto, makeSeller, type SellerData } from "../../server/seed/factories";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { closedPort, startTestSmtpServer, type TestSmtpServer } from "../support/test-smtp-server";

test.use({ viewport: { width: 360, height: 780 } });
test.describe.configure({ mode: "serial" });

let app: AppProcess;
let smtp: TestSmtpServer;
let dataDir: string;
let people = 0;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startTestSmtpServer();
  dataDir = mkdtempSync(`${E2E_DATA_DIR}-unsubscribe-`);
  app = await startAppProcess({
    port: await closedPort(),
    env: { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${dataDir}/mandi.sqlite`, SMTP_URL: smtp.url, MAIL_FROM: "Mandi <alerts@mandi.example.in>", JOB_POLL_MS: "100" },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signUpAndIn(request: APIRequestContext): Promise<SellerData> {
  people += 1;
  const person = makeSeller(7_000 + people * 13 + Math.floor(Math.random() * 10));
  const headers = { origin: app.url };
  const up = await request.post(`${app.url}/api/auth/sign-up/email`, { headers, data: { name: person.name, email: person.email, password: person.password, phone: `+91${person.phone}` } });
  expect(up.ok(), await up.text()).toBe(true);
  const signIn = await request.post(`${app.url}/api/auth/sign-in/email`, { headers, data: { email: person.email, password: person.password } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return person;
}

async function list(request: APIRequestContext, name: string): Promise<void> {
  const response = await request.post(`${app.url}/create`, {
    headers: { origin: app.url },
    multipart: {
      name,
      category: "vegetables",
      price: "22",
      description: "Listed for the unsubscribe test",
      state: "maharashtra",
      district: "nashik",
      image: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await makeProducePhoto("vegetables", 1, { width: 320, height: 240 }) },
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

function mailTo(email: string) {
  return smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()));
}

/** The header's alert count, which appears once matching has recorded the match (and queued any mail). */
async function waitForAlertCount(page: Page, count: number): Promise<void> {
  await expect(async () => {
    await page.goto(`${app.url}/`);
    await expect(page.getByRole("link", { name: `Alerts (${count})` })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens the saved search's "How to hear" settings (after a script-driven save they may still be open). */
async function openSettings(page: Page, search: string): Promise<void> {
  const details = page.locator("details").filter({ has: page.getByText(`How to hear: ${search}`) });
  if ((await details.getAttribute("open")) === null) await details.getByText(`How to hear: ${search}`).click();
}

async function unsubscribeThroughTheEmail(browser: Browser, javaScriptEnabled: boolean, produce: string) {
  const buyerContext = await browser.newContext({ javaScriptEnabled });
  const sellerContext = await browser.newContext();
  try {
    const page = await buyerContext.newPage();
    const buyer = await signUpAndIn(buyerContext.request);
    await signUpAndIn(sellerContext.request);

    // Save the search, then ask for email under its settings.
    await page.goto(`${app.url}/my/alerts/new?q=${produce.toLowerCase()}&state=maharashtra&district=nashik`);
    await page.getByRole("button", { name: "Tell me when new listings match" }).click();
    await expect(page).toHaveURL(/\/my\/alerts\?done=saved/);
    const search = `${produce} · Nashik, Maharashtra`;
    await openSettings(page, search);
    await page.getByRole("checkbox", { name: "By email" }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/my\/alerts\?done=settings/);
    await openSettings(page, search);
    await expect(page.getByRole("checkbox", { name: "By email" })).toBeChecked();

    // A matching listing: the email comes, with its link in the text, the HTML and the header.
    await list(sellerContext.request, `Nashik ${produce} ${Date.now().toString(36)}`);
    await expect.poll(() => mailTo(buyer.email).length, { timeout: 20_000 }).toBe(1);
    const mail = await simpleParser(mailTo(buyer.email)[0]!.raw);
    const link = /https?:\/\/\S+\/alerts\/unsubscribe\?t=[^\s"<>]+/.exec(mail.text ?? "")?.[0];
    expect(link, mail.text).toBeDefined();
    expect(mail.html).toContain(link!.replaceAll("&", "&amp;"));
    // The header as written (folded lines joined; the link has no spaces).
    const listUnsubscribe = mail.headerLines.find((line) => line.key === "list-unsubscribe")?.line.replace(/\s+/g, "");
    expect(listUnsubscribe).toBe(`List-Unsubscribe:<${link}>`);

    // Opening the link changes nothing by itself; the button does.
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Stop email for a saved search" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(`Stop email about “${search}”? You will still see new listings under My alerts.`);
    await page.goto(`${app.url}/my/alerts`);
    await openSettings(page, search);
    await expect(page.getByRole("checkbox", { name: "By email" })).toBeChecked();
    await page.goto(link!);
    await page.getByRole("button", { name: "Stop email" }).click();
    await expect(page.getByRole("status")).toHaveText(`Done. You will get no more email about “${search}”.`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The link again: already off.
    await page.goto(link!);
    await expect(page.getByRole("status")).toHaveText(`You already get no email about “${search}”.`);
    await expect(page.getByRole("button", { name: "Stop email" })).toHaveCount(0);

    // My alerts agrees, and the next match is shown there but not emailed.
    await page.goto(`${app.url}/my/alerts`);
    await openSettings(page, search);
    await expect(page.getByRole("checkbox", { name: "By email" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "In Mandi" })).toBeChecked();
    await list(sellerContext.request, `Nashik ${produce} again ${Date.now().toString(36)}`);
    await waitForAlertCount(page, 1);
    // Twenty job polls (100 ms) after the match: had a mail job been queued, it would have run.
    await page.waitForTimeout(2_000);
    expect(mailTo(buyer.email)).toHaveLength(1);
  } finally {
    await buyerContext.close();
    await sellerContext.close();
  }
}

test("with JavaScript: the email's link stops email for that search, and the next match sends none", async ({ browser }) => {
  test.setTimeout(90_000);
  await unsubscribeThroughTheEmail(browser, true, "Onion");
});

test("without JavaScript: the same, through plain forms", async ({ browser }) => {
  test.setTimeout(90_000);
  await unsubscribeThroughTheEmail(browser, false, "Tomato");
});
