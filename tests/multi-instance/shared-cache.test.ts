/**
 * Behind a shared cache: a real nginx with proxy_cache in front of two production instances.
 * nginx is set up as CDNs often are, keeping for 10 minutes whatever does not say otherwise,
 * keyed on the address alone. The app's Cache-Control must keep every signed-in page out of it,
 * while anonymous browse pages are served from it. On PostgreSQL when TEST_DATABASE_URL is set,
 * else both instances share one SQLite data folder. Needs the production build and nginx
 * (`apt-get install -y nginx`; NGINX_PATH to use another).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSeller } from "../../server/seed/factories";
import { freePort, startAppInstance, type AppInstance } from "../support/app-instance";
import { startNginx, type Nginx } from "../support/nginx";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let scratch: string;
let database: TestDatabase;
let nginx: Nginx | undefined;
let proxy: string;
const instances: AppInstance[] = [];

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "mandi-shared-cache-"));
  database = await createTestDatabase(process.env.TEST_DATABASE_URL ? "postgres" : "sqlite", scratch);
  const proxyPort = await freePort();
  proxy = `http://127.0.0.1:${proxyPort}`;
  const env = {
    DATABASE_URL: database.url,
    BASE_URL: proxy,
    AUTH_SECRET: "shared-cache-instances-share-this-secret-0123",
    AUTH_SIGNUP_PER_MINUTE: "100",
    AUTH_SIGNIN_PER_MINUTE: "100",
    // What this suite checks is who is shown a shared copy, not how long it lasts: a minute keeps
    // a HIT a HIT however slowly the machine runs (nginx counts whole seconds).
    SHARED_CACHE_SECONDS: "60",
  };
  // One after the other: the first applies the migrations to the shared database.
  for (let i = 0; i < 2; i++) instances.push(await startAppInstance({ env, dataDir: path.join(scratch, "data") }));
  const dir = path.join(scratch, "nginx");
  nginx = await startNginx({
    dir,
    listenPort: proxyPort,
    upstreams: instances.map((i) => new URL(i.url).host),
    http: `proxy_cache_path ${dir}/cache keys_zone=mandi:1m max_size=50m inactive=10m use_temp_path=off;`,
    location: `
          proxy_pass http://mandi;
          proxy_http_version 1.1;
          proxy_set_header Host $http_host;
          proxy_set_header X-Forwarded-For $remote_addr;
          proxy_cache mandi;
          # What the origin does not say, keep for 10 minutes: the lax default the app must defend against.
          proxy_cache_valid 200 301 302 404 10m;
          add_header X-Cache-Status $upstream_cache_status always;
          add_header X-Upstream $upstream_addr always;`,
  });
}, 120_000);

afterAll(async () => {
  nginx?.process.kill("SIGTERM");
  for (const instance of instances) instance.process.kill("SIGTERM");
  await Promise.race([
    Promise.all([nginx?.exited, ...instances.map((i) => i.exited)]),
    new Promise((resolve) => setTimeout(resolve, 10_000)),
  ]);
  for (const child of [nginx?.process, ...instances.map((i) => i.process)]) if (child?.exitCode === null) child.kill("SIGKILL");
  await database?.drop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

interface Answer {
  status: number;
  cacheStatus: string;
  upstream: string;
  cacheControl: string;
  text: string;
}

async function get(pathname: string, cookie?: string, acceptLanguage?: string): Promise<Answer> {
  const headers = { ...(cookie ? { cookie } : {}), ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}) };
  const response = await fetch(`${proxy}${pathname}`, { headers, redirect: "manual", signal: AbortSignal.timeout(15_000) });
  return {
    status: response.status,
    cacheStatus: response.headers.get("x-cache-status") ?? "",
    upstream: response.headers.get("x-upstream") ?? "",
    cacheControl: response.headers.get("cache-control") ?? "",
    text: await response.text(),
  };
}

/** Signs a new seller up and in through the cache, as a browser would; returns the session cookie. */
async function signedInSeller(n: number) {
  const seller = makeSeller(n);
  const origin = { origin: proxy };
  const signUp = await fetch(`${proxy}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { ...origin, "content-type": "application/json" },
    body: JSON.stringify({ name: seller.name, email: seller.email, password: seller.password, phone: `+91${seller.phone}` }),
    signal: AbortSignal.timeout(15_000),
  });
  expect(signUp.status, await signUp.text()).toBe(200);
  const signIn = await fetch(`${proxy}/login`, {
    method: "POST",
    headers: { ...origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: seller.email, password: seller.password }),
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  expect(signIn.status).toBe(302);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).toContain("session_token");
  return { name: seller.name, cookie };
}

describe("nginx proxy_cache in front of two instances", () => {
  let first: { name: string; cookie: string };
  let second: { name: string; cookie: string };

  beforeAll(async () => {
    first = await signedInSeller(5101);
    second = await signedInSeller(5102);
  });

  it("never stores a signed-in page, so no one else is shown it", async () => {
    for (const pathname of ["/create", "/?for=signed-in", "/no-such-page"]) {
      const mine = [];
      for (let i = 0; i < 3; i++) mine.push(await get(pathname, first.cookie));
      const someoneElse = await get(pathname, second.cookie);
      const anonymous = await get(pathname);
      expect(someoneElse.text, pathname).not.toContain(first.name);
      expect(someoneElse.text, pathname).toContain(second.name);
      expect(anonymous.text, pathname).not.toContain(first.name);
      expect(anonymous.text, pathname).not.toContain(second.name);
      for (const [i, answer] of [...mine, someoneElse, anonymous].entries())
        expect(answer.cacheStatus, `${pathname} #${i}`).not.toBe("HIT");
      for (const answer of mine) {
        expect(answer.text, pathname).toContain(first.name);
        expect(answer.cacheControl, pathname).toBe("private, no-store");
      }
    }
  });

  it("serves an anonymous page from the cache, whichever instance rendered it", async () => {
    const pathname = `/?cached=${Date.now().toString(36)}`;
    const fresh = await get(pathname);
    expect(fresh.status).toBe(200);
    expect(fresh.cacheStatus).toBe("MISS");
    expect(fresh.cacheControl).toMatch(/^public, .*s-maxage=60/);
    const again = await get(pathname);
    expect(again.cacheStatus).toBe("HIT");
    expect(again.text).toBe(fresh.text);
  });

  it("does not hand the cached anonymous page to a signed-in person", async () => {
    const pathname = `/?shared-then-mine=${Date.now().toString(36)}`;
    await get(pathname);
    expect((await get(pathname)).cacheStatus).toBe("HIT");
    const mine = await get(pathname, first.cookie);
    expect(mine.cacheStatus).not.toBe("HIT");
    expect(mine.text).toContain(first.name);
    // And what the signed-in person was shown did not replace the shared copy.
    const anonymous = await get(pathname);
    expect(anonymous.cacheStatus).toBe("HIT");
    expect(anonymous.text).not.toContain(first.name);
  });

  it("keeps a copy per language: a Hindi reader is never handed the cached English page, nor the reverse", async () => {
    const pathname = `/?languages=${Date.now().toString(36)}`;
    const english = await get(pathname, undefined, "en-IN,en;q=0.9");
    expect(english.text).toContain('<html lang="en-IN"');
    expect((await get(pathname, undefined, "en-IN,en;q=0.9")).cacheStatus).toBe("HIT");
    const hindi = await get(pathname, undefined, "hi-IN,hi;q=0.9");
    expect(hindi.cacheStatus).not.toBe("HIT");
    expect(hindi.text).toContain('<html lang="hi-IN"');
    const hindiAgain = await get(pathname, undefined, "hi-IN,hi;q=0.9");
    expect(hindiAgain.cacheStatus).toBe("HIT");
    expect(hindiAgain.text).toContain('<html lang="hi-IN"');
    const englishAgain = await get(pathname, undefined, "en-IN,en;q=0.9");
    expect(englishAgain.cacheStatus).toBe("HIT");
    expect(englishAgain.text).toContain('<html lang="en-IN"');
  });

  it("spreads requests over both instances", async () => {
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i++) upstreams.add((await get("/healthz")).upstream);
    expect(upstreams.size).toBe(2);
  });
});

