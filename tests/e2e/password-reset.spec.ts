/**
 * "Forgot password?" end to end at 360 px (decision 052), once with JavaScript and once without:
 * a person signs up through the form, and the login page already holds their email; signed in on
 * another device, they ask for a link from the login page, the mail arrives at a real SMTP
 * server, its link opens a form for the new password, and setting it ends the other device's
 * session and sends them to log in with it. The link then works no more. An address with no
 * account gets the same answer. axe finds nothing on either page.
 *
 * The suite's server has no mail configured, so this spec starts its own with SMTP_URL; the
 * suite's server shows the plain "sends no email" message.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { simpleParser } from "mailparser";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";
import { makeSeller } from "../../server/seed/factories";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { closedPort, startTestSmtpServer, type TestSmtpServer } from "../support/test-smtp-server";
import { axeViolations } from "./support/axe";

test.use({ viewport: { width: 360, height: 640 } });
test.describe.configure({ mode: "serial" });

let app: AppProcess;
let smtp: TestSmtpServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startTestSmtpServer();
  dataDir = mkdtempSync(`${E2E_DATA_DIR}-reset-`);
  app = await startAppProcess({
    port: await closedPort(),
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${dataDir}/mandi.sqlite`,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Mandi <accounts@mandi.example.in>",
      JOB_POLL_MS: "100",
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The reset links that came to an address, newest last. */
async function resetLinks(email: string): Promise<string[]> {
  const mails = await Promise.all(smtp.received.filter((m) => m.to.includes(email.toLowerCase())).map((m) => simpleParser(m.raw)));
  return mails.flatMap((mail) => /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/.exec(mail.text ?? "")?.[0] ?? []);
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function resetThroughTheInbox(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, locale: "en-IN" });
  const otherDevice = await browser.newContext();
  try {
    const page = await context.newPage();
    const person = makeSeller(9_100 + (javaScriptEnabled ? 1 : 2) * 17 + Math.floor(Math.random() * 10));

    // Sign up through the form: the login page then holds the email just used.
    await page.goto(`${app.url}/signup`);
    await page.getByLabel("Full Name").fill(person.name);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Phone").fill(person.phone);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Signup" }).click();
    await expect(page).toHaveURL(/\/login\?registered=1$/);
    await expect(page.getByLabel("Email")).toHaveValue(person.email.toLowerCase());

    // Signed in elsewhere (a phone left at home).
    const signIn = await otherDevice.request.post(`${app.url}/api/auth/sign-in/email`, {
      headers: { origin: app.url },
      data: { email: person.email, password: person.password },
    });
    expect(signIn.ok()).toBe(true);
    const sessionElsewhere = () => otherDevice.request.get(`${app.url}/api/auth/get-session`).then((r) => r.json() as Promise<unknown>);
    expect(await sessionElsewhere()).not.toBeNull();

    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill(person.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    const sent = page.getByRole("status");
    await expect(sent).toContainText(`If a Mandi account uses ${person.email.toLowerCase()}, a link to set a new password is on its way`);
    expect(await fitsWidth(page)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `docs/screenshots/forgot-password-sent-360-en.png` });

    await expect.poll(async () => (await resetLinks(person.email)).length, { timeout: 20_000 }).toBe(1);
    const link = (await resetLinks(person.email))[0]!;
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
    // axe runs in the page: with JavaScript only.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    // Too short first: the message is beside the field and the link still works.
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect(page.getByText("Please use at least 8 characters for your new password.")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect(page).toHaveURL(/\/login\?reset=1$/);
    await expect(page.getByRole("status")).toContainText("Your new password is set");
    expect(await sessionElsewhere()).toBeNull();

    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill("a brand new password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).not.toHaveURL(/\/login/);

    // The same link again: refused, with the way to ask for another.
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("yet another password");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect(page.getByRole("alert")).toContainText("This link to set a new password is not valid, or has been used or has expired.");
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  } finally {
    await context.close();
    await otherDevice.close();
  }
}

test("a reset link from the inbox sets a new password and signs every device out, with JavaScript", async ({ browser }) => {
  test.setTimeout(120_000);
  await resetThroughTheInbox(browser, true);
});

test("the same, without JavaScript", async ({ browser }) => {
  test.setTimeout(120_000);
  await resetThroughTheInbox(browser, false);
});

test("an address with no account gets the same answer and no mail; in Hindi too", async ({ browser }) => {
  const context = await browser.newContext({ locale: "hi-IN", extraHTTPHeaders: { "Accept-Language": "hi-IN,hi;q=0.9" } });
  try {
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByRole("link", { name: "पासवर्ड भूल गए?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "पासवर्ड भूल गए" })).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/forgot-password-360-hi.png` });
    await page.getByLabel("ईमेल").fill("nobody.here@example.in");
    await page.getByRole("button", { name: "लिंक भेजें" }).click();
    await expect(page.getByRole("status")).toContainText("अगर nobody.here@example.in से कोई मंडी खाता बना है");
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `docs/screenshots/forgot-password-sent-360-hi.png` });
    await page.waitForTimeout(1000);
    expect(await resetLinks("nobody.here@example.in")).toEqual([]);
  } finally {
    await context.close();
  }
});

test("where the site sends no mail, the page says so plainly", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${E2E_PORT}/forgot-password`);
  await expect(page.getByRole("alert")).toHaveText(
    "This Mandi sends no email, so it cannot send a link to set a new password. Please ask the people who run this Mandi to help.",
  );
  await expect(page.getByRole("button", { name: "Send the link" })).toHaveCount(0);
  await page.screenshot({ path: `docs/screenshots/forgot-password-no-mail-360-en.png` });
});
