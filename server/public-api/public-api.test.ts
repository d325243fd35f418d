/**
 * The public read API (issue 25, decision 032) through real HTTP to the real Express app, on a
 * real database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): what a newcomer does with
 * it (onions in Nashik under ₹25 / kg, page after page, with their price insight), its privacy
 * rule, and the behaviour API clients rely on (cursors, ETag, CORS, problems, 405, limits, 503).
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listingFields } from "../../tests/support/listings";
import { signedInSeller } from "../../tests/support/uploads";
import { serveApiMarket, stopApiMarket, SELLER_PHONES, ONION_PRICES, type ApiMarket } from "../../tests/support/public-api";
import { markEmailVerifiedForTest } from "../../tests/support/email-verified";
import { testEngines } from "../../tests/support/test-database";
import { startTestHttpApp, type TestHttpApp } from "../../tests/support/test-http-app";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import type { ApiDeprecations } from "./deprecations";
import { openApiDocument } from "./openapi";

describe.each(testEngines())("the public API on %s", (engine) => {
  let t: TestServices;
  let http: TestHttpApp;
  let market: ApiMarket;
  const get = (path: string, init: RequestInit = {}) => fetch(`${http.url}/api/v1${path}`, init);
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await get(path, init);
    return { res, body: (await res.json()) as Record<string, unknown> & { items?: Array<Record<string, unknown>> } };
  };

  // A fresh database and a dozen listings with real photos: slow on a busy 2-core machine.
  beforeAll(async () => void ({ t, market, http } = await serveApiMarket(engine)), 60_000);
  afterAll(() => stopApiMarket({ t, http }));

  it("finds onions in Nashik under ₹25 / kg, cheapest first, page after page through the Link header, and their price insight", async () => {
    const expected = ONION_PRICES.filter((price) => price <= 25).sort((a, b) => a - b);
    const seen: number[] = [];
    let next: string | null = `${http.url}/api/v1/listings?q=onion&state=maharashtra&district=nashik&max=25&sort=price-asc&limit=3`;
    let pages = 0;
    while (next) {
      const res: Response = await fetch(next);
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        items: Array<{ price_per_kg: { price_paise: number; price_rupees: string; unit: string } }>;
        next_cursor: string | null;
        total: number;
      };
      expect(body.total).toBe(expected.length);
      seen.push(...body.items.map((item) => item.price_per_kg.price_paise / 100));
      for (const item of body.items) expect(item.price_per_kg.price_rupees).toBe(`${(item.price_per_kg.price_paise / 100).toFixed(2)}`);
      const link: string | null = res.headers.get("link");
      if (body.next_cursor) expect(link).toMatch(/^<http:\/\/localhost:\d+\/api\/v1\/listings\?.*cursor=[\w-]+>; rel="next"$/);
      else expect(link).toBeNull();
      next = link ? link.slice(1, link.indexOf(">")).replace(new URL(t.config.baseUrl).origin, http.url) : null;
      pages++;
    }
    expect(pages).toBe(Math.ceil(expected.length / 3));
    expect(seen).toEqual(expected);

    const { res, body } = await json("/price-insight?produce=onion&state=maharashtra&district=nashik");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      produce: { id: "onion", name: "Onion" },
      enough: true,
      scope: "district",
      place: { state: "maharashtra", district: "nashik" },
      median: { unit: "kg" },
    });
  });

  it("keeps a page's place when new listings arrive (the cursor is a position in a stable order, not a page number)", async () => {
    const first = await json("/listings?q=onion&limit=4");
    const cursor = first.body.next_cursor as string;
    const second = await json(`/listings?q=onion&limit=4&cursor=${cursor}`);
    // A new onion listed meanwhile comes first in "newest", and shifts nothing after the cursor.
    t.clock.now += 60_000;
    const newId = (
      await t.listings.createListing({
        actor: market.sellers[1]!,
        fields: listingFields({ name: "Fresh onion", category: "Vegetable", price: "21" }),
        photos: [{ bytes: await makeProducePhoto("vegetables", 2, { width: 200, height: 150 }), fileName: "p.jpg" }],
      })
    ).id;
    const again = await json(`/listings?q=onion&limit=4&cursor=${cursor}`);
    expect(again.body.items!.map((item) => item.id)).toEqual(second.body.items!.map((item) => item.id));
    const fresh = await json("/listings?q=onion&limit=4");
    expect(fresh.body.items![0]!.id).toBe(newId);
  });

  it("never puts a phone number in a list, and gives it on one listing and on a seller", async () => {
    for (const path of [
      "/listings?limit=50",
      "/listings?q=onion&sort=near&from=maharashtra/nashik",
      "/price-insight?produce=onion",
      "/mandi-rates?produce=onion",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      for (const phone of SELLER_PHONES) expect(text, path).not.toContain(phone.slice(3));
      expect(text).not.toMatch(/"phone"/);
    }
    const one = await json(`/listings/${market.onionIds[0]}`);
    expect(one.res.status).toBe(200);
    expect(one.body).toMatchObject({ id: market.onionIds[0], seller: { phone: SELLER_PHONES[0] }, status: "active", produce_id: "onion" });
    const photos = one.body.photos as Array<{ sizes: Array<{ url: string }> }>;
    expect(photos[0]!.sizes[0]!.url).toMatch(/^http:\/\/localhost:\d+\/media\/listings\/.+\/w320\.webp$/);
    const seller = await json(`/sellers/${market.sellers[0]!.id}`);
    expect(seller.res.status).toBe(200);
    expect(seller.body).toMatchObject({ phone: SELLER_PHONES[0], place: { state: "karnataka", district: "kolar" } });
    expect(String(seller.body.member_since)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    const listed = JSON.stringify(seller.body.listings);
    for (const phone of SELLER_PHONES) expect(listed).not.toContain(phone.slice(3));
    expect(listed).not.toMatch(/"phone"/);
  });

  it("answers in Hindi from ?lang= or Accept-Language, and says so", async () => {
    const byParam = await json(`/listings/${market.tomatoId}?lang=hi`);
    expect(byParam.res.headers.get("content-language")).toBe("hi-IN");
    expect(byParam.body.category).toMatchObject({ slug: "vegetables", name: "सब्ज़ी" });
    const byHeader = await json("/produce", { headers: { "Accept-Language": "hi-IN,hi;q=0.9" } });
    expect(byHeader.body.items!.find((p) => p.id === "onion")).toMatchObject({ name: "प्याज" });
    expect(byHeader.res.headers.get("vary")).toMatch(/Accept-Language/);
  });

  it("gives mandi rates by produce, market and dates, newest first, paged", async () => {
    const all = await json("/mandi-rates?produce=onion&state=maharashtra&district=nashik&limit=2");
    expect(all.res.status).toBe(200);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.items![0]).toMatchObject({ market: expect.any(String), min: { unit: "quintal" } });
    const dates = [...(all.body.items ?? [])];
    let cursor = all.body.next_cursor as string | null;
    while (cursor) {
      const page = await json(`/mandi-rates?produce=onion&state=maharashtra&district=nashik&limit=2&cursor=${cursor}`);
      dates.push(...(page.body.items ?? []));
      cursor = page.body.next_cursor as string | null;
    }
    expect(dates).toHaveLength(5);
    const arrival = dates.map((rate) => String(rate.arrival_date));
    expect(arrival).toEqual([...arrival].sort().reverse());
    const lasalgaon = await json("/mandi-rates?produce=onion&market=lasalgaon");
    expect(lasalgaon.body.items).toHaveLength(4);
    const lastTwo = await json(`/mandi-rates?produce=onion&market=Lasalgaon&from=${arrival[3]}&to=${arrival[1]}`);
    expect(lastTwo.body.items!.length).toBeGreaterThanOrEqual(2);
    expect((await get("/mandi-rates?produce=onion&from=2026-02-30")).status).toBe(400);
  });

  it("gives every listing in a list its produce id, which a client takes to /price-insight and /mandi-rates (issue 42)", async () => {
    for (const path of [
      "/listings?limit=50",
      "/listings?q=onion&state=maharashtra&district=nashik",
      "/listings?q=onion&sort=near&from=maharashtra/nashik",
      `/sellers/${market.sellers[0]!.id}`,
    ]) {
      const { res, body } = await json(path);
      expect(res.status, path).toBe(200);
      const items = (body.items ?? body.listings) as Array<{ id: string; produce_id?: string | null }>;
      expect(items.length, path).toBeGreaterThan(0);
      for (const item of items) expect(item.produce_id, `${path} ${item.id}`).toBe(item.id === market.tomatoId ? "tomato" : "onion");
    }
    const [first] = (await json("/listings?q=onion&state=maharashtra&district=nashik&limit=1")).body.items as Array<{ produce_id: string }>;
    const insight = await json(`/price-insight?produce=${first!.produce_id}&state=maharashtra&district=nashik`);
    expect(insight.body).toMatchObject({ produce: { id: "onion" }, enough: true });
    const rates = await json(`/mandi-rates?produce=${first!.produce_id}&state=maharashtra&district=nashik`);
    expect(rates.body.items).toHaveLength(5);
  });

  it("gives the MSP table, the catalogue, categories, states and a state's districts", async () => {
    const msp = await json("/msp");
    expect((msp.body.seasons as unknown[]).length).toBeGreaterThan(0);
    expect((await json("/categories")).body.items).toHaveLength(6);
    const states = await json("/states");
    expect(states.body.items!.some((s) => s.slug === "maharashtra")).toBe(true);
    const maharashtra = await json("/states/maharashtra");
    expect((maharashtra.body.districts as Array<{ slug: string }>).some((d) => d.slug === "nashik")).toBe(true);
    expect((await get("/states/atlantis")).status).toBe(404);
  });

  it("answers problems as application/problem+json with a stable type", async () => {
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const cases: Array<[string, number, string]> = [
      ["/listings?page=2", 400, "invalid-parameter"],
      ["/listings?q=a&q=b", 400, "invalid-parameter"],
      ["/listings?limit=51", 400, "invalid-parameter"],
      ["/listings?cursor=notacursor", 400, "invalid-parameter"],
      // Shaped like ours but with a NUL in the id, which PostgreSQL refused with a 500.
      [`/listings?cursor=${cursorOf({ s: "newest", c: 1, p: 1, i: "a\u0000b" })}`, 400, "invalid-parameter"],
      [`/mandi-rates?produce=onion&cursor=${cursorOf({ d: "2026-11-01", i: "a\u0000b" })}`, 400, "invalid-parameter"],
      ["/listings?min=30&max=10", 400, "invalid-parameter"],
      ["/price-insight?produce=unicorn", 400, "invalid-parameter"],
      ["/listings/00000000-0000-4000-8000-000000000000", 404, "not-found"],
      ["/sellers/nobody", 404, "not-found"],
      // A %-escape that is not UTF-8 in a path parameter: Express's URIError was a 500.
      ["/sellers/%FF", 404, "not-found"],
      ["/listings/%E0%A4%A", 404, "not-found"],
      ["/states/%ZZ", 404, "not-found"],
      // A NUL in a seller's id: PostgreSQL refused it in text, a 500.
      ["/sellers/a%00b", 404, "not-found"],
      ["/nothing/here", 404, "not-found"],
    ];
    for (const [path, status, kind] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/problem\+json/);
      const body = (await res.json()) as { type: string; status: number };
      expect(body, path).toMatchObject({ type: `/api/v1/docs#problem-${kind}`, status });
    }
  });

  it("answers 405 with Allow to every method but GET and HEAD, and a CORS preflight with 204", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const res = await get("/listings", { method, headers: { Origin: "https://elsewhere.example" } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
    const head = await get("/categories", { method: "HEAD" });
    expect(head.status).toBe(200);
    const preflight = await get("/listings", {
      method: "OPTIONS",
      headers: {
        Origin: "https://elsewhere.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/If-None-Match/);
  });

  it("allows any origin without credentials, and answers a request with a cookie exactly as one without", async () => {
    const path = `/listings/${market.onionIds[1]}`;
    const plain = await get(path, { headers: { Origin: "https://elsewhere.example" } });
    const withCookie = await get(path, {
      headers: { Origin: "https://elsewhere.example", Cookie: "better-auth.session_token=anything; lang=hi" },
    });
    expect(plain.headers.get("access-control-allow-origin")).toBe("*");
    expect(plain.headers.get("access-control-allow-credentials")).toBeNull();
    expect(withCookie.headers.get("set-cookie")).toBeNull();
    expect(withCookie.headers.get("content-language")).toBe("en-IN");
    expect(await withCookie.text()).toBe(await plain.text());
    expect(withCookie.headers.get("cache-control")).toBe(plain.headers.get("cache-control"));
    expect(plain.headers.get("cache-control")).toBe(`public, max-age=0, s-maxage=${t.config.sharedCacheSeconds}`);
    expect(plain.headers.get("vary")).not.toMatch(/Cookie/i);
  });

  it("takes an optional API key that raises the limit, refuses one that is not valid, and stops taking one revoked", async () => {
    const owner = market.sellers[2]!;
    await markEmailVerifiedForTest(t.db.kysely, owner.id);
    const made = await t.apiKeys.create(owner);
    expect(made.key).toMatch(/^mandi_[\w-]{43}$/);
    expect(await t.apiKeys.list(owner)).toEqual([{ id: made.id, prefix: made.prefix, createdAt: made.createdAt }]);
    // Only the hash is stored.
    const stored = await t.db.kysely.selectFrom("api_key").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(made.key);
    const keyed = await get("/categories", { headers: { "X-Api-Key": made.key } });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("ratelimit-policy")).toBe(`"bulk";q=${t.config.apiRateLimits.keyPerMinute};w=60`);
    const wrong = await get("/categories", { headers: { "X-Api-Key": `${made.key.slice(0, -1)}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ type: "/api/v1/docs#problem-invalid-api-key", status: 401 });
    await t.apiKeys.revoke(owner, made.id);
    expect((await get("/categories", { headers: { "X-Api-Key": made.key } })).status).toBe(401);
    expect(await t.apiKeys.list(owner)).toEqual([]);
    await expect(t.apiKeys.revoke(market.sellers[0]!, made.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("gives a real session's cookie no say, on a second instance on the same database too", async () => {
    const { cookie } = await signedInSeller(t, 9);
    expect(cookie).toMatch(/session_token=/);
    const second = await startTestHttpApp(t);
    try {
      for (const path of [`/listings/${market.onionIds[2]}`, `/sellers/${market.sellers[1]!.id}`, "/listings?q=onion&limit=3"]) {
        const anonymous = await get(path);
        const signedIn = await fetch(`${second.url}/api/v1${path}`, { headers: { Cookie: cookie } });
        expect(signedIn.headers.get("set-cookie"), path).toBeNull();
        expect(await signedIn.text(), path).toBe(await anonymous.text());
        expect(signedIn.headers.get("etag"), path).toBe(anonymous.headers.get("etag"));
      }
    } finally {
      await second.close();
    }
  });

  it("pages nearest first from a district by position, the next link naming the district and never the position", async () => {
    const first = await get("/listings?sort=near&lat=20.01&lon=73.79&limit=5");
    expect(first.status).toBe(200);
    const link = first.headers.get("link")!;
    expect(link).toMatch(/from=maharashtra%2Fnashik/);
    expect(link).not.toMatch(/lat=|lon=/);
    const body = (await first.json()) as { items: Array<{ id: string; distance_km?: number }>; next_cursor: string };
    const next = await json(`/listings?sort=near&from=maharashtra/nashik&limit=5&cursor=${body.next_cursor}`);
    const all = [...body.items, ...(next.body.items as Array<{ id: string; distance_km?: number }>)];
    expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
    const distances = all.map((item) => item.distance_km ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // A cursor of one order is refused in another.
    expect((await get(`/listings?sort=price-asc&cursor=${body.next_cursor}`)).status).toBe(400);
  });

  it("sends an ETag and answers 304 when it still holds", async () => {
    const first = await get("/listings?q=onion&limit=2");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await get("/listings?q=onion&limit=2", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    expect(await again.text()).toBe("");
    const other = await get("/listings?q=onion&limit=2", { headers: { "If-None-Match": 'W/"stale"' } });
    expect(other.status).toBe(200);
  });

  it("serves its OpenAPI document and a reference page made from it", async () => {
    const doc = await json("/openapi.json");
    expect(doc.res.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    for (const path of ["/", "/docs"]) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      for (const operationId of ["listListings", "getListing", "getSeller", "getPriceInsight", "listMandiRates", "getMspTable"])
        expect(html).toContain(`id="${operationId}"`);
      expect(html).toContain('id="problem-rate-limited"');
    }
  });

  // SQLite's readers never wait for a writer (WAL), so only PostgreSQL can be made not to answer a read here.
  it.skipIf(engine === "sqlite")("answers 503 with Retry-After as a problem when the database does not answer", async () => {
    const other = await createTestServices({ engine, env: { DATABASE_STATEMENT_TIMEOUT_MS: "300" } });
    const otherHttp = await startTestHttpApp(other);
    const { sql } = await import("kysely");
    let release = () => {};
    const locked = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    // Another session holds the listing table: every read of it waits, past the statement timeout.
    const lock = other.db.kysely.transaction().execute(async (trx) => {
      await sql`lock table listing in access exclusive mode`.execute(trx);
      holding();
      await locked;
    });
    try {
      await held;
      const res = await fetch(`${otherHttp.url}/api/v1/listings?q=onion`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(await res.json()).toMatchObject({ type: "/api/v1/docs#problem-unavailable", status: 503 });
    } finally {
      release();
      await lock.catch(() => undefined);
      await otherHttp.close();
      await other.cleanup().catch(() => undefined);
    }
  });
});

describe.each(testEngines())("the public API's rate limits on %s", (engine) => {
  let t: TestServices;
  let http: TestHttpApp;
  /** A second app on the same database: another worker or instance (decision 046). */
  let other: TestHttpApp;
  beforeAll(async () => {
    t = await createTestServices({
      engine,
      env: { API_PER_MINUTE: "30", API_CONTACT_PER_MINUTE: "5", API_KEY_PER_MINUTE: "40", PHONE_REVEAL_PRESSES_PER_HOUR: "8" },
    });
    http = await startTestHttpApp(t);
    other = await startTestHttpApp(t);
  });
  afterAll(async () => {
    await http?.close();
    await other?.close();
    await t?.cleanup();
  });
  // The counters are the database's, by the test clock: each test starts a minute of its own.
  beforeEach(() => void (t.clock.now += 60_000));
  const signedUpVerified = async (n: number) => {
    const person = await t.accounts.signUp({ ...makeSeller(n), phone: `+9198765000${String(n).padStart(2, "0")}` }, new Headers());
    await markEmailVerifiedForTest(t.db.kysely, person.id);
    return person;
  };

  it("holds under concurrent requests, with RateLimit headers and a 429 problem with Retry-After", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => fetch(`${http.url}/api/v1/categories`)));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const limited = responses.find((res) => res.status === 429)!;
    expect(limited.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit-policy")).toBe('"bulk";q=30;w=60');
    expect(limited.headers.get("ratelimit")).toMatch(/^"bulk";r=0;t=\d+$/);
    expect(limited.headers.get("cache-control")).toBe("private, no-store");
    await Promise.all(responses.map((res) => res.arrayBuffer()));
  });

  it("counts one address once across two instances on one database, not once per instance (decision 046)", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => fetch(`${(i % 2 ? other : http).url}/api/v1/categories`)));
    expect(responses.filter((res) => res.status === 200)).toHaveLength(30);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(20);
    await Promise.all(responses.map((res) => res.arrayBuffer()));
  });

  it("counts requests with a well-formed key that is not valid against the address: 401 until its limit, then 429 for it and for keyless requests alike", async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => `mandi_${String(i).padStart(43, "x")}`);
    const responses = await Promise.all(
      guesses.map((key, i) => fetch(`${(i % 2 ? other : http).url}/api/v1/categories`, { headers: { "X-Api-Key": key } })),
    );
    expect(responses.filter((res) => res.status === 401)).toHaveLength(30);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(10);
    await Promise.all(responses.map((res) => res.arrayBuffer()));
    const keyless = await fetch(`${http.url}/api/v1/categories`);
    expect(keyless.status).toBe(429);
    await keyless.arrayBuffer();
  });

  it("makes no key for an account whose email address is not verified", async () => {
    const unverified = await t.accounts.signUp({ ...makeSeller(8), phone: "+919876500088" }, new Headers());
    await expect(t.apiKeys.create(unverified)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/^Verify your email address before making an API key/),
    });
    expect(await t.apiKeys.list(unverified)).toEqual([]);
  });

  it("counts all of one account's keys on one budget, across instances", async () => {
    const owner = await signedUpVerified(9);
    const [first, second] = [await t.apiKeys.create(owner), await t.apiKeys.create(owner)];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${(i % 2 ? other : http).url}/api/v1/produce`, { headers: { "X-Api-Key": (i % 4 < 2 ? first : second).key } }),
      ),
    );
    expect(responses.filter((res) => res.status === 200)).toHaveLength(40);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(10);
    await Promise.all(responses.map((res) => res.arrayBuffer()));
  });

  it("counts a key's requests by the key, under its own higher limit", async () => {
    const owner = await signedUpVerified(7);
    const { key } = await t.apiKeys.create(owner);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${http.url}/api/v1/produce`, { headers: { "X-Api-Key": key } })),
    );
    expect(responses.filter((res) => res.status === 200)).toHaveLength(40);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(10);
    expect(responses[0]!.headers.get("ratelimit-policy")).toBe('"bulk";q=40;w=60');
    await Promise.all(responses.map((res) => res.arrayBuffer()));
  });

  it("limits the endpoints that give a phone number more strictly, on their own count", async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => fetch(`${http.url}/api/v1/sellers/nobody`)));
    expect(responses.filter((res) => res.status === 404)).toHaveLength(5);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(7);
    expect(responses[0]!.headers.get("ratelimit-policy")).toBe('"contact";q=5;w=60');
    await Promise.all(responses.map((res) => res.arrayBuffer()));
  });
  it("counts the numbers it gives without a key against the address's hourly ceiling that Show number counts too, and not those with a key", async () => {
    // An address of its own (X-Forwarded-For from 127.0.0.1, which TRUST_PROXY's default believes).
    const from = { "X-Forwarded-For": "198.51.100.77" };
    const burst = async (headers: Record<string, string>) => {
      const responses = await Promise.all(Array.from({ length: 12 }, () => fetch(`${http.url}/api/v1/sellers/nobody`, { headers })));
      const bodies = await Promise.all(
        responses.map(async (res) => ({ status: res.status, detail: String(((await res.json()) as { detail?: string }).detail) })),
      );
      return bodies;
    };
    // This minute: 5 of the contact limit, all counted in the hour.
    expect((await burst(from)).filter((b) => b.status === 404)).toHaveLength(5);
    t.clock.now += 60_000;
    // The next: the minute allows 5 again, the hour only 3 more (8).
    const next = await burst(from);
    expect(next.filter((b) => b.status === 404)).toHaveLength(3);
    expect(next.filter((b) => b.detail.startsWith("At most 8 phone numbers an hour from one address without an API key."))).toHaveLength(2);
    // A key's account is counted by its own limits, not the address's hour.
    const owner = await signedUpVerified(11);
    const { key } = await t.apiKeys.create(owner);
    expect((await burst({ ...from, "X-Api-Key": key })).filter((b) => b.status === 404)).toHaveLength(12);
  });
});

