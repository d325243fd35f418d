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
  const channels = () =>
    withDatabase((db) =>
      db.kysely.selectFrom("saved_search").select("channels").where("user_id", "=", buyer.id).executeTakeFirstOrThrow(),
    ).then((r) => r.channels);
  // Counts every way a page can ask for notifications: asking is for the button's tap alone.
  await page.addInitScript(() => {
    const counted = window as unknown as { permissionAsks: number };
    counted.permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = ((...args: Parameters<typeof Notification.requestPermission>) => (
      counted.permissionAsks++,
      ask(...args)
    )) as typeof Notification.requestPermission;
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

test("the switch shows whether the server still sends to this phone, and a phone kept from an ended session reads off", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const buyer = await signUpSellerWith(page.context().request);
  await logInWith(page.context().request, buyer);
  await page.context().grantPermissions(["notifications"]);
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${buyer.id}`;
  // Headless Chromium has no push service to subscribe to: the browser's own subscription is
  // stood in for (its endpoint, and whether the page dropped it). Everything of ours is real.
  await page.addInitScript((address: string) => {
    const w = window as unknown as { droppedSubscription: boolean };
    w.droppedSubscription = false;
    PushManager.prototype.getSubscription = async () =>
      ({
        endpoint: address,
        unsubscribe: async () => ((w.droppedSubscription = true), true),
        getKey: () => null,
      }) as unknown as PushSubscription;
  }, endpoint);
  const row = () =>
    withDatabase((db) =>
      db.kysely.selectFrom("push_subscription").select(["session_id"]).where("endpoint", "=", endpoint).executeTakeFirst(),
    );
  try {
    // The browser still holds a subscription, but the server forgot it (its session ended): off,
    // and the stale subscription is dropped so turning on makes a fresh one.
    await page.goto("/my/alerts");
    const section = page.getByRole("region", { name: "Notifications on this phone" });
    await expect(section.getByRole("status")).toHaveText("Notifications are off for this phone.");
    await expect(section.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { droppedSubscription: boolean }).droppedSubscription)).toBe(true);
    expect(await row()).toBeUndefined();

    // The server has it for this person (saved before sessions were recorded): on, and it is
    // bound to the session signed in now.
    await withDatabase((db) =>
      db.kysely
        .insertInto("push_subscription")
        .values({
          id: `e2e-${buyer.id}`,
          user_id: buyer.id,
          endpoint,
          p256dh: `B${"A".repeat(86)}`,
          auth: "A".repeat(22),
          lang: "en",
          session_id: null,
          created_at: Date.now(),
        })
        .execute(),
    );
    await page.reload();
    await expect(section.getByRole("status")).toHaveText("Notifications are on for this phone.");
    await expect(section.getByRole("button", { name: "Turn off notifications on this phone" })).toBeVisible();
    const sessions = await withDatabase((db) =>
      db.kysely
        .withTables<{ session: { id: string; userId: string } }>()
        .selectFrom("session")
        .select("id")
        .where("userId", "=", buyer.id)
        .execute(),
    );
    await expect.poll(async () => (await row())?.session_id).not.toBeNull();
    expect(sessions.map((s) => s.id)).toContain((await row())!.session_id);
  } finally {
    await withDatabase((db) => db.kysely.deleteFrom("push_subscription").where("user_id", "=", buyer.id).execute());
    await deleteUser(buyer.id);
  }
});
