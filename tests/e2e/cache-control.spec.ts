/**
 * What a CDN or caching proxy may keep (server/http/cache-control.ts, docs/decisions/010): every
 * route's Cache-Control, asked once with no cookie and once as a signed-in seller. Pages show the
 * signed-in name, so nothing answered to a cookie may ever be shared.
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const PRIVATE = "private, no-store";
// The default SHARED_CACHE_SECONDS: a hidden or sold listing leaves every cache within a second.
const SHARED_PAGE = "public, max-age=0, s-maxage=1";
const SUGGESTIONS = "public, max-age=1, s-maxage=1";
const IMMUTABLE = "public, max-age=31536000, immutable";
const TUS = { "Tus-Resumable": "1.0.0" };

type Ask = { method?: "GET" | "HEAD" | "POST" | "OPTIONS"; path: string; headers?: Record<string, string>; form?: Record<string, string> };

async function ask(request: APIRequestContext, { method = "GET", path, headers, form }: Ask): Promise<APIResponse> {
  return request.fetch(path, { method, headers, form, maxRedirects: 0 });
}

/** Each answer's status and Cache-Control, so one failure shows the whole table. */
async function headersOf(request: APIRequestContext, asks: Ask[]) {
  const table: Record<string, { status: number; cacheControl: string | undefined; varyCookie: boolean; setsCookie: boolean }> = {};
  for (const one of asks) {
    const response = await ask(request, one);
    const headers = response.headers();
    table[`${one.method ?? "GET"} ${one.path}`] = {
      status: response.status(),
      cacheControl: headers["cache-control"],
      varyCookie: /\bcookie\b/i.test(headers.vary ?? ""),
      setsCookie: Boolean(headers["set-cookie"]),
    };
  }
  return table;
}

test("every route says what a shared cache may keep, for anonymous and signed-in people", async ({
  page,
  request,
  seller,
  createListing,
}) => {
  const listing = await createListing({ name: `Cache Rule Onion ${Date.now().toString(36)}` });
  const viewPage = await (await page.request.get(`/view/${listing.id}`)).text();
  const photo = /src="(\/media\/[^"]+\.webp)"/.exec(viewPage)?.[1] ?? "";
  const script = /(\/assets\/[^"]+\.js)"/.exec(viewPage)?.[1] ?? "";
  expect(photo).not.toBe("");
  expect(script).not.toBe("");
  // The reason for the rule: the signed-in page names the person.
  expect(viewPage).toContain(seller.name);

  const browse: Ask[] = [{ path: "/" }, { path: "/viewmore?q=onion" }, { path: `/view/${listing.id}` }, { path: "/view/no-such-listing" }];
  const sessionOnly: Ask[] = [
    { path: "/view" },
    { path: `/view/${listing.id}/report` },
    { path: "/admin" },
    { path: "/admin/audit" },
    { path: "/admin/jobs" },
    { path: "/login" },
    { path: "/signup" },
    { path: "/create" },
    { path: "/logout" },
    { path: "/no-such-page" },
    { path: "/_root.data" },
    { path: `/view/${listing.id}.data` },
    { path: "/viewmore.data?q=onion" },
    { path: "/healthz" },
    { path: "/readyz" },
    { path: "/api/auth/get-session" },
    { path: "/media/listings/no-such-photo/w320.webp" },
    { method: "OPTIONS", path: "/uploads", headers: TUS },
    { method: "POST", path: "/uploads", headers: { ...TUS, "Upload-Length": "10", "Upload-Metadata": "filename cC5qcGc=" } },
    { method: "POST", path: "/login", form: { email: "nobody@example.in", password: "not-the-password" } },
  ];
  const everyone: Ask[] = [{ path: "/api/suggestions?q=onio" }, { path: photo }, { path: script }, { path: "/favicon.svg" }];

  // No cookie: the browse pages (and their 404) are shared briefly; the rest is never kept.
  const anonymous = await headersOf(request, [...browse, { method: "HEAD", path: "/" }, ...sessionOnly, ...everyone]);
  for (const one of [...browse, { method: "HEAD", path: "/" }]) {
    const key = `${one.method ?? "GET"} ${one.path}`;
    expect(anonymous[key], key).toMatchObject({ cacheControl: SHARED_PAGE, varyCookie: true, setsCookie: false });
  }
  expect(anonymous["GET /view/no-such-listing"]!.status).toBe(404);
  for (const one of sessionOnly) {
    const key = `${one.method ?? "GET"} ${one.path}`;
    expect(anonymous[key]?.cacheControl, `${key} (${anonymous[key]?.status})`).toBe(PRIVATE);
  }

  // Signed in: everything that could show the session is private, and the page is not shared.
  const signedIn = await headersOf(page.request, [...browse, ...sessionOnly, ...everyone]);
  for (const one of [...browse, ...sessionOnly]) {
    const key = `${one.method ?? "GET"} ${one.path}`;
    expect(signedIn[key]?.cacheControl, `${key} (${signedIn[key]?.status})`).toBe(PRIVATE);
  }

  // Bytes that are the same for everyone keep their lasting policy either way.
  for (const table of [anonymous, signedIn]) {
    expect(table["GET /api/suggestions?q=onio"]).toMatchObject({ status: 200, cacheControl: SUGGESTIONS, setsCookie: false });
    expect(table[`GET ${photo}`]).toMatchObject({ status: 200, cacheControl: IMMUTABLE });
    expect(table[`GET ${script}`]).toMatchObject({ status: 200, cacheControl: IMMUTABLE });
    expect(table["GET /favicon.svg"]).toMatchObject({ status: 200, cacheControl: "public, max-age=3600" });
  }
});