/**
 * The public read API (decision 032) reads no cookie, so its answers are public and shared: a
 * signed-in person's request must get exactly the anonymous answer (and may be handed the cached
 * one), no answer may set a cookie or vary on one, and an ETag one instance gave is one the other
 * answers 304 to, since both make the same bytes.
 */
describe("the public API behind the cache, on two instances", () => {
  let person: { name: string; cookie: string };
  const PATHS = [
    "/api/v1/listings?category=vegetables&sort=price-asc",
    "/api/v1/states/maharashtra",
    "/api/v1/mandi-rates?produce=onion",
    "/api/v1/produce?lang=hi",
  ];

  beforeAll(async () => {
    person = await signedInSeller(5103);
  });

  async function apiGet(base: string, pathname: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${pathname}`, { headers, redirect: "manual", signal: AbortSignal.timeout(15_000) });
    return { status: response.status, headers: response.headers, setCookie: response.headers.getSetCookie(), text: await response.text() };
  }

  it("gives a signed-in request the anonymous answer, from the cache too, with no cookie set and no Vary on one", async () => {
    for (const pathname of PATHS) {
      // Signed in first: had it depended on the session, the cache would now hold that person's answer.
      const signedIn = await apiGet(proxy, pathname, { cookie: person.cookie });
      const anonymous = await apiGet(proxy, pathname);
      expect(signedIn.status, pathname).toBe(200);
      expect(anonymous.headers.get("x-cache-status"), pathname).toBe("HIT");
      expect(anonymous.text, pathname).toBe(signedIn.text);
      expect(signedIn.text, pathname).not.toContain(person.name);
      for (const answer of [signedIn, anonymous]) {
        expect(answer.setCookie, pathname).toEqual([]);
        expect(answer.headers.get("vary") ?? "", pathname).not.toMatch(/cookie|authorization|\*/i);
        expect(answer.headers.get("cache-control"), pathname).toBe("public, max-age=0, s-maxage=60");
        expect(answer.headers.get("access-control-allow-credentials"), pathname).toBeNull();
      }
    }
  });

  it("keeps the API's copies per language: a Hindi request is never handed the cached English answer", async () => {
    const pathname = "/api/v1/states/karnataka";
    const english = await apiGet(proxy, pathname, { "accept-language": "en-IN,en;q=0.9" });
    expect(english.text).toContain('"Karnataka"');
    const hindi = await apiGet(proxy, pathname, { "accept-language": "hi-IN,hi;q=0.9", cookie: person.cookie });
    expect(hindi.headers.get("x-cache-status")).not.toBe("HIT");
    expect(hindi.headers.get("content-language")).toBe("hi-IN");
    expect(hindi.text).toContain("कर्नाटक");
  });

  it("answers 304 on one instance to the ETag the other gave, signed in or not, and the same bytes either way", async () => {
    const [one, two] = instances;
    for (const pathname of PATHS) {
      const fromOne = await apiGet(one!.url, pathname);
      const fromTwo = await apiGet(two!.url, pathname, { cookie: person.cookie });
      expect(fromTwo.text, pathname).toBe(fromOne.text);
      const etag = fromOne.headers.get("etag");
      expect(etag, pathname).toMatch(/^W\/"[\w-]+"$/);
      expect(fromTwo.headers.get("etag"), pathname).toBe(etag);
      const revalidated = await apiGet(two!.url, pathname, { "if-none-match": etag!, cookie: person.cookie });
      expect(revalidated.status, pathname).toBe(304);
      expect(revalidated.text, pathname).toBe("");
      expect(revalidated.setCookie, pathname).toEqual([]);
      expect((await apiGet(one!.url, pathname, { "if-none-match": fromTwo.headers.get("etag")! })).status, pathname).toBe(304);
    }
  });
});
