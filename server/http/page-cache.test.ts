/**
 * The page cache in front of a page handler, over real HTTP on a real database: what it keeps,
 * what it never keeps, that a change written anywhere shows at once, and that requests for the
 * same page share one render. The handler here stands in for React Router (pages are not built
 * in unit tests); it renders the newest listing names straight from the database.
 */
import type { AddressInfo } from "node:net";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache } from "../page-cache/page-cache";
import { makeProducePhoto } from "../seed/factories";
import { cacheControl } from "./cache-control";
import { serveFromPageCache } from "./page-cache";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { listingFields } from "../../tests/support/listings";

describe.each(testEngines())("page cache on %s", (engine) => {
  let t: TestServices;
  let base = "";
  let close: () => void;
  let renders = 0;
  /** Requests that reached the server (before the cache). */
  let arrived = 0;
  /** Requests that have read the content version, and so will decide what to do without waiting on anything but a render. */
  let versionsRead = 0;
  /** While set, the page handler waits for it before answering (to hold a render open). */
  let hold: Promise<void> | null = null;
  let sellerId = "";
  const clock = { now: 0 };

  const page: RequestHandler = async (req, res) => {
    renders++;
    if (hold) await hold;
    if (req.query.status === "500") return void res.status(500).send("broken");
    if (req.query.cookie) res.cookie("hello", "there");
    const names = await t.db.kysely.selectFrom("listing").select("name").orderBy("created_at", "desc").execute();
    res.status(req.path.startsWith("/view/") ? 404 : 200).type("html");
    // Written in pieces, as React Router streams a page.
    res.write(`<p lang="${req.headers["accept-language"] ?? ""}">`);
    // Past compression's 1 KB threshold, as every real page is.
    res.end(`${names.map((n) => n.name).join(", ")}</p><!--${"-".repeat(2048)}-->`);
  };

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const app = express();
    app.use(compression());
    app.use(cacheControl({ sharedSeconds: 1 }));
    app.use((_req, _res, next) => {
      arrived++;
      next();
    });
    // Pages under /later/ age by a clock the tests move.
    const later = createPageCache({ ttlMs: 60_000, maxBytes: 1024 * 1024, now: () => clock.now });
    const countedVersion = {
      async current() {
        const version = await t.contentVersion.current();
        versionsRead++;
        return version;
      },
    };
    app.use("/later", express.Router().get("*splat", serveFromPageCache({ cache: later, contentVersion: countedVersion }), page));
    app.get(
      "*splat",
      serveFromPageCache({ cache: createPageCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 }), contentVersion: countedVersion }),
      page,
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => {
      server.closeAllConnections();
      server.close();
    };
    ({ id: sellerId } = await t.accounts.signUp(
      { name: "Cache Seller", email: "cache@example.in", password: "khet-cache-2026", phone: "+919812345670" },
      new Headers(),
    ));
  });
  afterAll(async () => {
    close();
    await t.cleanup();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { headers });
    return { status: response.status, cache: response.headers.get("x-page-cache"), text: await response.text(), headers: response.headers };
  };
  const sell = async (name: string) => {
    const photo = { bytes: await makeProducePhoto("vegetables", 5, { width: 320, height: 240 }), fileName: "p.jpg" };
    return t.listings.createListing({ actor: { id: sellerId }, fields: listingFields({ name, category: "vegetables" }), photos: [photo] });
  };

  it("renders an anonymous page once and serves the copy, with the same headers, until something changes", async () => {
    await sell("Cached Okra");
    const first = await get("/viewmore?q=okra");
    expect(first).toMatchObject({ status: 200, cache: "miss" });
    expect(first.text).toContain("Cached Okra");
    const before = renders;
    const second = await get("/viewmore?q=okra");
    expect(second).toMatchObject({ status: 200, cache: "hit", text: first.text });
    expect(second.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(renders).toBe(before);

    // A listing written through the services (as another worker or instance would) shows at once.
    await sell("Fresh Brinjal");
    const third = await get("/viewmore?q=okra");
    expect(third.cache).toBe("miss");
    expect(third.text).toContain("Fresh Brinjal");
  });

  it("keeps a 404 and compresses each copy for whoever asks", async () => {
    expect((await get("/view/nothing-here")).cache).toBe("miss");
    const again = await get("/view/nothing-here", { "accept-encoding": "gzip" });
    expect(again).toMatchObject({ status: 404, cache: "hit" });
    expect(again.headers.get("content-encoding")).toBe("gzip");
    expect(again.text).toContain("Cached Okra");
  });

  it("keeps one copy per language asked for", async () => {
    await get("/", { "accept-language": "hi-IN,hi;q=0.9" });
    const hindi = await get("/", { "accept-language": "hi-IN,hi;q=0.9" });
    const english = await get("/", { "accept-language": "en-IN" });
    expect(hindi).toMatchObject({ cache: "hit" });
    expect(hindi.text).toContain('lang="hi-IN,hi;q=0.9"');
    expect(english.text).toContain('lang="en-IN"');
  });

  it("serves someone whose only cookie is their language the copy for that language, still marked private", async () => {
    await get("/viewmore?q=okra", { "accept-language": "hi" });
    const chosen = await get("/viewmore?q=okra", { cookie: "lang=hi", "accept-language": "en-IN" });
    expect(chosen).toMatchObject({ status: 200, cache: "hit" });
    expect(chosen.text).toContain('lang="hi"');
    expect(chosen.headers.get("cache-control")).toBe("private, no-store");
    // Another cookie beside it, or an unknown language, is someone else's business: rendered.
    await get("/viewmore?q=okra", { cookie: "lang=hi; theme=dark" });
    expect((await get("/viewmore?q=okra", { cookie: "lang=hi; theme=dark" })).cache).not.toBe("hit");
  });

  it("never keeps a page asked for with a cookie or credentials, one that sets a cookie, an error, or an address no CDN may keep", async () => {
    for (const [path, headers] of [
      ["/", { cookie: "better-auth.session_token=abc" }],
      ["/", { authorization: "Bearer x" }],
      ["/?cookie=1", {}],
      ["/?status=500", {}],
      ["/create", {}],
      ["/my/listings", {}],
      ["/viewmore.data", {}],
      ["/view/x/report", {}],
    ] as Array<[string, Record<string, string>]>) {
      await get(path, headers);
      const again = await get(path, headers);
      expect(again.cache, `${path} ${JSON.stringify(headers)}`).not.toBe("hit");
    }
  });

  /**
   * Sends `count` requests for `path` while the first render is held open, and lets it finish
   * once every request has reached the server: the others then wait for it. It waits until every request has read
   * the content version too, so none can come late and find the new copy: a request still in
   * that database read when the render ends answered "hit" (seen on a loaded machine on PostgreSQL).
   */
  async function askWhileHeld(path: string, count: number) {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const [rendersBefore, arrivedBefore, readBefore] = [renders, arrived, versionsRead];
    const asked = Array.from({ length: count }, () => get(path));
    while (arrived - arrivedBefore < count || renders === rendersBefore || versionsRead - readBefore < count)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    hold = null;
    release();
    return { answers: await Promise.all(asked), renders: renders - rendersBefore };
  }

  it("shares one render among requests for the same page that arrive while it is being rendered", async () => {
    await sell("Stampede Garlic");
    const { answers, renders: rendered } = await askWhileHeld("/viewmore?q=garlic", 20);
    expect(rendered).toBe(1);
    expect(answers.filter((a) => a.cache === "miss")).toHaveLength(1);
    expect(answers.filter((a) => a.cache === "shared")).toHaveLength(19);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers[0]!.text).toContain("Stampede Garlic");
  });

  it("past its time, hands out the copy at once while one request renders it again, if nothing was written since", async () => {
    await sell("Stale Brinjal");
    expect(await get("/later/viewmore?q=brinjal")).toMatchObject({ cache: "miss" });
    expect(await get("/later/viewmore?q=brinjal")).toMatchObject({ cache: "hit" });
    clock.now += 61_000;
    const { answers, renders: rendered } = await askWhileHeld("/later/viewmore?q=brinjal", 5);
    expect(rendered).toBe(1);
    expect(answers.map((a) => a.cache).sort()).toEqual(["miss", "stale", "stale", "stale", "stale"]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await get("/later/viewmore?q=brinjal")).toMatchObject({ cache: "hit" });

    // Something written since: no stale copy, the requests wait for the new render.
    clock.now += 61_000;
    await sell("Stale Brinjal Two");
    const after = await askWhileHeld("/later/viewmore?q=brinjal", 3);
    expect(after.answers.map((a) => a.cache).sort()).toEqual(["miss", "shared", "shared"]);
    expect(after.answers[0]!.text).toContain("Stale Brinjal Two");
  });

  it("renders again, each for itself, when the shared render may not be kept", async () => {
    const { answers, renders: rendered } = await askWhileHeld("/?status=500", 3);
    expect(answers.map((a) => a.status)).toEqual([500, 500, 500]);
    expect(rendered).toBe(3);
  });
});
