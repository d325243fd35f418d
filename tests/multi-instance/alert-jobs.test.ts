/**
 * Alert jobs on two instances sharing one PostgreSQL (decision 028): pg-boss shares the work, so
 * a listing matching a saved search is matched once, by one instance; and an instance killed
 * (SIGKILL) in the middle of the job leaves it to the other, which finishes it once its lease
 * runs out, with nothing done twice (alert_match's marks). Needs the production build and
 * TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { cookiesOf, request, sleep, type Reply } from "../support/app-process";
import { freePort, startAppInstance, type AppInstance } from "../support/app-instance";

/** Short, so the killed instance's job is taken up again within seconds. */
const LEASE_SECONDS = 3;

let database: TestDatabase;
let s3: S3TestServer;
let admin: pg.Client;
const instances: Record<"a" | "b", AppInstance> = {} as Record<"a" | "b", AppInstance>;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must point at PostgreSQL for the alert jobs test");
  database = await createTestDatabase("postgres", mkdtempSync(path.join(tmpdir(), "mandi-jobs-two-")));
  s3 = await startS3Server({ port: await freePort() });
  // Each instance names its connections, so the test can tell whose query waits on a lock.
  const start = async (name: string) => {
    const port = await freePort();
    return startAppInstance({
      port,
      env: {
        BASE_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: `${database.url}?application_name=${name}`,
        AUTH_SECRET: "alert-jobs-share-this-secret-0123456789",
        AUTH_SIGNIN_PER_MINUTE: "1000",
        AUTH_SIGNUP_PER_MINUTE: "1000",
        JOB_POLL_MS: "100",
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
        ...s3.env,
      },
    });
  };
  [instances.a, instances.b] = await Promise.all([start("mandi-a"), start("mandi-b")]);
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
}, 120_000);

afterAll(async () => {
  await admin?.end();
  for (const instance of Object.values(instances)) {
    if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill("SIGKILL");
    await instance.exited;
    rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await s3?.stop();
  await database?.drop();
});

describe("alert jobs on two instances (pg-boss)", () => {
  const buyer = makeSeller(7101);
  const seller = makeSeller(7102);
  let sellerCookie = "";
  let savedSearchId = "";

  async function signUpAndIn(instance: AppInstance, person: ReturnType<typeof makeSeller>): Promise<string> {
    const body = JSON.stringify({ name: person.name, email: person.email, password: person.password, phone: `+91${person.phone}` });
    expect(
      (await request(instance, "POST", "/api/auth/sign-up/email", { body, headers: { "content-type": "application/json" } })).status,
    ).toBe(200);
    const signIn = await request(instance, "POST", "/login", { form: { email: person.email, password: person.password } });
    expect(signIn.status, signIn.text.slice(0, 300)).toBe(302);
    return cookiesOf(signIn);
  }

  async function postListing(instance: AppInstance, name: string): Promise<string> {
    const form = new FormData();
    for (const [field, value] of Object.entries({
      name,
      category: "vegetables",
      price: "22",
      description: "For the alert jobs test",
      state: "maharashtra",
      district: "nashik",
    }))
      form.set(field, value);
    form.set(
      "image",
      new Blob([new Uint8Array(await makeProducePhoto("vegetables", 7, { width: 400, height: 300 }))], { type: "image/jpeg" }),
      "onion.jpg",
    );
    const created: Reply = await request(instance, "POST", "/create", { body: form, headers: { cookie: sellerCookie }, timeoutMs: 20_000 });
    expect(created.status, created.text.slice(0, 300)).toBe(302);
    const { rows } = await admin.query<{ id: string }>("select id from listing where name = $1", [name]);
    expect(rows).toHaveLength(1);
    return rows[0]!.id;
  }

  const matchesOf = async (listingId: string) =>
    (await admin.query("select id from alert_match where listing_id = $1", [listingId])).rows.length;
  const matchJobsOf = async (listingId: string) =>
    (
      await admin.query<{ state: string; retry_count: number }>(
        "select state, retry_count from pgboss.job where name = 'match-listing' and data->'payload'->>'listingId' = $1",
        [listingId],
      )
    ).rows;

  async function until(what: string, check: () => Promise<boolean>, withinMs: number): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
      await sleep(100);
    }
  }

  beforeAll(async () => {
    const buyerCookie = await signUpAndIn(instances.a, buyer);
    sellerCookie = await signUpAndIn(instances.b, seller);
    const saved = await request(instances.a, "POST", "/my/alerts/new", {
      form: { q: "onion", state: "maharashtra" },
      headers: { cookie: buyerCookie },
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    savedSearchId = (await admin.query<{ id: string }>("select id from saved_search")).rows[0]!.id;
  }, 60_000);

  it("a matching listing is matched once, by one instance: one alert_match row, one job run", async () => {
    const listingId = await postListing(instances.b, "Jobs Test Onion One");
    await until("the listing is matched", async () => (await matchesOf(listingId)) > 0, 15_000);
    await sleep(1_000); // a second run, had there been one, would have shown by now
    expect(await matchesOf(listingId)).toBe(1);
    expect(
      (await admin.query("select id from alert_match where saved_search_id = $1 and listing_id = $2", [savedSearchId, listingId])).rows,
    ).toHaveLength(1);
    expect(await matchJobsOf(listingId)).toEqual([{ state: "completed", retry_count: 0 }]);
  });

  it("an instance killed in the middle of the job leaves it to the other, which finishes it once", async () => {
    // Matching waits on this lock, so the instance that took the job is in the middle of it.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    let victim: "a" | "b" | undefined;
    let listingId = "";
    try {
      await locker.query("begin");
      await locker.query("lock table alert_match in exclusive mode");
      listingId = await postListing(instances.a, "Jobs Test Onion Two");
      await until(
        "an instance waits on the lock in the middle of the job",
        async () => {
          const { rows } = await admin.query<{ application_name: string }>(
            "select application_name from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%alert_match%'",
          );
          const names = new Set(rows.map((row) => row.application_name));
          victim = names.has("mandi-a") ? "a" : names.has("mandi-b") ? "b" : undefined;
          return victim !== undefined;
        },
        15_000,
      );
      expect((await matchJobsOf(listingId)).map((job) => job.state)).toEqual(["active"]);
      instances[victim!].process.kill("SIGKILL");
      await instances[victim!].exited;
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    const survivor = instances[victim === "a" ? "b" : "a"];
    expect(survivor.process.exitCode).toBeNull();
    // The lease runs out, pg-boss's maintenance on the survivor fails the job over, and it runs there.
    await until(
      "the survivor finishes the job",
      async () => (await matchJobsOf(listingId))[0]?.state === "completed",
      (LEASE_SECONDS + 15) * 1000,
    );
    await sleep(500);
    expect(await matchesOf(listingId)).toBe(1);
    const [job] = await matchJobsOf(listingId);
    // Taken twice (the killed attempt counts), its work done once.
    expect(job).toEqual({ state: "completed", retry_count: 1 });
    // The survivor still serves.
    expect((await request(survivor, "GET", "/healthz")).status).toBe(200);
  }, 60_000);
});
