/**
 * An operator stops Mandi (issue 27): SIGTERM to the production build, as `npm start` runs it,
 * while a request whose client has already hung up is still in the middle of its queries. The
 * process must wait for that work before it closes the database, then exit 0 with nothing
 * lost and no "closed database" error in its log; and when the work never ends, it must still
 * exit, within SHUTDOWN_GRACE_MS and a small margin, saying what was still running.
 *
 * The request is a sign-up (POST /signup, React Router's action, then better-auth): its first
 * write is the sign-up rate limit's row, then it hashes the password (on libuv's threads, a
 * wait of its own) and writes the user and the account. The test holds that first write with
 * a lock of its own: on PostgreSQL an ACCESS EXCLUSIVE lock on "rateLimit" in an open
 * transaction; on SQLite the write lock (BEGIN IMMEDIATE), under which better-sqlite3 waits, and
 * the whole process with it, for up to SQLITE_BUSY_TIMEOUT_MS. Then the client gives up, SIGTERM
 * comes, and the lock is released 300 ms later.
 *
 * The same for a job (PostgreSQL): the match-listing job of a new listing waits for a lock on
 * alert_match when SIGTERM comes. On main's build every case but "waits for the job" failed
 * (shutdown already waited for jobs, without a bound).
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProducePhoto, makeSeller, type SellerData } from "../../server/seed/factories";
import { freePort } from "../support/app-instance";
import { cookiesOf, request, sleep, startAppProcess, type AppProcess } from "../support/app-process";
import { createTestDatabase, testEngines, type TestDatabase, type TestEngine } from "../support/test-database";

/** How long the lock is still held after SIGTERM. */
const RELEASE_AFTER_MS = 300;
/** A short grace for the lock that is never released (SHUTDOWN_GRACE_MS). */
const SHORT_GRACE_MS = 2_000;
/** start-server.ts's bound on closing the database after the grace period. */
const CLOSE_BOUND_MS = 1_500;
/**
 * For a process exiting on a shared two-core machine. Measured (load average 2): exit 0.43–0.50 s
 * after SIGTERM when the lock is released after 300 ms; 3.5 s (grace 2 s, close bound 1.5 s) when
 * it is not. Each test took 2.1–4.7 s in all, the app's start included (2.2–7.2 s at load 5.7).
 */
const EXIT_MARGIN_MS = 2_000;

/** The lock on the database the app's first write waits for, held by the test's own connection. */
interface Lock {
  /** Resolves once the app is waiting for the lock. */
  appWaits(app: AppProcess): Promise<void>;
  release(): Promise<void>;
}

interface Engine {
  database: TestDatabase;
  lock(): Promise<Lock>;
  /** Accounts with a password for this email: 1 once the sign-up has written everything. */
  accountsOf(email: string): Promise<number>;
  close(): Promise<void>;
}

async function openEngine(engine: TestEngine, dataDir: string): Promise<Engine> {
  const database = await createTestDatabase(engine, dataDir);
  const accountsSql = `select count(*) as n from account a join "user" u on u."id" = a."userId" where u.email = $1 and a.password is not null`;
  if (engine === "postgres") {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    return {
      database,
      async lock() {
        const holder = new pg.Client({ connectionString: database.url });
        await holder.connect();
        await holder.query(`begin; lock table "rateLimit" in access exclusive mode`);
        return {
          async appWaits() {
            await until(async () => {
              const { rows } = await admin.query<{ n: string }>(
                "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
              );
              return Number(rows[0]?.n) > 0;
            }, 10_000);
          },
          async release() {
            await holder.query("commit");
            await holder.end();
          },
        };
      },
      async accountsOf(email) {
        const { rows } = await admin.query<{ n: string }>(accountsSql, [email]);
        return Number(rows[0]?.n);
      },
      async close() {
        await admin.end();
        await database.drop();
      },
    };
  }
  const file = database.url.slice("sqlite:".length);
  return {
    database,
    async lock() {
      const holder = new SQLite(file);
      holder.exec("BEGIN IMMEDIATE");
      return {
        // better-sqlite3 waits for the lock synchronously: the app answers nothing while it does.
        async appWaits(app) {
          await until(async () => !(await answers(app, "/healthz", 1_000)), 10_000);
        },
        async release() {
          holder.exec("COMMIT");
          holder.close();
        },
      };
    },
    async accountsOf(email) {
      const db = new SQLite(file, { readonly: true });
      try {
        return Number((db.prepare(accountsSql.replace("$1", "?")).get(email) as { n: number }).n);
      } finally {
        db.close();
      }
    },
    async close() {},
  };
}