describe("the OpenAPI document", () => {
  it("has no errors under Redocly's recommended rules", async () => {
    const source = JSON.stringify(openApiDocument("https://mandi.example"));
    const problems = await lintFromString({
      source,
      absoluteRef: "openapi.json",
      config: await createConfig({ extends: ["recommended"] }),
    });
    const errors = problems.filter((p) => p.severity === "error");
    expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`)).toEqual([]);
  });
});

/**
 * Nothing in v1 is deprecated today, so the mechanism is tested with a table of this test's own,
 * given to the real app as v1's would be (deprecations.ts): the document and the headers both come from it.
 */
describe("deprecating an operation or a parameter", () => {
  const TABLE: ApiDeprecations = {
    operations: { getMspTable: { since: "2026-11-01", sunset: "2027-05-01", replacement: "/price-insight" } },
    parameters: {
      listMandiRates: { market: { since: "2026-12-01", sunset: "2027-06-15", replacement: "https://mandi.example/notes/markets" } },
    },
  };
  let t: TestServices;
  let http: TestHttpApp;
  let origin: string;
  const get = (path: string, init: RequestInit = {}) => fetch(`${http.url}/api/v1${path}`, init);
  const links = (res: Response) => (res.headers.get("link") ?? "").split(/,\s*(?=<)/).filter(Boolean);

  beforeAll(async () => {
    ({ t, http } = await serveApiMarket("sqlite", { apiDeprecations: TABLE }));
    origin = new URL(t.config.baseUrl).origin;
  }, 60_000);
  afterAll(() => stopApiMarket({ t, http }));

  it("says so in the document it serves, and only there", async () => {
    const document = (await (await get("/openapi.json")).json()) as {
      paths: Record<
        string,
        {
          get: {
            operationId: string;
            deprecated?: boolean;
            description: string;
            parameters?: Array<{ name: string; deprecated?: boolean; description?: string }>;
          };
        }
      >;
    };
    const operations = Object.values(document.paths).map((item) => item.get);
    expect(operations.filter((op) => op.deprecated).map((op) => op.operationId)).toEqual(["getMspTable"]);
    expect(operations.find((op) => op.operationId === "getMspTable")!.description).toContain(
      "Deprecated since 2026-11-01; it may stop answering on 2027-05-01. Use `/price-insight` instead.",
    );
    const rates = operations.find((op) => op.operationId === "listMandiRates")!;
    expect(rates.parameters!.filter((p) => p.deprecated).map((p) => p.name)).toEqual(["market"]);
    // v1's own document is untouched by this table.
    expect(JSON.stringify(openApiDocument(origin))).not.toContain('"deprecated":true');
    const page = await (await get("/docs")).text();
    expect(page).toContain('id="deprecated-getMspTable"');
    expect(page).toContain('id="deprecated-listMandiRates-market"');
  });

  it("sends Deprecation, Sunset and their links on every answer of a deprecated operation, 304 and 400 included", async () => {
    const ok = await get("/msp");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("deprecation")).toBe(`@${Date.UTC(2026, 10, 1) / 1000}`);
    expect(ok.headers.get("sunset")).toBe("Sat, 01 May 2027 00:00:00 GMT");
    expect(links(ok)).toEqual([
      `<${origin}/api/v1/docs#deprecated-getMspTable>; rel="deprecation"; type="text/html"`,
      `<${origin}/api/v1/docs#deprecated-getMspTable>; rel="sunset"; type="text/html"`,
      `<${origin}/api/v1/price-insight>; rel="successor-version"`,
    ]);
    // A browser script may read them.
    expect(ok.headers.get("access-control-expose-headers")).toMatch(/Deprecation.*Sunset/);
    const notModified = await get("/msp", { headers: { "If-None-Match": ok.headers.get("etag")! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("sunset")).toBe(ok.headers.get("sunset"));
    const refused = await get("/msp?unknown=1");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("deprecation")).toBe(ok.headers.get("deprecation"));
    // Other operations say nothing.
    const other = await get("/categories");
    expect(other.headers.get("deprecation")).toBeNull();
    expect(other.headers.get("sunset")).toBeNull();
  });

  it("sends them for a deprecated parameter only when the request uses it, beside the next page's link", async () => {
    const without = await get("/mandi-rates?produce=onion&limit=1");
    expect(without.status).toBe(200);
    expect(without.headers.get("deprecation")).toBeNull();
    expect(links(without)).toHaveLength(1);
    const using = await get("/mandi-rates?produce=onion&market=lasalgaon&limit=1");
    expect(using.status).toBe(200);
    expect(using.headers.get("deprecation")).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
    expect(using.headers.get("sunset")).toBe("Tue, 15 Jun 2027 00:00:00 GMT");
    const sent = links(using);
    expect(sent).toContain(`<${origin}/api/v1/docs#deprecated-listMandiRates-market>; rel="deprecation"; type="text/html"`);
    expect(sent).toContain(`<https://mandi.example/notes/markets>; rel="successor-version"`);
    expect(sent.filter((link) => link.endsWith('rel="next"'))).toHaveLength(1);
  });

  it("refuses a table that names what does not exist or gives less than six months' notice", () => {
    const notice = { since: "2026-11-01", sunset: "2027-05-01", replacement: "/msp" };
    expect(() => openApiDocument(origin, { operations: { listUnicorns: notice } })).toThrow(/no operation "listUnicorns"/);
    expect(() => openApiDocument(origin, { parameters: { listMandiRates: { colour: notice } } })).toThrow(/no parameter "colour"/);
    expect(() => openApiDocument(origin, { operations: { getMspTable: { ...notice, sunset: "2027-04-30" } } })).toThrow(
      /less than 6 months/,
    );
    expect(() => openApiDocument(origin, { operations: { getMspTable: { ...notice, since: "1 Nov 2026" } } })).toThrow(
      /not a YYYY-MM-DD day/,
    );
  });
});
