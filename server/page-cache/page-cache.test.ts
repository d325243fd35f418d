/** The store behind the page cache: versions, age, size, and one render at a time per page. */
import { describe, expect, it } from "vitest";
import { createPageCache, type CachedPage } from "./page-cache";

const page = (bytes: number): CachedPage => ({ status: 200, headers: [["content-type", "text/html"]], body: Buffer.alloc(bytes, "x") });

describe("page cache store", () => {
  it("serves a page only at the version it was rendered at", () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    cache.startRender("/", 7)(page(10));
    expect(cache.get("/", 7)?.page.body.length).toBe(10);
    expect(cache.get("/", 8)).toBeUndefined();
    expect(cache.get("/viewmore", 7)).toBeUndefined();
  });

  it("says, without the version, whether it holds or is rendering an address at the version last asked about", () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    expect(cache.holds("/")).toBe(false); // no version seen yet
    cache.get("/", 7);
    const finish = cache.startRender("/", 7);
    expect(cache.holds("/")).toBe(true); // a render in progress
    finish(page(10));
    expect(cache.holds("/")).toBe(true);
    expect(cache.holds("/viewmore")).toBe(false);
    cache.get("/viewmore", 8); // something was written: version 8
    expect(cache.holds("/")).toBe(false);
  });

  it("serves a page as fresh within its time to live, then only to stand in for a render, then forgets it", async () => {
    const clock = { now: 0 };
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 20, now: () => clock.now });
    cache.startRender("/", 1)(page(10));
    expect(cache.get("/", 1)?.fresh).toBe(true);
    clock.now = 25;
    expect(cache.get("/", 1)).toMatchObject({ fresh: false });
    // Twice its time to live, by the store's own clock: gone.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get("/", 1)).toBeUndefined();
  });

  it("lets go of pages past their stand-in time even when nobody asks for them again", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 20 });
    for (const path of ["/a", "/b", "/c"]) cache.startRender(path, 1)(page(10_000));
    expect(cache.size).toBe(3);
    // The sweep runs every second at most often; no get() here, which would drop them lazily.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(cache.size).toBe(0);
  });

  it("keeps within its size, dropping the least recently used, and never keeps a page larger than itself", () => {
    // Each entry costs its body, its key and about 1 KB: two of these fit, not three.
    const cache = createPageCache({ maxBytes: 10_000, ttlMs: 60_000 });
    cache.startRender("/a", 1)(page(3_000));
    cache.startRender("/b", 1)(page(3_000));
    cache.get("/a", 1);
    cache.startRender("/c", 1)(page(3_000));
    expect(cache.get("/a", 1)).toBeDefined();
    expect(cache.get("/b", 1)).toBeUndefined();
    expect(cache.get("/c", 1)).toBeDefined();
    cache.startRender("/huge", 1)(page(20_000));
    expect(cache.get("/huge", 1)).toBeUndefined();
    expect(cache.get("/a", 1)).toBeDefined();
  });

  it("tells later requests about a render in progress, and hands them its page when it ends", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const finish = cache.startRender("/", 3);
    const waiting = cache.pending("/", 3);
    expect(waiting).toBeDefined();
    expect(cache.pending("/", 4)).toBeUndefined();
    finish(page(5));
    expect((await waiting)?.body.length).toBe(5);
    expect(cache.pending("/", 3)).toBeUndefined();

    // A render whose answer may not be kept hands them nothing: each renders its own.
    const refused = cache.startRender("/viewmore", 3);
    const nothing = cache.pending("/viewmore", 3);
    refused(null);
    expect(await nothing).toBeNull();
    expect(cache.get("/viewmore", 3)).toBeUndefined();
  });
});