test("a request with any cookie or credentials is never answered with a shareable page", async ({ request }) => {
  const credentials: Array<Record<string, string>> = [
    { cookie: "better-auth.session_token=forged.value" },
    { cookie: "somebody-elses=1" },
    { authorization: "Bearer anything" },
  ];
  for (const headers of credentials) {
    const response = await ask(request, { path: "/", headers });
    expect(response.headers()["cache-control"], JSON.stringify(headers)).toBe(PRIVATE);
  }
});

test("signing in answers with a cookie and is never kept", async ({ page, seller }) => {
  const response = await page.request.post("/login", { form: { email: seller.email, password: seller.password }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["set-cookie"]).toContain("session_token");
  expect(response.headers()["cache-control"]).toBe(PRIVATE);
});

test("only a browse page may be kept on the person's own phone for offline, marked with whose page it is (decision 016)", async ({
  page,
  request,
  seller,
  createListing,
}) => {
  const listing = await createListing({ name: `Offline Copy Onion ${Date.now().toString(36)}` });
  const OFFLINE_COPY = "x-offline-copy";
  const browse = ["/", "/viewmore?q=onion", `/view/${listing.id}`];
  for (const path of browse) expect((await request.get(path)).headers()[OFFLINE_COPY], path).toBe("anonymous");
  // A cookie that names no session (forged, or ended): the page is rendered for nobody, and says so.
  const forged = await request.get("/", { headers: { cookie: "better-auth.session_token=forged.value" } });
  expect(forged.headers()[OFFLINE_COPY]).toBe("anonymous");

  // Signed in: a token for this person's cookies (not the cookie itself), the same on every page;
  // for shared caches the page is still private.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const scopes = new Set<string>();
  for (const path of browse) {
    const response = await page.request.get(path);
    expect(response.headers()["cache-control"], path).toBe(PRIVATE);
    scopes.add(response.headers()[OFFLINE_COPY] ?? "");
  }
  expect(scopes.size).toBe(1);
  const [scope] = [...scopes];
  expect(scope).toMatch(/^[\w-]{32}$/);
  expect(scope).not.toBe("anonymous");
  expect(cookie).not.toContain(scope!);
  expect(seller.id).toBeTruthy();

  // Never on anything else, signed in or not.
  for (const path of [
    "/view/no-such-listing",
    "/create",
    "/my/listings",
    "/my/account",
    "/admin",
    "/login",
    "/_root.data",
    `/view/${listing.id}.data`,
    "/api/auth/get-session",
    `/seller/${seller.id}`,
  ]) {
    expect((await request.get(path, { maxRedirects: 0 })).headers()[OFFLINE_COPY], `anonymous ${path}`).toBeUndefined();
    expect((await page.request.get(path, { maxRedirects: 0 })).headers()[OFFLINE_COPY], `signed in ${path}`).toBeUndefined();
  }

  // The service worker itself: always asked for afresh.
  expect((await request.get("/sw.js")).headers()["cache-control"]).toBe("no-cache");
});
