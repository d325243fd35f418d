/**
 * The alert email's "Stop email" link (decisions 026 and 045), end to end at 360 px: a buyer
 * signs up, and My alerts says email waits for the address to be confirmed; the buyer follows
 * the link that came to their inbox (a page, then its button); saves a search and asks for
 * email, a seller lists matching produce, the alert email arrives at a real SMTP server, the
 * buyer opens its link, confirms on the page, and a second matching listing sends no more email
 * (while My alerts still shows it). Switching email on again only sends a new link to the
 * address; mail resumes once that is followed. Once with JavaScript and once without: the pages
 * are plain forms either way.
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
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${dataDir}/mandi.sqlite`,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Mandi <alerts@mandi.example.in>",
      JOB_POLL_MS: "100",
    },
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
  const up = await request.post(`${app.url}/api/auth/sign-up/email`, {
    headers,
    data: { name: person.name, email: person.email, password: person.password, phone: `+91${person.phone}` },
  });
  expect(up.ok(), await up.text()).toBe(true);
  const signIn = await request.post(`${app.url}/api/auth/sign-in/email`, {
    headers,
    data: { email: person.email, password: person.password },
  });
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

/** Alert mail to the address (it carries List-Unsubscribe). */
function mailTo(email: string) {
  return smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()) && mail.raw.includes("List-Unsubscribe:"));
}

/** The links that confirm the address. */
function linkMailTo(email: string) {
  return smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()) && !mail.raw.includes("List-Unsubscribe:"));
}

/** Follows the newest link that came to the address: its page changes nothing; its button confirms. */
async function confirmFromInbox(page: Page, email: string, count: number): Promise<void> {
  await expect.poll(() => linkMailTo(email).length, { timeout: 20_000 }).toBe(count);
  const mail = await simpleParser(linkMailTo(email).at(-1)!.raw);
  expect(mail.subject).toBe("Confirm your email address for Mandi");
  const link = /https?:\/\/\S+\/email\/verify\?token=[^\s"<>]+/.exec(mail.text ?? "")?.[0];
  expect(link, mail.text).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your email address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Thank you. Your email address is confirmed: the alerts you chose by email will come to it.",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

const WAITS = /^Alerts by email wait until you confirm your address/;

/**
 * The listing under My alerts' "Listings found for you": matching has recorded the match (and
 * queued any mail). Not the header's count: without JavaScript nothing marks the earlier matches
 * seen (a GET changes nothing), so the count is not the same in both runs.
 */
async function waitForMatch(page: Page, listing: string): Promise<void> {
  await expect(async () => {
    await page.goto(`${app.url}/my/alerts`);
    await expect(page.getByRole("region", { name: "Listings found for you" }).getByText(listing)).toBeVisible({ timeout: 1000 });
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

    // My account says so too, with the same button.
    await page.goto(`${app.url}/my/account`);
    await expect(page.getByRole("heading", { name: "Alerts by email" })).toBeVisible();
    await expect(page.getByText(WAITS)).toBeVisible();
    await page.getByRole("button", { name: "Send me the link" }).click();
    await expect(page).toHaveURL(/\/my\/account\?saved=verify-sent/);
    await expect(page.getByText(/^We sent a link to your email address\./)).toBeVisible();

    // Save the search: email waits for the address, and the button asks for the link again
    // (within the quarter-hour of the sign-up's, it is that one).
    await page.goto(`${app.url}/my/alerts/new?q=${produce.toLowerCase()}&state=maharashtra&district=nashik`);
    await expect(page.getByText(WAITS)).toBeVisible();
    await page.getByRole("button", { name: "Tell me when new listings match" }).click();
    await expect(page).toHaveURL(/\/my\/alerts\?done=saved/);
    await expect(page.getByText(WAITS)).toBeVisible();
    await page.getByRole("button", { name: "Send me the link" }).click();
    await expect(page).toHaveURL(/\/my\/alerts\?done=link/);
    await confirmFromInbox(page, buyer.email, 1);
    await page.goto(`${app.url}/my/alerts`);
    await expect(page.getByText(WAITS)).toHaveCount(0);
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
    await expect(page.getByRole("heading", { level: 1, name: "Stop alert email" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      "Stop all alert email from Mandi to this address? New listings will still show under My alerts.",
    );
    await page.goto(`${app.url}/my/alerts`);
    await openSettings(page, search);
    await expect(page.getByRole("checkbox", { name: "By email" })).toBeChecked();
    await page.goto(link!);
    await page.getByRole("button", { name: "Stop email" }).click();
    await expect(page.getByRole("status")).toHaveText(/^Done\. Mandi will send no more alert email to this address\./);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The link again: already off.
    await page.goto(link!);
    await expect(page.getByRole("status")).toHaveText("This address already gets no alert email from Mandi.");
    await expect(page.getByRole("button", { name: "Stop email" })).toHaveCount(0);

    // My alerts agrees, and the next match is shown there but not emailed.
    await page.goto(`${app.url}/my/alerts`);
    await openSettings(page, search);
    await expect(page.getByRole("checkbox", { name: "By email" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "In Mandi" })).toBeChecked();
    const again = `Nashik ${produce} again ${Date.now().toString(36)}`;
    await list(sellerContext.request, again);
    await waitForMatch(page, again);
    // Twenty job polls (100 ms) after the match: had a mail job been queued, it would have run.
    await page.waitForTimeout(2_000);
    expect(mailTo(buyer.email)).toHaveLength(1);

    // The account switches email on again: that only sends a new link to the address.
    await page.goto(`${app.url}/my/alerts`);
    await expect(page.getByText(WAITS)).toBeVisible();
    await openSettings(page, search);
    await page.getByRole("checkbox", { name: "By email" }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/my\/alerts\?done=settings-link/);
    await expect(
      page.getByText("Settings saved. Alerts by email start once you confirm your address: we sent a link to it."),
    ).toBeVisible();
    await expect.poll(() => linkMailTo(buyer.email).length, { timeout: 20_000 }).toBe(2);
    const third = `Nashik ${produce} third ${Date.now().toString(36)}`;
    await list(sellerContext.request, third);
    await waitForMatch(page, third);
    await page.waitForTimeout(2_000);
    expect(mailTo(buyer.email)).toHaveLength(1);
    // Followed from the inbox: the next match is mailed.
    await confirmFromInbox(page, buyer.email, 2);
    await list(sellerContext.request, `Nashik ${produce} fourth ${Date.now().toString(36)}`);
    await expect.poll(() => mailTo(buyer.email).length, { timeout: 20_000 }).toBe(2);
  } finally {
    await buyerContext.close();
    await sellerContext.close();
  }
}

test("with JavaScript: email waits for the inbox link; the email's link stops mail to the address until a new link is followed", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  await unsubscribeThroughTheEmail(browser, true, "Onion");
});

test("without JavaScript: the same, through plain forms", async ({ browser }) => {
  test.setTimeout(90_000);
  await unsubscribeThroughTheEmail(browser, false, "Tomato");
});
