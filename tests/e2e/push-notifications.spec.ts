/**
 * Notifications on this phone (decision 027) at 360 px: offered on My alerts where the browser
 * has Push (Chromium), without asking permission until the button is tapped; the search's
 * "Notifications on this phone" checkbox saves the push channel. Without JavaScript neither is
 * offered, and saving the other settings keeps the channel as it was. The sending itself is tested
 * against a real push service in tests/integration/web-push.test.ts.
 */
import { axeViolations } from "./support/axe";
import { deleteUser, expect, logInWith, signUpSellerWith, test, withDatabase } from "./support/fixtures";

test.use({ viewport: { width: 360, height: 780 }, bypassCSP: true });

test("a buyer turns on notifications for a saved search, with and without JavaScript", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const buyer = await signUpSellerWith(page.context().request);
  await logInWith(page.context().request, buyer);
  const channels = () => withDatabase((db) => db.kysely.selectFrom("saved_search").select("channels").where("user_id", "=", buyer.id).executeTakeFirstOrThrow()).then((r) => r.channels);
  // Counts every way a page can ask for notifications: asking is for the button's tap alone.
  await page.addInitScript(() => {
    const counted = window as unknown as { permissionAsks: number };
    counted.permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = ((...args: Parameters<typeof Notification.requestPermission>) => (counted.permissionAsks++, ask(...args))) as typeof Notification.requestPermission;
    const subscribe = PushManager.prototype.subscribe;
    PushManager.prototype.subscribe = function (this: PushManager, ...args: Parameters<PushManager["subscribe"]>) {
      counted.permissionAsks++;
      return subscribe.apply(this, args);
    };
  });
  try {
    await page.goto("/my/alerts/new?q=onion&state=maharashtra&district=nashik");
    await page.getByRole("button", { name: "Tell me when new listings match" }).click();
    await expect(page).toHaveURL(/\/my\/alerts\?done=saved/);

    // Offered once the page's script knows the browser can; nothing was asked on the way.
    const section = page.getByRole("region", { name: "Notifications on this phone" });
    await expect(section).toBeVisible();
    await expect(section.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByText("How to hear: Onion").click();
    await page.getByRole("checkbox", { name: "Notifications on this phone" }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/done=settings/);
    expect((await channels()).split(",").sort()).toEqual(["app", "push"]);

    // Without JavaScript: not offered, and saving the pace keeps push as it was.
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
    await logInWith(noScript.request, buyer);
    const plain = await noScript.newPage();
    await plain.goto("/my/alerts");
    await expect(plain.getByRole("heading", { level: 1, name: "My alerts" })).toBeVisible();
    await expect(plain.getByRole("region", { name: "Notifications on this phone" })).toHaveCount(0);
    await expect(plain.getByRole("checkbox", { name: "Notifications on this phone" })).toHaveCount(0);
    await plain.getByText("How to hear: Onion").click();
    await plain.getByRole("radio", { name: "Once a day" }).check();
    await plain.getByRole("button", { name: "Save", exact: true }).click();
    await expect(plain).toHaveURL(/done=settings/);
    expect((await channels()).split(",").sort()).toEqual(["app", "push"]);
    await noScript.close();

    // In Hindi.
    await page.context().addCookies([{ name: "lang", value: "hi", url: page.url() }]);
    await page.goto("/my/alerts");
    await expect(page.getByRole("region", { name: "इस फ़ोन पर सूचना" }).getByRole("button", { name: "सूचना चालू करें" })).toBeVisible();
  } finally {
    await withDatabase(async (db) => {
      await db.kysely.deleteFrom("saved_search").where("user_id", "=", buyer.id).execute();
    });
    await deleteUser(buyer.id);
  }
});
