/**
 * Sign-up, login and logout through the real forms (the specification's forms, states and permissions).
 */
import type { Page } from "@playwright/test";
import {
  deleteUserByEmail,
  expect,
  gotoHydrated,
  openAccountMenu,
  randomIndianMobile,
  signUpSeller,
  test,
  uniqueTag,
} from "./support/fixtures";

const accountNav = (page: Page) => page.getByRole("navigation", { name: "Account" });

test.describe("signup, login and logout", () => {
  const emails: string[] = [];
  test.afterEach(async () => {
    await Promise.all(emails.splice(0).map((email) => deleteUserByEmail(email)));
  });

  test("a new seller signs up, logs in (header shows their name) and logs out", async ({ page }) => {
    const tag = uniqueTag();
    const name = `Kavita Ujjwal ${tag}`;
    const email = `kavita.${tag}@example.in`;
    const password = "kheti-badi-2026";
    emails.push(email);

    await gotoHydrated(page, "/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Signup" })).toBeVisible();
    await page.getByLabel("Full Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone", { exact: true }).fill(randomIndianMobile());
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Signup", exact: true }).click();

    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    // Sign-up does not sign the person in (the spec sends them to /login).
    await expect(accountNav(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();

    const main = page.getByRole("main");
    await main.getByLabel("Email", { exact: true }).fill(email);
    await main.getByLabel("Password", { exact: true }).fill(password);
    await main.getByRole("button", { name: "Login", exact: true }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(accountNav(page).locator("summary")).toHaveText(`${name.split(" ")[0]}▾`);
    await expect(accountNav(page).getByRole("link", { name: "Login", exact: true })).toHaveCount(0);

    await openAccountMenu(page);
    await expect(accountNav(page).getByText(`Signed in as ${name}`)).toBeAttached();
    await accountNav(page).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    await expect(accountNav(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await expect(accountNav(page).getByRole("button", { name: "Logout" })).toHaveCount(0);

    // The session really ended: the sell page asks to log in again.
    await gotoHydrated(page, "/create");
    await expect(page.getByRole("alert")).toContainText("You must login first");
  });

  test("signup and login pages link to each other", async ({ page }) => {
    await gotoHydrated(page, "/signup");
    await page.getByRole("main").getByRole("link", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    await page.getByRole("main").getByRole("link", { name: "Signup", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Signup" })).toBeVisible();
  });

  test("signing up with an email that already has an account says so and keeps the other values", async ({ page, browser }) => {
    // The existing account is made in another context, so this page stays signed out.
    const other = await browser.newPage();
    const existing = await signUpSeller(other);
    emails.push(existing.email);
    await other.close();

    const name = `Second Person ${uniqueTag()}`;
    const phone = randomIndianMobile();
    await gotoHydrated(page, "/signup");
    await page.getByLabel("Full Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(existing.email);
    await page.getByLabel("Phone", { exact: true }).fill(phone);
    await page.getByLabel("Password", { exact: true }).fill("another-password-1");
    await page.getByRole("button", { name: "Signup", exact: true }).click();

    const emailField = page.getByLabel("Email", { exact: true });
    await expect(emailField).toHaveAccessibleDescription(/An account with this email already exists/);
    await expect(page.getByText(/An account with this email already exists/)).toBeVisible();
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL((url) => url.pathname === "/signup");
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue(name);
    await expect(emailField).toHaveValue(existing.email);
    await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(phone);
  });

  test("a wrong password at login shows 'Invalid email or password' and keeps the email", async ({ page, browser }) => {
    const other = await browser.newPage();
    const existing = await signUpSeller(other);
    emails.push(existing.email);
    await other.close();

    await gotoHydrated(page, "/login");
    const main = page.getByRole("main");
    await main.getByLabel("Email", { exact: true }).fill(existing.email);
    await main.getByLabel("Password", { exact: true }).fill("not-the-password");
    await main.getByRole("button", { name: "Login", exact: true }).click();

    await expect(main.getByRole("alert")).toContainText("Invalid email or password");
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    await expect(main.getByLabel("Email", { exact: true })).toHaveValue(existing.email);
    await expect(accountNav(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();
  });

  test("an email with no account gets the same message (no account enumeration)", async ({ page }) => {
    await gotoHydrated(page, "/login");
    const main = page.getByRole("main");
    await main.getByLabel("Email", { exact: true }).fill(`nobody.${uniqueTag()}@example.in`);
    await main.getByLabel("Password", { exact: true }).fill("whatever-password");
    await main.getByRole("button", { name: "Login", exact: true }).click();
    await expect(main.getByRole("alert")).toContainText("Invalid email or password");
  });

  test("an empty login form shows a message beside each field", async ({ page }) => {
    await gotoHydrated(page, "/login");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Login", exact: true }).click();
    await expect(main.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Please enter your email.");
    await expect(main.getByLabel("Password", { exact: true })).toHaveAccessibleDescription("Please enter your password.");
  });

  test("a signed-in person who opens /login is sent home", async ({ page, seller }) => {
    await gotoHydrated(page, "/login");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(accountNav(page).getByText(`Signed in as ${seller.name}`)).toBeAttached();
  });
});

test.describe("the sell page when signed out", () => {
  test("shows 'You must login first' with a login form, and logging in there returns to the sell form", async ({ page, browser }) => {
    const other = await browser.newPage();
    const existing = await signUpSeller(other);
    await other.close();
    try {
      await page.goto("/");
      await page.getByRole("link", { name: "Sell", exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/create");

      const main = page.getByRole("main");
      await expect(main.getByRole("alert")).toHaveText("You must login first");
      await expect(main.getByRole("heading", { name: "Enter Product Details" })).toHaveCount(0);
      await main.getByLabel("Email", { exact: true }).fill(existing.email);
      await main.getByLabel("Password", { exact: true }).fill(existing.password);
      await main.getByRole("button", { name: "Login", exact: true }).click();

      await expect(page).toHaveURL((url) => url.pathname === "/create");
      await expect(page.getByRole("heading", { level: 1, name: "Enter Product Details" })).toBeVisible();
      await expect(accountNav(page).getByText(`Signed in as ${existing.name}`)).toBeAttached();
    } finally {
      await deleteUserByEmail(existing.email);
    }
  });

  test("a wrong password on the sell page's login form shows the error and stays signed out", async ({ page, browser }) => {
    const other = await browser.newPage();
    const existing = await signUpSeller(other);
    await other.close();
    try {
      await gotoHydrated(page, "/create");
      const main = page.getByRole("main");
      await main.getByLabel("Email", { exact: true }).fill(existing.email);
      await main.getByLabel("Password", { exact: true }).fill("wrong-password-here");
      await main.getByRole("button", { name: "Login", exact: true }).click();
      await expect(main.getByText(/Invalid email or password/)).toBeVisible();
      await expect(main.getByRole("heading", { name: "Enter Product Details" })).toHaveCount(0);
    } finally {
      await deleteUserByEmail(existing.email);
    }
  });
});
