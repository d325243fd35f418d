/**
 * 'upload and Submit' pressed while a photo is still uploading (issue 16): the form must be sent
 * exactly once, when the photo is done, whenever the upload finishes relative to the click; and
 * while it waits the seller is told so. The upload's responses are held (route interception) so
 * that each ordering is produced every time, not by luck.
 */
import type { Page, Route } from "@playwright/test";
import { countListingsNamed, expect, openSellForm, test, uniqueTag } from "./support/fixtures";
import { fillFields, pickPhoto, submit } from "./support/sell-while-uploading";

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
