/**
 * Pages paint before their JavaScript loads (app/features/site/deferred-scripts.tsx): the HTML asks
 * for no script module up front, the scripts start once the browser reports the first contentful
 * paint, and the page then hydrates without an error. The first photo of a listing grid is
 * fetched at high priority, the others lazily. Timings are measured by `npm run bench:lighthouse`,
 * not here.
 */
import { expect, gotoHydrated, test } from "./support/fixtures";

test("the HTML preloads no script module and runs only inline scripts before the first paint", async ({ request, createListing }) => {
  await createListing({ name: `Paint Basmati ${Date.now()}` });
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).not.toContain("modulepreload");
  expect(head).not.toMatch(/<script[^>]*\ssrc=/);
  // React Router's module script waits inside <noscript> for the loader that follows it.
  expect(html).toMatch(/<noscript><link rel="modulepreload"[^]*<script [^>]*type="module"[^]*<\/noscript><script nonce="[^"]+">/);
});

test("pages hydrate after the first paint, with no error, and the first card's photo comes first", async ({
  page,
  request,
  createListing,
}) => {
  const ours = [await createListing({ name: `Paint Potato ${Date.now()}` }), await createListing({ name: `Paint Onion ${Date.now()}` })];
  const listing = ours[1]!;
  // The photo folders of this test's listings (a photo's key is its own, not the listing's id).
  const ownPhotos = new Set<string>();
  for (const own of ours)
    for (const [, key] of (await (await request.get(`/view/${own.id}`)).text()).matchAll(/\/media\/listings\/([0-9a-f-]{36})\//g))
      ownPhotos.add(key!);
  expect(ownPhotos.size).toBeGreaterThanOrEqual(ours.length);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // A resource that failed is judged by its address below (Chromium's message does not say which).
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  page.on("response", (response) => {
    if (response.ok() || response.status() === 304) return;
    // "/" and "/viewmore" show every test's listings, and the tests beside this one delete theirs
    // and change their photos: a photo of another test's listing may be gone by the time the
    // browser asks for it (a 404 a buyer can meet too). Any other failure is this page's.
    const photo = /^\/media\/listings\/([^/]+)\//.exec(new URL(response.url()).pathname);
    if (photo && response.status() === 404 && !ownPhotos.has(photo[1]!)) return;
    errors.push(`${response.status()} ${response.url()}`);
  });
  for (const url of ["/", "/viewmore", `/view/${listing.id}`]) {
    await gotoHydrated(page, url);
    // The scripts the loader added carry the page's nonce and are in the document.
    await expect(page.locator('head script[type="module"]')).toHaveCount(1);
  }
  await gotoHydrated(page, "/viewmore");
  // Card photos are decorative (alt=""), so not "img" to the accessibility tree.
  const photos = page.getByRole("list", { name: "All products" }).locator("img");
  await expect(photos.first()).toHaveAttribute("fetchpriority", "high");
  await expect(photos.first()).toHaveAttribute("loading", "eager");
  await expect(photos.nth(1)).not.toHaveAttribute("fetchpriority", "high");
  expect(errors).toEqual([]);
});

test("the loader adds the scripts once the first contentful paint is reported, a few at a time, in separate tasks, the module script last", async ({
  page,
  createListing,
}) => {
  const listing = await createListing({ name: `Paint Garlic ${Date.now()}` });
  // Every element added to <head>, numbered by the run of script it was added in: a run ends at
  // the next microtask checkpoint, which ends every task (and every callback). And whether the
  // browser had reported the first contentful paint by then: scripts asked for before it (a
  // frame's callback runs before the frame is on the screen) can arrive before the page shows.
  await page.addInitScript(() => {
    const added: Array<{ run: number; tag: string; painted: boolean }> = [];
    let run = 0;
    let inRun = false;
    const appendChild = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      if (
        this === document.head &&
        node instanceof Element &&
        (node.matches("link[rel=modulepreload]") || node.matches("script[type=module]"))
      ) {
        if (!inRun) {
          run += 1;
          inRun = true;
          queueMicrotask(() => (inRun = false));
        }
        added.push({ run, tag: node.tagName, painted: performance.getEntriesByName("first-contentful-paint").length > 0 });
      }
      return appendChild.call(this, node) as T;
    };
    (window as unknown as { addedScripts: typeof added }).addedScripts = added;
  });
  for (const url of ["/", `/view/${listing.id}`]) {
    await gotoHydrated(page, url);
    const all = await page.evaluate(
      () => (window as unknown as { addedScripts: Array<{ run: number; tag: string; painted: boolean }> }).addedScripts,
    );
    // The loader's: up to its one module script, which comes last (later preloads are the page's own imports).
    const added = all.slice(0, all.findIndex((element) => element.tag === "SCRIPT") + 1);
    expect(added.length, url).toBeGreaterThan(8);
    expect(
      all.filter((element) => element.tag === "SCRIPT"),
      url,
    ).toHaveLength(1);
    expect(
      added.filter((element) => !element.painted),
      url,
    ).toEqual([]);
    const perRun = new Map<number, number>();
    for (const { run } of added) perRun.set(run, (perRun.get(run) ?? 0) + 1);
    // Each element starts a request; all of a page's ~19 in one task was its longest task after the first paint.
    expect(perRun.size, url).toBeGreaterThan(2);
    expect(Math.max(...perRun.values()), url).toBeLessThanOrEqual(4);
  }
});
