/**
 * A seller verifies their phone from the sell form by a code sent by SMS (issue 43, decision
 * 058), with JavaScript and without, through the real pages and a stand-in for Twilio's API that
 * checks each request as Twilio documents it; the listing and the seller's page then say "Phone
 * verified".
 */
import { E2E_SMS_PORT } from "../../playwright.config";
import { startSmsStandIn, type SmsStandIn } from "../../server/sms/sms-stand-in.test-support";
import { expect, test, type Seller } from "./support/fixtures";
import type { Page } from "@playwright/test";

let standIn: SmsStandIn;
test.beforeAll(async () => {
  standIn = await startSmsStandIn({ port: E2E_SMS_PORT });
});
test.afterAll(async () => {
  expect(standIn.problems).toEqual([]);
  await standIn.close();
});

async function verifyFromSellForm(page: Page, seller: Seller, options: { wrongFirst?: boolean } = {}) {
  await page.goto("/create");
  await expect(page.getByText("Verify your number so buyers trust your listing")).toBeVisible();
  // With JavaScript, once the page is hydrated (the link is then React Router's).
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "Verify my number" }).click();
  await expect(page).toHaveURL(/\/my\/phone\?from=sell/);
  await expect(page.getByRole("heading", { name: "Verify your phone number" })).toBeVisible();
  await page.getByRole("button", { name: "Send me the code" }).click();
  await expect(page.getByText("We sent a code by SMS to +91")).toBeVisible();
  const code = standIn.lastCodeTo(`+91${seller.phone}`);
  expect(code).toMatch(/^\d{6}$/);
  const codeField = page.getByLabel("Code from the SMS");
  if (options.wrongFirst) {
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText("That code is not right. You can try 4 more times.")).toBeVisible();
  }
  // As a Hindi phone keyboard types it, with a space in the middle.
  await codeField.fill(`${code!.slice(0, 3)} ${code!.slice(3)}`);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(/\/create\?phone=verified$/);
  await expect(page.getByText("Your number is verified.")).toBeVisible();
  await expect(page.getByText("Verify your number so buyers trust your listing")).toHaveCount(0);
}

async function expectBadges(page: Page, seller: Seller, listingId: string) {
  await page.goto(`/view/${listingId}`);
  await expect(page.getByText(/^Phone verified \d/)).toBeVisible();
  await page.goto(`/seller/${seller.id}`);
  await expect(page.getByText(/^Phone verified \d/)).toBeVisible();
}

test("verify the phone from the sell form with JavaScript, and the listing shows Phone verified", async ({
  page,
  seller,
  createListing,
}) => {
  const listing = await createListing();
  await page.goto(`/view/${listing.id}`);
  await expect(page.getByText(/^Phone verified/)).toHaveCount(0);
  await verifyFromSellForm(page, seller);
  await expectBadges(page, seller, listing.id);
  // The account page says so too.
  await page.goto("/my/account");
  await expect(page.getByText(/Verified on \d/)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("verify the phone from the sell form, a wrong code first, and the listing shows Phone verified", async ({
    page,
    seller,
    createListing,
  }) => {
    const listing = await createListing();
    await verifyFromSellForm(page, seller, { wrongFirst: true });
    await expectBadges(page, seller, listing.id);
  });
});