describe.each(testEngines())("stopping on %s while a request whose client has gone is mid-query", (engineName) => {
  let dataDir: string;
  let engine: Engine;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-shutdown-"));
    engine = await openEngine(engineName, dataDir);
  });

  afterAll(async () => {
    for (const app of apps) await app.stop();
    await engine?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}): Promise<AppProcess> {
    const app = await startAppProcess({
      port: await freePort(),
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: engine.database.url,
        // The lock, not a timeout, decides how long the write waits.
        DATABASE_STATEMENT_TIMEOUT_MS: "30000",
        SQLITE_BUSY_TIMEOUT_MS: "20000",
        // No job looks for work meanwhile (on SQLite its write would wait for the lock too).
        JOB_POLL_MS: "60000",
        ...env,
      },
    });
    apps.push(app);
    return app;
  }

  /** The sign-up form, sent and then given up on (`abort`: its connection closed), as a person closing the tab would. */
  function signUpThenLeave(app: AppProcess, seller: SellerData) {
    const body = new URLSearchParams({ name: seller.name, email: seller.email, phone: seller.phone, password: seller.password }).toString();
    const sent = http.request(`${app.url}/signup`, {
      method: "POST",
      agent: false,
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
    });
    sent.on("error", () => {});
    sent.end(body);
    return { abort: () => sent.destroy() };
  }

  it("waits for the request's queries, then closes the database and exits 0, with the sign-up written", async () => {
    const app = await start();
    const seller = makeSeller(2701);
    const lock = await engine.lock();
    let stoppedAt = 0;
    try {
      const signUp = signUpThenLeave(app, seller);
      await lock.appWaits(app);
      signUp.abort();
      stoppedAt = performance.now();
      app.child.kill("SIGTERM");
      await sleep(RELEASE_AFTER_MS);
    } finally {
      await lock.release();
    }
    const code = await withinMs(app.exited, 15_000);
    const tookMs = performance.now() - stoppedAt;
    const log = app.output();
    expect(code, log).toBe(0);
    // It ended because the work did, not because the grace period (10 s) ran out.
    expect(log).not.toMatch(/still running after the grace period/);
    expect(tookMs).toBeLessThan(10_000);
    // No query met a closed database, nor anything else went wrong on the way out.
    expect(log).not.toMatch(/destroyed|not open|closed database/i);
    expect(errorLines(log), log).toEqual([]);
    expect(await engine.accountsOf(seller.email)).toBe(1);
  }, 20_000);

  // PostgreSQL only: on SQLite a write waiting for the lock holds the whole process (better-sqlite3
  // waits synchronously) for SQLITE_BUSY_TIMEOUT_MS and then fails as a 503, which the chaos
  // suite's held write lock covers; there is no "never" to bound.
  it.skipIf(engineName === "sqlite")(
    "still exits within the grace period and a margin when the lock is never released, naming what was running",
    async () => {
      const app = await start({ SHUTDOWN_GRACE_MS: String(SHORT_GRACE_MS) });
      const lock = await engine.lock();
      try {
        const signUp = signUpThenLeave(app, makeSeller(2702));
        await lock.appWaits(app);
        signUp.abort();
        const stoppedAt = performance.now();
        app.child.kill("SIGTERM");
        const code = await withinMs(app.exited, SHORT_GRACE_MS + CLOSE_BOUND_MS + EXIT_MARGIN_MS);
        const tookMs = performance.now() - stoppedAt;
        const log = app.output();
        expect(tookMs).toBeGreaterThanOrEqual(SHORT_GRACE_MS);
        // The action React Router let go of when its client left is what was still running.
        expect(log).toMatch(/still running after the grace period: 1 request handler\(s\), loader\(s\) or action\(s\); closing anyway/);
        // Its connection is still in use, waiting for the lock: the pool cannot close, and says so.
        expect(log).toMatch(/the database did not close within/);
        expect(code).toBe(1);
      } finally {
        await lock.release();
      }
    },
    20_000,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("stopping on postgres while a job is mid-run", () => {
  let dataDir: string;
  let database: TestDatabase;
  let admin: pg.Client;
  let sellerCookie = "";
  const apps: AppProcess[] = [];

  const start = async (env: Record<string, string> = {}) => {
    const app = await startAppProcess({
      port: await freePort(),
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url, DATABASE_STATEMENT_TIMEOUT_MS: "30000", JOB_POLL_MS: "100", ...env },
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-shutdown-jobs-"));
    database = await createTestDatabase("postgres", dataDir);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    // A buyer's saved search, which every onion listed below matches (the match-listing job).
    const app = await start();
    const signUpAndIn = async (person: SellerData) => {
      const body = JSON.stringify({ name: person.name, email: person.email, password: person.password, phone: `+91${person.phone}` });
      expect(
        (await request(app, "POST", "/api/auth/sign-up/email", { body, headers: { "content-type": "application/json" } })).status,
      ).toBe(200);
      const signIn = await request(app, "POST", "/login", { form: { email: person.email, password: person.password } });
      expect(signIn.status).toBe(302);
      return cookiesOf(signIn);
    };
    const buyerCookie = await signUpAndIn(makeSeller(2711));
    sellerCookie = await signUpAndIn(makeSeller(2712));
    const saved = await request(app, "POST", "/my/alerts/new", {
      form: { q: "onion", state: "maharashtra" },
      headers: { cookie: buyerCookie },
    });
    expect(saved.status).toBe(302);
    app.child.kill("SIGTERM");
    expect(await app.exited).toBe(0);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.stop();
    await admin?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Lists an onion with the matching job held by a lock on alert_match; resolves once the job waits on it. */
  async function listWhileMatchingWaits(app: AppProcess, name: string) {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query("begin; lock table alert_match in exclusive mode");
    const form = new FormData();
    for (const [field, value] of Object.entries({
      name,
      category: "vegetables",
      price: "22",
      description: "Listed as the server stops",
      state: "maharashtra",
      district: "nashik",
    }))
      form.set(field, value);
    form.set(
      "image",
      new Blob([new Uint8Array(await makeProducePhoto("vegetables", 7, { width: 400, height: 300 }))], { type: "image/jpeg" }),
      "onion.jpg",
    );
    const created = await request(app, "POST", "/create", { body: form, headers: { cookie: sellerCookie }, timeoutMs: 15_000 });
    expect(created.status, created.text.slice(0, 300)).toBe(302);
    await until(async () => {
      const { rows } = await admin.query(
        "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%alert_match%'",
      );
      return rows.length > 0;
    }, 10_000);
    const listingId = (await admin.query<{ id: string }>("select id from listing where name = $1", [name])).rows[0]!.id;
    return {
      listingId,
      release: async () => {
        await holder.query("commit");
        await holder.end();
      },
    };
  }

  it("waits for the job, then exits 0 with its match recorded", async () => {
    const app = await start();
    const { listingId, release } = await listWhileMatchingWaits(app, "Shutdown Onion One");
    try {
      app.child.kill("SIGTERM");
      await sleep(RELEASE_AFTER_MS);
    } finally {
      await release();
    }
    const code = await withinMs(app.exited, 10_000);
    const log = app.output();
    expect(code, log).toBe(0);
    expect(log).not.toMatch(/still running after the grace period/);
    expect(errorLines(log), log).toEqual([]);
    expect((await admin.query("select 1 from alert_match where listing_id = $1", [listingId])).rows).toHaveLength(1);
  }, 30_000);

  it("still exits within the grace period and a margin when the job never ends, saying a job was running", async () => {
    const app = await start({ SHUTDOWN_GRACE_MS: String(SHORT_GRACE_MS) });
    const { release } = await listWhileMatchingWaits(app, "Shutdown Onion Two");
    try {
      const stoppedAt = performance.now();
      app.child.kill("SIGTERM");
      await withinMs(app.exited, SHORT_GRACE_MS + CLOSE_BOUND_MS + EXIT_MARGIN_MS);
      expect(performance.now() - stoppedAt).toBeGreaterThanOrEqual(SHORT_GRACE_MS);
      expect(app.output()).toMatch(/still running after the grace period: a job; closing anyway/);
    } finally {
      await release();
    }
  }, 30_000);
});

/** Whether `pathname` answers within `ms`, on a connection of its own that is closed either way. */
function answers(app: AppProcess, pathname: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const asked = http.get(`${app.url}${pathname}`, { agent: false }, (reply) => {
      reply.resume();
      resolve(reply.statusCode === 200);
      asked.destroy();
    });
    asked.setTimeout(ms, () => {
      resolve(false);
      asked.destroy();
    });
    asked.on("error", () => resolve(false));
  });
}

/** The log's lines at level error or fatal (pino's 50 and 60). */
function errorLines(log: string): string[] {
  return log.split("\n").filter((line) => /"level":(50|60)/.test(line));
}

async function until(condition: () => Promise<boolean>, withinTime: number): Promise<void> {
  const deadline = Date.now() + withinTime;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not so within ${withinTime} ms`);
    await sleep(50);
  }
}

/** `promise`'s value, or a failure naming the bound when it takes longer. */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
