/**
 * Hostile HTTP: requests shaped like smuggling and path tricks, sent byte for byte (no URL
 * normalisation). Query and separator tricks on every route never give a 5xx or reach what the
 * plain path would not; an early answer never leaves a keep-alive connection hanging; source
 * maps and server files are unreachable by any spelling; and a form or upload sent from another
 * origin is refused, whatever the Origin and Sec-Fetch-Site headers say.
 */
import net from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";
import type { APIRequestContext } from "@playwright/test";
import type { Db } from "../../server/db/database";
import { startAppProcess } from "../support/app-process";
import { deleteUser, expect, logInWith, signUpSellerWith, test, type Seller } from "./support/fixtures";
import {
  BASE_URL,
  buildWorld,
  cookieHeader,
  openE2eDatabase,
  rawRequest,
  signedInAs,
  snapshot,
  TUS,
  type World,
  validSellForm,
} from "./support/security";

let world: World;
let values: { listing: string; photo: string };

test.beforeAll(async ({ playwright }) => {
  world = await buildWorld(() => playwright.request.newContext({ baseURL: BASE_URL }));
  const db = openE2eDatabase();
  try {
    const photo = await db.kysely
      .selectFrom("listing_photo")
      .select("image_key")
      .where("listing_id", "=", world.listingId)
      .executeTakeFirstOrThrow();
    values = { listing: world.listingId, photo: photo.image_key };
  } finally {
    await db.close();
  }
});
test.afterAll(async () => {
  await world?.dispose();
});

const ROUTES = [
  "/",
  "/signup",
  "/login",
  "/logout",
  "/create",
  "/view",
  "/view/{listing}",
  "/viewmore",
  "/api/suggestions",
  "/uploads",
  "/media/{photo}/w320.webp",
  "/healthz",
  "/_root.data",
  "/view/{listing}.data",
];

const TRICKS = [
  "?",
  "?/x",
  "?/../../auth-secret",
  ";x",
  ";/../x",
  "%2F",
  "%2Fx",
  "%2e%2e",
  "/%2e%2e/",
  "/..%2F..%2Fauth-secret",
  "//",
  "//x",
  "/./",
  "?q=1&&q=2&q[]=3&q[x]=4",
  "?redirectTo=//evil.example&redirectTo=/",
  "?%",
  "?q=%E0%A4%A",
  "?q=%00",
  `?q=${"a".repeat(8000)}`,
  `?${"x=1&".repeat(2000)}`,
];

const fill = (route: string) => route.replace("{listing}", values.listing).replace("{photo}", values.photo);

test("query and separator tricks on every route never give a 5xx, signed out or in", async () => {
  test.setTimeout(180_000);
  const cookie = await cookieHeader(world.stranger.request);
  const seen: string[] = [];
  let cases = 0;
  for (const route of ROUTES) {
    for (const trick of TRICKS) {
      for (const headers of [{}, { cookie }] as Array<Record<string, string>>) {
        cases += 1;
        const response = await rawRequest({ method: "GET", path: fill(route) + trick, headers: { ...TUS, ...headers } });
        if (response.status >= 500 || response.status === 0) seen.push(`GET ${route}${trick.slice(0, 40)}: ${response.status}`);
      }
    }
  }
  console.log(`hostile http: ${cases} query/separator cases, ${seen.length} 5xx`);
  expect(seen).toEqual([]);
  // Nothing was done as the signed-in person on a GET.
  expect(await signedInAs(world.stranger.request, world.stranger.seller.id)).toBe(true);
});

test("TRACE on every route is refused with a 405, never a 500, signed out or in", async () => {
  // React Router's and better-auth's adapters build a WHATWG Request, which refuses TRACE.
  const cookie = await cookieHeader(world.stranger.request);
  const seen: string[] = [];
  for (const route of [...ROUTES, "/api/auth/get-session", "/my/alerts", "/admin", "/prices/onion", "/no-such-page"]) {
    for (const headers of [{}, { cookie }] as Array<Record<string, string>>) {
      const response = await rawRequest({ method: "TRACE", path: fill(route), headers: { ...TUS, ...headers } });
      if (response.status !== 405) seen.push(`TRACE ${route}: ${response.status}`);
    }
  }
  expect(seen).toEqual([]);
});

