/**
 * 'upload and Submit' pressed while a photo is still uploading (issue 16): the form must be sent
 * exactly once, when the photo is done, whenever the upload finishes relative to the click; and
 * while it waits the seller is told so. The upload's responses are held (route interception) so
 * that each ordering is produced every time, not by luck.
 */
import sharp from "sharp";
import type { Page, Route } from "@playwright/test";
import { countListingsNamed, expect, fillPlace, openSellerContext, openSellForm, test, uniqueTag } from "./support/fixtures";

/** A small photo (320×240, about 1 KB): one tus request sends it all, so it finishes fast. */
async function smallPhoto(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40 + (seed % 200), g: 120, b: 60 } } })
    .jpeg({ quality: 60 })
    .toBuffer();
}

async function fillFields(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Vegetable" });
  await page.getByLabel("Price (₹ per kg)", { exact: true }).fill("30");
  await page.getByLabel("Description", { exact: true }).fill("Fresh, sent while the photo uploads");
  await fillPlace(page);
}

async function pickPhoto(page: Page, seed: number) {
  await page
    .getByLabel("Photos", { exact: true })
    .setInputFiles({ name: `photo-${seed}.jpg`, mimeType: "image/jpeg", buffer: await smallPhoto(seed) });
}

/**
 * Holds the answer to the upload's data request (tus PATCH) until `release()` is called; then
 * passes on the server's answer, or `refuseWith` that status instead.
 */
async function holdUploadData(page: Page, refuseWith?: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/uploads/"),
    async (route: Route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      arrived();
      if (refuseWith) {
        await released;
        return route.fulfill({ status: refuseWith, body: "refused" });
      }
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    },
  );
  return { held, release };
}

const submit = (page: Page) => page.getByRole("button", { name: /upload and Submit|Sending when/ });

async function expectListed(page: Page, name: string) {
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("status").filter({ hasText: "Your product is listed" })).toBeVisible();
  expect(await countListingsNamed(name)).toBe(1);
}

test.describe("Submit pressed while a photo uploads", () => {
  test("the photo finished before the click: the form is sent at once", async ({ page, seller: _seller }) => {
    const name = `Early Okra ${uniqueTag()}`;
    await openSellForm(page);
    await fillFields(page, name);
    await pickPhoto(page, 1);
    await expect(page.getByRole("list", { name: "Chosen photos" }).getByText("Uploaded", { exact: true })).toBeVisible();
    await submit(page).click();
    await expectListed(page, name);
  });

  test("the photo finishes after the click: the seller is told it will be sent, then it is, once", async ({ page, seller: _seller }) => {
    const name = `Waiting Okra ${uniqueTag()}`;
    const creates: string[] = [];
    page.on("request", (request) => {
      // React Router sends the form to /create.data (/create without JavaScript).
      if (request.method() === "POST" && /^\/create(\.data)?$/.test(new URL(request.url()).pathname)) creates.push(request.url());
    });
    const upload = await holdUploadData(page);
    await openSellForm(page);
    await fillFields(page, name);
    await pickPhoto(page, 2);
    await upload.held;
    await submit(page).click();

    // While it waits, the button says so and is busy, and nothing has been sent.
    const button = submit(page);
    await expect(button).toHaveText(/Sending when your photo has uploaded/);
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(page.getByText("Your form will be sent as soon as your photos have uploaded.")).toBeVisible();
    expect(creates).toHaveLength(0);
    // Pressing again while waiting changes nothing: still one send.
    await button.click();

    upload.release();
    await expectListed(page, name);
    expect(creates).toHaveLength(1);
  });

  test("Submit is pressed after the finished photo is drawn but before the page's effects have run: the form is still sent", async ({
    page,
    seller: _seller,
  }) => {
    // How sends were lost (3 in 10 tries on a busy phone): React had drawn the finished photo but
    // not yet run the effects that follow when the seller's press arrived; the send the press
    // deferred was then asked for while the browser was still dispatching that press's submit
    // event, and a browser ignores a form submission asked for then. Here React's scheduled work
    // is held from the moment it adds the finished upload's field, so the press lands in exactly
    // that gap, every time.
    const name = `Between Okra ${uniqueTag()}`;
    await page.addInitScript(() => {
      const state = window as unknown as { heldSchedulerWork: (() => void)[] | null };
      state.heldSchedulerWork = null;
      // React's scheduler runs its queued work from MessageChannel messages.
      const Native = window.MessageChannel;
      window.MessageChannel = class extends Native {
        constructor() {
          super();
          const post = this.port2.postMessage.bind(this.port2) as (...args: unknown[]) => void;
          this.port2.postMessage = ((...args: unknown[]) => {
            if (state.heldSchedulerWork) state.heldSchedulerWork.push(() => post(...args));
            else post(...args);
          }) as MessagePort["postMessage"];
        }
      };
      for (const method of ["appendChild", "insertBefore"] as const) {
        const original = Node.prototype[method] as (this: Node, ...args: Node[]) => Node;
        (Node.prototype as unknown as Record<string, unknown>)[method] = function (this: Node, ...args: Node[]) {
          const result = original.apply(this, args);
          const node = args[0];
          if (
            !state.heldSchedulerWork &&
            node instanceof HTMLElement &&
            (node.matches("input[name=photo]") || node.querySelector("input[name=photo]"))
          ) {
            state.heldSchedulerWork = [];
            // Past the scheduler's 5 ms slice, so it hands the rest (the effects) to a new message.
            const until = performance.now() + 20;
            while (performance.now() < until);
          }
          return result;
        };
      }
    });
    await openSellForm(page);
    await fillFields(page, name);
    await pickPhoto(page, 3);
    await submit(page).focus();
    await page.waitForFunction(() => (window as unknown as { heldSchedulerWork: unknown }).heldSchedulerWork !== null, undefined, {
      polling: 50,
    });
    await page.keyboard.press("Enter");
    await page.evaluate(() => {
      const state = window as unknown as { heldSchedulerWork: (() => void)[] | null };
      const held = state.heldSchedulerWork ?? [];
      state.heldSchedulerWork = null;
      for (const post of held) post();
    });
    await expectListed(page, name);
  });

  test("the upload fails while the send waits: the seller sees why next to the photo, and nothing is sent", async ({
    page,
    seller: _seller,
  }) => {
    const name = `Failed Okra ${uniqueTag()}`;
    // The server refuses the photo's data (too large): no retry helps.
    const upload = await holdUploadData(page, 413);
    await openSellForm(page);
    await fillFields(page, name);
    await pickPhoto(page, 4);
    await upload.held;
    await submit(page).click();
    await expect(submit(page)).toHaveText(/Sending when your photo has uploaded/);
    upload.release();

    const photos = page.getByRole("list", { name: "Chosen photos" });
    await expect(photos.getByText("Not uploaded", { exact: true })).toBeVisible();
    await expect(page.locator("#image-error")).toHaveText("Please remove the photos that did not upload.");
    await expect(submit(page)).toHaveText("upload and Submit");
    await expect(submit(page)).not.toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL((url) => url.pathname === "/create");
    expect(await countListingsNamed(name)).toBe(0);
  });
});

