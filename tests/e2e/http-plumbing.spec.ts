/**
 * HTTP plumbing a hostile client pokes at (issue 9, findings 2, 3, 5 and 6), over real HTTP
 * against the production build: no spelling of a path reaches a source map, post-login
 * destinations with any characters answer a redirect, a body the server never read does not
 * hang the connection, and the same-site check compares scheme, host and port.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { expect, test } from "./support/fixtures";
import { rawRequest, twoRequestsOnOneSocket } from "./support/raw-http";

const OWN_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file));
}

test.describe("source maps", () => {
  test("none is made for the served folder; the bundle check reads the bundler's own module list", () => {
    expect(filesUnder("build/client").filter((file) => file.endsWith(".map"))).toEqual([]);
    const modules = JSON.parse(readFileSync("build/client-modules.json", "utf8")) as string[];
    expect(modules.filter((module) => module.startsWith("app/")).length).toBeGreaterThan(0);
  });

  test("no spelling of a map's path is served", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = /\/assets\/([\w.-]+\.js)/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect((await rawRequest({ path: `/assets/${script}` })).status).toBe(200);
    const stem = `/assets/${script!.replace(/\.js$/, "")}`;
    const spellings = [
      `/assets/${script}.map`,
      `//assets/${script}.map`,
      `///assets/${script}.map`,
      `/assets//${script}.map`,
      `/./assets/${script}.map`,
      `/assets/./${script}.map`,
      `/assets/%2e/${script}.map`,
      `/x/../assets/${script}.map`,
      `/assets/${script}%2emap`,
      `/assets/${script}%2Emap`,
      `/assets/${script}.%6Dap`,
      `/assets/${script}.%6dap`,
      `/assets/${script}.%6D%61%70`,
      `${stem}%2ejs%2emap`,
      `/assets/${script}.MAP`,
      `/assets/${script}.map?x=1`,
      `/assets/${script}.map#x`,
      `/assets/${script}.map/`,
      `/assets%2F${script}.map`,
      `/%61ssets/${script}.map`,
      `/sourcemaps/assets/${script}.map`,
      `/build/sourcemaps/assets/${script}.map`,
      `/assets/../../sourcemaps/assets/${script}.map`,
      `/assets/%2e%2e/%2e%2e/sourcemaps/assets/${script}.map`,
      `/..%2Fsourcemaps%2Fassets%2F${script}.map`,
    ];
    for (const spelling of spellings) {
      const response = await rawRequest({ path: spelling });
      expect(response.status, spelling).toBe(404);
      expect(response.body, spelling).not.toContain("mappings");
    }
  });
});

test.describe("scripts and the stylesheet, compressed once by the build (decision 043)", () => {
  test("each encoding the browser accepts is the build's own copy, and decodes to the file", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const files = [...new Set([...html.matchAll(/\/assets\/([\w.-]+\.(?:js|css))/g)].map((m) => m[1]!))];
    const script = files.find((file) => file.startsWith("entry.client"));
    const stylesheet = files.find((file) => file.endsWith(".css"));
    expect(script && stylesheet).toBeTruthy();
    for (const file of [script!, stylesheet!]) {
      const onDisk = readFileSync(`build/client/assets/${file}`);
      for (const [accepted, encoding, copy] of [
        ["gzip, deflate, br, zstd", "br", ".br"],
        ["br;q=0, gzip", "gzip", ".gz"],
        ["gzip", "gzip", ".gz"],
        ["identity", null, ""],
      ] as const) {
        // Node's fetch decodes the body itself, so what arrives is compared with the file on disk.
        const response = await fetch(`${OWN_ORIGIN}/assets/${file}`, { headers: { "accept-encoding": accepted } });
        expect(response.status, `${file} ${accepted}`).toBe(200);
        expect(response.headers.get("content-encoding"), `${file} ${accepted}`).toBe(encoding);
        expect(response.headers.get("vary") ?? "", `${file} ${accepted}`).toMatch(/accept-encoding/i);
        expect(response.headers.get("cache-control"), `${file} ${accepted}`).toContain("immutable");
        // The length of the build's copy: sent as written, not compressed again on the way.
        expect(Number(response.headers.get("content-length")), `${file} ${accepted}`).toBe(
          statSync(`build/client/assets/${file}${copy}`).size,
        );
        expect(Buffer.from(await response.arrayBuffer()).equals(onDisk), `${file} ${accepted}`).toBe(true);
      }
    }
    // The copies are not files of their own, and no other method is answered with an encoding.
    for (const spelling of [`/assets/${script}.br`, `/assets/${script}.gz`, `/assets/${script}%2ebr`]) {
      expect((await rawRequest({ path: spelling })).status, spelling).toBe(404);
    }
    // (A body whose Content-Encoding lied would fail to decode here.)
    const posted = await fetch(`${OWN_ORIGIN}/assets/${script}`, { method: "POST", headers: { "accept-encoding": "br" } });
    expect(posted.status).toBeGreaterThanOrEqual(400);
    expect(posted.status).toBeLessThan(500);
    expect(await posted.text()).not.toContain(readFileSync(`build/client/assets/${script}`, "utf8").slice(0, 200));
  });
});

test.describe("post-login destinations with characters a header cannot carry raw", () => {
  test("a signed-in visit to a login link back to a Hindi search lands on that search", async ({ page, createListing }) => {
    // /viewmore sends visitors of an empty marketplace home.
    await createListing({ name: `Basmati चावल ${Date.now().toString(36)}`, category: "rice" });
    const response = await page.goto("/login?redirectTo=/viewmore?q=चावल");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/viewmore");
    expect(new URL(page.url()).searchParams.get("q")).toBe("चावल");
    await expect(page.getByRole("heading", { name: "Results for “चावल”" })).toBeVisible();
  });

  test("logging in with a fullwidth-slash destination answers a same-site redirect and signs in", async ({ playwright, page, seller }) => {
    // A fresh context: the seller fixture has already signed `page` in.
    const fresh = await playwright.request.newContext({ baseURL: OWN_ORIGIN });
    try {
      const response = await fresh.post("/login", {
        form: { email: seller.email, password: seller.password, redirectTo: "/／/x" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      const location = response.headers().location ?? "";
      expect(location).toBe("/%EF%BC%8F/x");
      expect(new URL(location, OWN_ORIGIN).origin).toBe(OWN_ORIGIN);
      expect(response.headers()["set-cookie"]).toContain("better-auth.session_token=");
      const session = (await (await fresh.get("/api/auth/get-session")).json()) as { user?: { id: string } } | null;
      expect(session?.user?.id).toBe(seller.id);
    } finally {
      await fresh.dispose();
    }
    expect(page).toBeTruthy();
  });
});

test.describe("keep-alive after an answer given without reading the body", () => {
  const TWO_MB = 2 * 1024 * 1024;
  const earlyAnswers: { method: string; path: string; headers?: Record<string, string> }[] = [
    { method: "POST", path: "/logout" },
    { method: "POST", path: "/no-such-page" },
    { method: "PUT", path: "/" },
    { method: "POST", path: "/view/x" },
    { method: "POST", path: "/login", headers: { Origin: "https://evil.example" } },
    { method: "POST", path: "/%E0%A4%A" },
    { method: "POST", path: "/uploads", headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10" } },
  ];
  for (const first of earlyAnswers) {
    test(`${first.method} ${first.path} with a 2 MB body, then a second request on the same socket`, async () => {
      const result = await twoRequestsOnOneSocket(first, TWO_MB, 5_000);
      expect(result.timedOut, JSON.stringify(result)).toBe(false);
      expect(result.statusLines.length, JSON.stringify(result)).toBeGreaterThanOrEqual(1);
      expect(result.statusLines[0]).not.toMatch(/ 5\d\d /);
      expect(result.secondAnswered, JSON.stringify(result)).toBe(true);
    });
  }

  test("a body past the drain limit closes the connection instead of holding it", async () => {
    const result = await twoRequestsOnOneSocket({ method: "POST", path: "/logout" }, 24 * 1024 * 1024, 15_000);
    expect(result.timedOut, JSON.stringify(result)).toBe(false);
    expect(result.closed, JSON.stringify(result)).toBe(true);
  });
});

test.describe("same-site check: scheme, host and port, and Fetch Metadata", () => {
  const tusCreate = {
    "Tus-Resumable": "1.0.0",
    "Upload-Length": "10",
    "Upload-Metadata": `filename ${Buffer.from("a.jpg").toString("base64")}`,
  };

  async function signedInUser(request: APIRequestContext): Promise<string | undefined> {
    const session = (await (await request.get("/api/auth/get-session")).json()) as { user?: { id: string } } | null;
    return session?.user?.id;
  }

  test("refuses another scheme on the same host and port, and the person stays signed in", async ({ page, seller }) => {
    const otherScheme = `https://127.0.0.1:${E2E_PORT}`;
    const logout = await page.request.post("/logout", { headers: { Origin: otherScheme }, maxRedirects: 0 });
    expect(logout.status()).toBe(403);
    expect(await logout.text()).toContain("another site");
    expect(await signedInUser(page.request)).toBe(seller.id);
    expect((await page.request.post("/uploads", { headers: { ...tusCreate, Origin: otherScheme } })).status()).toBe(403);
    expect((await page.request.post("/api/auth/sign-out", { headers: { Origin: otherScheme }, data: {} })).status()).toBe(403);
    expect(await signedInUser(page.request)).toBe(seller.id);
  });

  test("refuses a cross-site request that sends no Origin but says Sec-Fetch-Site: cross-site", async ({ page, seller }) => {
    const crossSite = { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" };
    expect((await page.request.post("/logout", { headers: crossSite, maxRedirects: 0 })).status()).toBe(403);
    expect(
      (
        await page.request.post("/create", { headers: crossSite, multipart: { name: "x", category: "rice", price: "1", description: "d" } })
      ).status(),
    ).toBe(403);
    expect(
      (
        await page.request.post("/uploads", { headers: { ...tusCreate, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors" } })
      ).status(),
    ).toBe(403);
    expect(
      (
        await page.request.post("/api/auth/sign-out", { headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors" }, data: {} })
      ).status(),
    ).toBe(403);
    expect(await signedInUser(page.request)).toBe(seller.id);
  });

  test("refuses Origin: null, another port, a same-site sibling and a request that is not a typed navigation", async ({ request }) => {
    for (const headers of [
      { Origin: "null" },
      { Origin: `http://127.0.0.1:${E2E_PORT + 1}` },
      { Origin: "http://localhost" },
      { Origin: "not a url" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "same-site", Origin: "http://shop.127.0.0.1" },
      { "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "cors" },
      { "Sec-Fetch-Site": "something-new" },
      { "Sec-Fetch-Site": "same-origin", Origin: "https://evil.example" },
      // Behind a proxy saying the site is https://mandi.example, http://mandi.example is another origin.
      { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "mandi.example", Origin: "http://mandi.example" },
      { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "mandi.example:8443", Origin: "https://mandi.example" },
    ] as Record<string, string>[]) {
      const response = await request.post("/logout", { headers, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(headers)).toBe(403);
    }
  });

  test("accepts the site's own origin, with or without a port, directly or behind a proxy", async ({ request }) => {
    for (const headers of [
      {},
      { Origin: OWN_ORIGIN },
      { Origin: OWN_ORIGIN, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate" },
      { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors" },
      // A person typing or bookmarking: the browser says "none" and sends no Origin.
      { "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
      { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "mandi.example", Origin: "https://mandi.example" },
      { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "mandi.example:8443", Origin: "https://mandi.example:8443" },
      {
        "X-Forwarded-Proto": "http",
        "X-Forwarded-Host": "mandi.example:8080",
        Origin: "http://mandi.example:8080",
        "Sec-Fetch-Site": "same-origin",
      },
    ] as Record<string, string>[]) {
      const response = await request.post("/logout", { headers, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(headers)).toBe(302);
      expect(response.headers().location, JSON.stringify(headers)).toBe("/login");
    }
  });

  test("better-auth agrees: its endpoints accept the site's own origin behind a proxy and refuse another", async ({
    page,
    seller,
    playwright,
  }) => {
    expect(page).toBeTruthy();
    const fresh = await playwright.request.newContext({ baseURL: OWN_ORIGIN });
    try {
      const credentials = { email: seller.email, password: seller.password };
      const proxied = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "mandi.example" };
      const own = await fresh.post("/api/auth/sign-in/email", {
        headers: { ...proxied, Origin: "https://mandi.example", "Sec-Fetch-Site": "same-origin" },
        data: credentials,
      });
      expect(own.status(), await own.text()).toBe(200);
      const other = await fresh.post("/api/auth/sign-in/email", {
        headers: { ...proxied, Origin: "http://mandi.example" },
        data: credentials,
      });
      expect(other.status()).toBe(403);
    } finally {
      await fresh.dispose();
    }
  });
});