/** One request written byte for byte (Node's client would add or refuse some of these Host headers). */
function rawHttp(port: number, head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    let text = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer: ${JSON.stringify(head.slice(0, 60))}`)));
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("end", () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on("error", reject);
  });
}

test.describe("a Host that names no site is a 400, never a 500", () => {
  const HOSTS = ["", " ", "[", "[::1", "a b", "xn--", "%00", `127.0.0.1:99999`, "127.0.0.1:-1"];
  const PATHS = ["/signup", "/?fresh=1", "/view", "/no-such-page", "/api/auth/get-session"];

  test("in Host or (from a trusted proxy) X-Forwarded-Host, on a page, a form post and /api/auth", async () => {
    const seen: string[] = [];
    for (const host of HOSTS) {
      for (const path of PATHS) {
        for (const header of [`Host: ${host}`, `Host: 127.0.0.1:${E2E_PORT}\r\nX-Forwarded-Host: ${host}`]) {
          const status = await rawHttp(E2E_PORT, `GET ${path} HTTP/1.1\r\n${header}\r\nConnection: close\r\n\r\n`);
          // An empty X-Forwarded-Host is no header at all to Express: the Host beside it counts.
          const emptyForwarded = header.includes("X-Forwarded-Host") && host.trim() === "";
          if (emptyForwarded ? status >= 500 : status !== 400) seen.push(`GET ${path} ${JSON.stringify(header)}: ${status}`);
        }
      }
      const body = "email=a%40b.in&password=x";
      const post = `POST /login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${BASE_URL}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
      const status = await rawHttp(E2E_PORT, post);
      if (status !== 400) seen.push(`POST /login Host ${JSON.stringify(host)}: ${status}`);
    }
    // HTTP/1.0 may leave Host out: a page cannot be made of it, but the health check still answers.
    for (const [path, expected] of [
      ["/signup", 400],
      ["/healthz", 200],
      ["/api/v1/categories", 200],
    ] as const) {
      const status = await rawHttp(E2E_PORT, `GET ${path} HTTP/1.0\r\n\r\n`);
      if (status !== expected) seen.push(`HTTP/1.0 GET ${path} without Host: ${status}`);
    }
    expect(seen).toEqual([]);
    // The right Host still gets the page.
    expect(await rawHttp(E2E_PORT, `GET /signup HTTP/1.1\r\nHost: 127.0.0.1:${E2E_PORT}\r\nConnection: close\r\n\r\n`)).toBe(200);
  });

  test("X-Forwarded-Host from a client that is not a trusted proxy is ignored, whatever its port", async () => {
    // A server that trusts only a proxy elsewhere, on the e2e server's port plus one (a run given a range of ports stays in it).
    const dataDir = mkdtempSync(`${E2E_DATA_DIR}-untrusted-proxy-`);
    const app = await startAppProcess({
      port: E2E_PORT + 1,
      env: { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${dataDir}/mandi.sqlite`, TRUST_PROXY: "10.255.255.1" },
    });
    try {
      const seen: string[] = [];
      for (const forwarded of ["x:99999", "x:-1", "evil.example:443", "[", ""]) {
        for (const path of ["/signup", "/", "/no-such-page"]) {
          const status = await rawHttp(
            E2E_PORT + 1,
            `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${E2E_PORT + 1}\r\nX-Forwarded-Host: ${forwarded}\r\nConnection: close\r\n\r\n`,
          );
          if (status !== (path === "/no-such-page" ? 404 : 200))
            seen.push(`GET ${path} X-Forwarded-Host ${JSON.stringify(forwarded)}: ${status}`);
        }
      }
      expect(seen).toEqual([]);
    } finally {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test("server files are unreachable by any spelling of /media", async () => {
  const secret = (await readFile(path.join(E2E_DATA_DIR, "auth-secret"), "utf8")).trim();
  expect(secret.length).toBeGreaterThan(16);
  const spellings = [
    "/media/../auth-secret",
    "/media/%2e%2e/auth-secret",
    "/media/%2E%2E%2Fauth-secret",
    "/media/listings/%2e%2e/%2e%2e/auth-secret",
    "/media/listings/..%2f..%2fauth-secret",
    "/media//auth-secret",
    "/media/..;/auth-secret",
    "/media/.%2e/auth-secret",
    "/media/%252e%252e/auth-secret",
    "/media/../mandi.sqlite",
    "/media/%2e%2e/mandi.sqlite",
    "/media/..%5cauth-secret",
    "/media/listings/..%00/auth-secret",
    "//media/%2e%2e/auth-secret",
  ];
  for (const spelling of spellings) {
    const response = await rawRequest({ method: "GET", path: spelling });
    expect(response.status, spelling).toBeGreaterThanOrEqual(400);
    expect(response.status, spelling).toBeLessThan(500);
    expect(response.body.toString("latin1"), spelling).not.toContain(secret);
    expect(response.body.toString("latin1"), spelling).not.toContain("SQLite format");
  }
  // The real photo answers under its own name and under a doubled slash, never more.
  expect((await rawRequest({ method: "GET", path: `/media/${values.photo}/w320.webp` })).status).toBe(200);
});

test("source maps are unreachable by any spelling of the path (finding 2)", async () => {
  const html = (await rawRequest({ method: "GET", path: "/" })).body.toString("utf8");
  const scripts = [...new Set([...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((m) => m[1]!))];
  expect(scripts.length).toBeGreaterThan(0);
  const failures: string[] = [];
  for (const script of scripts.slice(0, 4)) {
    const spellings = [
      `/assets/${script}.map`,
      `//assets/${script}.map`,
      `/assets//${script}.map`,
      `///assets/${script}.map`,
      `/./assets/${script}.map`,
      `/assets/./${script}.map`,
      `/assets/x/../${script}.map`,
      `/assets/${script}%2emap`,
      `/assets/${script}%2Emap`,
      `/assets/${script}.%6Dap`,
      `/assets/${script}.%6dap`,
      `/assets/${script}.m%61p`,
      `/assets%2F${script}.map`,
      `/%61ssets/${script}.map`,
      `/assets/${script}.map?`,
      `/assets/${script}.map?x=1`,
      `/assets/${script}.map;`,
      `/assets/${script}.MAP`,
      `/assets/${script}.map/`,
      `/assets/${script}.map%00`,
      `/${script}.map`,
    ];
    for (const spelling of spellings) {
      const response = await rawRequest({ method: "GET", path: spelling });
      const body = response.body.toString("utf8");
      if (response.status === 200 || body.includes('"mappings"') || body.includes("sourcesContent"))
        failures.push(`${spelling}: ${response.status}`);
    }
    // The script itself is still served.
    expect((await rawRequest({ method: "GET", path: `/assets/${script}` })).status).toBe(200);
  }
  expect(failures).toEqual([]);
});

/**
 * Sends `first` with a large body the server may answer without reading, then a GET /healthz on
 * the same connection. Resolves with every status line seen and whether the server closed.
 */
function keepAliveExchange(
  first: { method: string; path: string; headers?: Record<string, string>; bodyBytes: number },
  timeoutMs = 15_000,
) {
  return new Promise<{ statuses: number[]; closed: boolean; firstHeaders: string; timedOut: boolean }>((resolve) => {
    const socket = net.connect(E2E_PORT, "127.0.0.1");
    let received = "";
    let closed = false;
    const finish = (timedOut: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
      resolve({ statuses, closed, timedOut, firstHeaders: received.split("\r\n\r\n")[0] ?? "" });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if ((received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= 2) finish(false);
    });
    socket.on("close", () => {
      closed = true;
      finish(false);
    });
    socket.on("error", () => undefined);
    socket.on("connect", () => {
      const head = [
        `${first.method} ${first.path} HTTP/1.1`,
        `Host: 127.0.0.1:${E2E_PORT}`,
        `Origin: ${BASE_URL}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${first.bodyBytes}`,
      ];
      for (const [name, value] of Object.entries(first.headers ?? {})) head.push(`${name}: ${value}`);
      socket.write(`${head.join("\r\n")}\r\n\r\n`);
      socket.write(Buffer.alloc(first.bodyBytes, "a"));
      socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${E2E_PORT}\r\n\r\n`);
    });
  });
}

test.describe("an early answer never leaves a keep-alive connection hanging (finding 5)", () => {
  const TWO_MB = 2 * 1024 * 1024;
  for (const first of [
    { name: "POST /logout", method: "POST", path: "/logout" },
    { name: "a 404", method: "GET", path: "/no-such-page" },
    // A PUT: the listing page now takes a POST ("Show number", decision 046).
    { name: "a 405", method: "PUT", path: "/view/00000000-0000-4000-8000-000000000000" },
    { name: "an upload refused before reading", method: "POST", path: "/uploads" },
  ]) {
    test(`after ${first.name} with a 2 MB body, the next request is answered or the connection is closed`, async () => {
      const result = await keepAliveExchange({ method: first.method, path: first.path, bodyBytes: TWO_MB });
      expect(result.timedOut, `no answer within 15 s; got ${JSON.stringify(result.statuses)}`).toBe(false);
      expect(result.statuses.length).toBeGreaterThanOrEqual(1);
      expect(result.statuses[0]).toBeLessThan(500);
      // Either both answered on the one connection, or the server said it would close and did.
      if (result.statuses.length < 2) {
        expect(result.firstHeaders.toLowerCase()).toContain("connection: close");
        expect(result.closed).toBe(true);
      } else {
        expect(result.statuses[1]).toBe(200);
      }
    });
  }
});

/** A signed-up, signed-in seller of their own (with their cookie and the database), removed afterwards. */
async function withNewSeller(
  playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } },
  use: (s: { seller: Seller; cookie: string; db: Db }) => Promise<void>,
) {
  const context = await playwright.request.newContext({ baseURL: BASE_URL });
  const seller = await signUpSellerWith(context);
  await logInWith(context, seller);
  const db = openE2eDatabase();
  try {
    await use({ seller, cookie: await cookieHeader(context), db });
  } finally {
    await db.close();
    await deleteUser(seller.id);
    await context.dispose();
  }
}

test.describe("forms and uploads from another origin are refused (finding 6)", () => {
  const otherOrigins: Array<{ name: string; headers: Record<string, string> }> = [
    { name: "another site", headers: { origin: "http://evil.example" } },
    { name: "the same host over https", headers: { origin: `https://127.0.0.1:${E2E_PORT}` } },
    { name: "the same host on another port", headers: { origin: `http://127.0.0.1:${E2E_PORT + 1}` } },
    { name: "an opaque origin", headers: { origin: "null" } },
    { name: "no Origin but Sec-Fetch-Site: cross-site", headers: { "sec-fetch-site": "cross-site" } },
  ];

  for (const from of otherOrigins) {
    test(`from ${from.name}: logout, sell form and new upload are refused and change nothing`, async ({ playwright }) => {
      // A seller of their own: if a request got through and signed them out, no other test is hurt.
      await withNewSeller(playwright, async ({ seller, cookie, db }) => {
        const before = await snapshot(db, seller.id);
        const sell = await validSellForm("Cross Site Rice");
        const attempts: Array<{ method: string; path: string; headers: Record<string, string>; body: Buffer | undefined }> = [
          { method: "POST", path: "/logout", headers: { "content-type": "application/x-www-form-urlencoded" }, body: Buffer.from("") },
          { method: "POST", path: "/create", headers: { "content-type": sell.contentType }, body: sell.body },
          { method: "POST", path: "/uploads", headers: { ...TUS, "upload-length": "100" }, body: undefined },
          { method: "POST", path: "/api/auth/sign-out", headers: { "content-type": "application/json" }, body: Buffer.from("{}") },
        ];
        for (const attempt of attempts) {
          const response = await rawRequest({ ...attempt, headers: { ...attempt.headers, ...from.headers, cookie } });
          expect(response.status, `${attempt.method} ${attempt.path}: ${response.body.toString("utf8").slice(0, 120)}`).toBe(403);
        }
        expect(await snapshot(db, seller.id)).toEqual(before);
        const session = await rawRequest({ method: "GET", path: "/api/auth/get-session", headers: { cookie } });
        expect(session.body.toString("utf8"), "still signed in").toContain(seller.id);
      });
    });
  }

  test("the same origin, with or without Sec-Fetch-Site: same-origin, is accepted", async () => {
    const cookie = await cookieHeader(world.owner.request);
    for (const headers of [{ origin: BASE_URL }, { origin: BASE_URL, "sec-fetch-site": "same-origin" }] as Array<Record<string, string>>) {
      const response = await rawRequest({
        method: "POST",
        path: "/uploads",
        headers: { ...TUS, ...headers, cookie, "upload-length": "100" },
      });
      expect(response.status).toBe(201);
      const location = String(response.headers.location);
      expect((await rawRequest({ method: "DELETE", path: location, headers: { ...TUS, ...headers, cookie } })).status).toBe(204);
    }
  });
});

test.describe("redirects after login stay valid headers on this site (finding 3)", () => {
  const destinations = ["/viewmore?q=चावल", "/／/x", "/\u2028x", "/viewmore?q=ｒｉｃｅ", "/create\u200b", "/view/\ud800"];

  test("a signed-in person sent to /login with any of them is redirected, never a 500", async ({ playwright }) => {
    await withNewSeller(playwright, async ({ cookie }) => {
      for (const to of destinations) {
        const response = await rawRequest({
          method: "GET",
          path: `/login?redirectTo=${encodeURIComponent(to.replace(/[\ud800-\udfff]/g, "\ufffd"))}`,
          headers: { cookie },
        });
        expect(response.status, to).toBe(302);
        expect(new URL(String(response.headers.location), BASE_URL).origin, to).toBe(BASE_URL);
      }
    });
  });

  test("logging in with any of them as redirectTo signs in and redirects on this site", async ({ playwright }) => {
    await withNewSeller(playwright, async ({ seller }) => {
      for (const to of destinations) {
        const body = new URLSearchParams({ email: seller.email, password: seller.password, redirectTo: to }).toString();
        const response = await rawRequest({
          method: "POST",
          path: "/login",
          headers: { origin: BASE_URL, "content-type": "application/x-www-form-urlencoded" },
          body,
        });
        expect(response.status, to).toBe(302);
        const location = String(response.headers.location);
        expect(new URL(location, BASE_URL).origin, to).toBe(BASE_URL);
        expect(location, to).toMatch(/^\/(?![/\\])/);
        expect(String(response.headers["set-cookie"] ?? ""), `${to}: the session cookie`).toMatch(/session_token=[^;]/);
      }
    });
  });
});

test.describe("abandoned uploads never lock a seller out (finding 4)", () => {
  test("ten unfinished uploads from yesterday do not stop a new photo", async ({ playwright }) => {
    await withNewSeller(playwright, async ({ seller, cookie, db }) => {
      const start = () =>
        rawRequest({ method: "POST", path: "/uploads", headers: { ...TUS, origin: BASE_URL, cookie, "upload-length": "1000" } });
      for (let i = 0; i < 10; i++) expect((await start()).status).toBe(201);
      // As if the tab was closed (or the server crashed) yesterday, short of the expiry sweep.
      await db.kysely
        .updateTable("photo_upload")
        .set({ created_at: Date.now() - 23 * 3600_000, last_active_at: Date.now() - 23 * 3600_000 })
        .where("owner_id", "=", seller.id)
        .execute();
      const next = await start();
      expect(next.status, next.body.toString("utf8")).toBe(201);
    });
  });

  test("an upload refused for a body larger than it declared is not left counting against the seller", async ({ playwright }) => {
    await withNewSeller(playwright, async ({ seller, cookie, db }) => {
      // A creation request carrying a first chunk larger than the Upload-Length it declares.
      const refused = await rawRequest({
        method: "POST",
        path: "/uploads",
        headers: { ...TUS, origin: BASE_URL, cookie, "upload-length": "100", "content-type": "application/offset+octet-stream" },
        body: Buffer.alloc(5000, 1),
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(refused.headers.location).toBeUndefined();
      const counted = await db.kysely.selectFrom("photo_upload").select("id").where("owner_id", "=", seller.id).execute();
      expect(counted, "uploads still counted against the seller").toEqual([]);
    });
  });
});