/** How many sellers the stress test sends at once; SELL_STRESS_SENDS=100 for a one-off longer run. */
const STRESS_SENDS = Number(process.env.SELL_STRESS_SENDS ?? 30);

/**
 * Budgets from measured durations. Alone on this 2-core machine, with 30 sellers: signing up 5 s,
 * opening and filling the forms 48–65 s (about 2 s a form, whether 2, 3 or 5 open at once: it is
 * CPU-bound), the sends 15–25 s, cleaning up 2–8 s. CI has run the end-to-end passes 3.3 times
 * slower than that (a 6.7 min pass took 21.9 min on 2026-11-29), and this test then ran out of a
 * 6 min budget, so each phase gets about 5 times what it took here, and the test their sum.
 */
const SIGN_UP_MS = 30_000;
const OPEN_FORM_MS = 12_000;
const SEND_MS = Math.max(60_000, STRESS_SENDS * 3_000);
const CLEAN_UP_MS = 60_000;

test(
  `${STRESS_SENDS} sellers each send the form right after picking a small photo, all at once: every form leaves /create`,
  { tag: "@alone" },
  async ({ browser }) => {
    test.setTimeout(SIGN_UP_MS + STRESS_SENDS * OPEN_FORM_MS + SEND_MS + CLEAN_UP_MS);
    const tag = uniqueTag();
    // One seller each: one person's uploads in flight are limited, and that limit is not under test.
    const sellers = await test.step(
      "sign up the sellers",
      () => Promise.all(Array.from({ length: STRESS_SENDS }, () => openSellerContext(browser))),
      {
        timeout: SIGN_UP_MS,
      },
    );
    try {
      const pages = await Promise.all(sellers.map(({ context }) => context.newPage()));
      // The forms are opened by three openers taking the next one free (a 2-core machine cannot
      // hydrate thirty pages at once, and the listing form carries India's districts since issue
      // 10); the sends, which are under test, all go at once.
      await test.step(
        "open and fill the forms",
        async () => {
          let next = 0;
          await Promise.all(
            Array.from({ length: 3 }, async () => {
              while (next < pages.length) {
                const i = next++;
                await openSellForm(pages[i]!);
                await fillFields(pages[i]!, `Stress Okra ${tag} ${i}`);
              }
            }),
          );
        },
        { timeout: STRESS_SENDS * OPEN_FORM_MS },
      );
      const left = await test.step(
        "send every form at once",
        async () => {
          await Promise.all(
            pages.map(async (tab, i) => {
              await pickPhoto(tab, 100 + i);
              await submit(tab).click();
            }),
          );
          return Promise.allSettled(pages.map((tab) => expect(tab).toHaveURL((url) => url.pathname === "/", { timeout: SEND_MS })));
        },
        { timeout: SEND_MS + 30_000 },
      );
      // Say where each stuck form is and what it shows, so a failure explains itself.
      const stuck = await Promise.all(
        left.flatMap((result, i) =>
          result.status === "rejected"
            ? [
                pages[i]!.locator("main")
                  .innerText({ timeout: 5_000 })
                  .catch(() => "(no page)")
                  .then((text) => `form ${i} at ${pages[i]!.url()}: ${text.replace(/\s+/g, " ").slice(0, 400)}`),
              ]
            : [],
        ),
      );
      expect(stuck).toEqual([]);
      for (let i = 0; i < pages.length; i++) expect(await countListingsNamed(`Stress Okra ${tag} ${i}`)).toBe(1);
    } finally {
      await test.step("delete the sellers", () => Promise.all(sellers.map((seller) => seller.dispose())), { timeout: CLEAN_UP_MS });
    }
  },
);
