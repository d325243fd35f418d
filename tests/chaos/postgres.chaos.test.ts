/**
 * Faults of PostgreSQL under a running app process: every connection terminated (57P01, what a
 * restart or failover sends), a table locked, a real restart of a cluster the test owns, and a
 * database that is not there yet at start. Each asserts: the process survives; answers during
 * the fault are 503 with Retry-After within their bound, never 500 and never a hang; it recovers
 * within seconds of the fault clearing; no acknowledged write is lost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askUntil, request, sleep, startAppProcess, type AppProcess } from "../support/app-process";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { clusterUnavailableReason, createCluster, type Cluster } from "./postgres-cluster";
import { createListing, expectServedOrUnavailable, expectUnavailable, newSellerSession } from "./people";

const STATEMENT_TIMEOUT_MS = 1_500;
const ACQUIRE_TIMEOUT_MS = 1_000;
/** What "about 5 s" means for these settings: the timeout and a margin for a busy machine. */
const ANSWER_BOUND_MS = 5_000;
const RECOVERY_MS = 5_000;
const timeouts = {
  DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
  DATABASE_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS),
};

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("PostgreSQL faults under a running app (TEST_DATABASE_URL)", () => {
  let database: TestDatabase;
  let app: AppProcess;
  let admin: pg.Client;
  let dataDir: string;
  let sellerCookie: string;
  const listingName = `Chaos Onion ${Date.now().toString(36)}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-chaos-pg-app-"));
    database = await createTestDatabase("postgres", dataDir);
    // Two pages rendered at once, a short line: the held lock below also saturates the server.
    // Pages stay cached a minute (unless something changes), so a test can count on a copy.
    app = await startAppProcess({
      port: 4346,
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        PAGE_CONCURRENCY: "2",
        PAGE_QUEUE_WAIT_MS: "200",
        PAGE_CACHE_MS: "60000",
        ...timeouts,
      },
    });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { cookie } = await newSellerSession(app, 1501);
    sellerCookie = cookie;
    const created = await createListing(app, cookie, listingName);
    expect(created.status, created.text).toBe(302);
  }, 90_000);

  afterAll(async () => {
    await admin?.end();
    await app?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const search = () => request(app, "GET", `/viewmore?q=${encodeURIComponent(listingName)}`, { timeoutMs: ANSWER_BOUND_MS });
  /** The same search by another address (a page number), so it is rendered, not served from the page cache. */
  let rendered = 0;
  const renderedSearch = () =>
    request(app, "GET", `/viewmore?q=${encodeURIComponent(listingName)}&page=${++rendered + 100}`, { timeoutMs: ANSWER_BOUND_MS });

  it("survives pg_terminate_backend on every connection (57P01) and answers again at once", async () => {
    // Several requests at once, so the pool holds several connections, idle by the time they are killed.
    const warm = await Promise.all(Array.from({ length: 6 }, () => search()));
    for (const reply of warm) expectServedOrUnavailable(reply);
    const { rows } = await admin.query<{ pid: number }>(
      "select pg_terminate_backend(pid), pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    expect(rows.length).toBeGreaterThan(0);
    await sleep(300);
    expect(app.alive(), app.output()).toBe(true);

    const during = await Promise.all(Array.from({ length: 4 }, () => search()));
    for (const reply of during) expectServedOrUnavailable(reply);
    const recovered = await askUntil(search, (reply) => reply.status === 200, RECOVERY_MS);
    expect(recovered.status, recovered.text.slice(0, 300)).toBe(200);
    expect(recovered.text).toContain(listingName);
    expect((await request(app, "GET", "/readyz", { timeoutMs: 3_000 })).status).toBe(200);
    expect(app.alive()).toBe(true);
  });

  it("answers 503 within the statement timeout while a table is locked, sheds the overflow at once, and stays ready", async () => {
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      expect((await search()).status).toBe(200);
      await locker.query("begin");
      await locker.query("lock table listing in access exclusive mode");
      // A page rendered before, with nothing changed since, is still served from the page cache.
      const cached = await search();
      expect(cached.status).toBe(200);
      expect(cached.headers.get("x-page-cache")).toBe("hit");
      expect(cached.text).toContain(listingName);
      // Anything that must be rendered waits for the lock, bounded.
      const replies = await Promise.all(Array.from({ length: 6 }, () => renderedSearch()));
      for (const reply of replies) {
        expectUnavailable(reply, ANSWER_BOUND_MS);
        expect(reply.text).toContain("Mandi cannot answer right now");
      }
      // Two were rendered and waited for the lock; the rest were shed from the line quickly.
      const shed = replies.filter((reply) => reply.ms < STATEMENT_TIMEOUT_MS);
      expect(shed.length, replies.map((r) => Math.round(r.ms)).join(", ")).toBeGreaterThanOrEqual(3);
      // A page change made by the browser's JavaScript (React Router's data request) too.
      const data = await request(app, "GET", `/viewmore.data?q=${encodeURIComponent(listingName)}`, { timeoutMs: ANSWER_BOUND_MS });
      expectUnavailable(data, ANSWER_BOUND_MS);
      // A locked table is not a reason to take the instance out of the balancer.
      const ready = await request(app, "GET", "/readyz", { timeoutMs: 3_000 });
      expect(ready.status, ready.text).toBe(200);
      expect((await request(app, "GET", "/healthz", { timeoutMs: 1_000 })).status).toBe(200);
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    const recovered = await askUntil(renderedSearch, (reply) => reply.status === 200, RECOVERY_MS);
    expect(recovered.status).toBe(200);
    expect(recovered.text).toContain(listingName);
    expect(app.output()).toContain("database unavailable: query took longer than the statement timeout");
  });

  // The pages added for prices, alerts and saved listings read their own tables: each must wait for
  // a lock no longer than the others do and answer 503 (the shared handler), then come back.
  it.each([
    { table: "price_point", path: "/prices/onion", signedIn: false },
    { table: "mandi_rate", path: "/api/mandi-rate?produce=onion&state=maharashtra&district=nashik", signedIn: false },
    {
      table: "price_point",
      path: "/api/price-insight?produce=onion&category=vegetables&state=maharashtra&district=nashik",
      signedIn: false,
    },
    { table: "saved_search", path: "/my/alerts", signedIn: true },
    { table: "saved_listing", path: "/my/saved", signedIn: true },
  ])("answers $path with 503 while $table is locked, then serves it again", async ({ table, path: pathname, signedIn }) => {
    const ask = () => request(app, "GET", pathname, { timeoutMs: ANSWER_BOUND_MS, headers: signedIn ? { cookie: sellerCookie } : {} });
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query(`lock table ${table} in access exclusive mode`);
      expectUnavailable(await ask(), ANSWER_BOUND_MS);
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    const recovered = await askUntil(ask, (reply) => reply.status === 200, RECOVERY_MS);
    expect(recovered.status, recovered.text.slice(0, 300)).toBe(200);
  });
});

const clusterProblem = clusterUnavailableReason();
if (clusterProblem) console.log(`Skipping the real PostgreSQL restart: ${clusterProblem}.`);

describe.skipIf(Boolean(clusterProblem))("a real PostgreSQL restart, on a cluster the test starts itself", () => {
  let cluster: Cluster;
  let dataDir: string;
  const apps: AppProcess[] = [];

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-chaos-restart-"));
    cluster = createCluster(55431);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.stop();
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops at once with one clear line when the database never answers", async () => {
    const app = await startAppProcess({
      port: 4347,
      env: { DATA_DIR: dataDir, DATABASE_URL: cluster.url, DATABASE_CONNECT_TIMEOUT_SECONDS: "2" },
      waitUntilReady: false,
    });
    apps.push(app);
    const code = await Promise.race([app.exited, sleep(20_000).then(() => "still running")]);
    expect(code, app.output()).toBe(1);
    const lastLine = app.output().trim().split("\n").at(-1)!;
    expect(lastLine).toMatch(
      /^Mandi cannot reach the database 127\.0\.0\.1:55431\/postgres \(ECONNREFUSED.*\)\. Check that PostgreSQL is running/,
    );
    expect(app.output()).not.toMatch(/\n\s+at /); // no stack trace
  }, 30_000);

  it("comes up when the database starts a little after it, survives a restart, and keeps what it acknowledged", async () => {
    const starting = startAppProcess({
      port: 4347,
      env: { DATA_DIR: dataDir, DATABASE_URL: cluster.url, DATABASE_CONNECT_TIMEOUT_SECONDS: "30", ...timeouts },
    });
    await sleep(1_500);
    cluster.start();
    const app = await starting;
    apps.push(app);
    const { cookie } = await newSellerSession(app, 1502);
    const name = `Restart Garlic ${Date.now().toString(36)}`;
    expect((await createListing(app, cookie, name)).status).toBe(302);
    const search = () => request(app, "GET", `/viewmore?q=${encodeURIComponent(name)}`, { timeoutMs: ANSWER_BOUND_MS });

    cluster.stop();
    await sleep(300);
    expect(app.alive(), app.output()).toBe(true);
    for (const path of [`/viewmore?q=${encodeURIComponent(name)}`, "/"]) {
      const reply = await request(app, "GET", path, { timeoutMs: ANSWER_BOUND_MS });
      expectUnavailable(reply, ANSWER_BOUND_MS);
    }
    const signIn = await request(app, "POST", "/api/auth/sign-in/email", {
      body: JSON.stringify({ email: "nobody@example.in", password: "whatever-it-is" }),
      headers: { "content-type": "application/json" },
      timeoutMs: ANSWER_BOUND_MS,
    });
    expectUnavailable(signIn, ANSWER_BOUND_MS);
    expect(JSON.parse(signIn.text)).toMatchObject({ error: "unavailable" });
    const notReady = await request(app, "GET", "/readyz", { timeoutMs: 3_000 });
    expectUnavailable(notReady, 3_000);

    cluster.start();
    const recovered = await askUntil(search, (reply) => reply.status === 200, RECOVERY_MS);
    expect(recovered.status, recovered.text.slice(0, 300)).toBe(200);
    expect(recovered.text).toContain(name);
    expect((await request(app, "GET", "/", { headers: { cookie } })).text).toContain("Test Seller 1502");
    expect(app.alive()).toBe(true);
  }, 90_000);
});
