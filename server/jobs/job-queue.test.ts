/**
 * One behavioural suite for every job driver (decision 028): our own table on SQLite and on
 * PostgreSQL, and pg-boss on PostgreSQL, each on a fresh real database. A key is one job; a
 * failing handler retries with the backoff, then is kept as failed; retry() queues it again; a
 * person's jobs go with their account; two queues on one database run each of 50 jobs once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, type Db } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { createLogger } from "../logger";
import { registry } from "../metrics/metrics";
import { createTestDatabase, testEngines, type TestDatabase, type TestEngine } from "../../tests/support/test-database";
import { defineJob } from "./define-job";
import { MAX_JOB_ATTEMPTS, type JobQueue } from "./job-queue";
import { createPgBossQueue } from "./pg-boss-queue";
import { createSqlJobQueue } from "./sql-job-queue";

type Driver = "sql" | "pg-boss";
const cases: Array<{ engine: TestEngine; driver: Driver }> = [
  ...testEngines().map((engine) => ({ engine, driver: "sql" as const })),
  ...(testEngines().includes("postgres") ? [{ engine: "postgres" as const, driver: "pg-boss" as const }] : []),
];

const logger = createLogger("silent");

/** A job of `kind` whose payload is `{ n }`, handed to the callback it is registered with. */
const numbered = (kind: string) =>
  defineJob({ kind, payload: z.object({ n: z.number() }), handle: async ({ n }, ran: (n: number) => void) => ran(n) });

const timeouts = { statementMs: 5_000, acquireMs: 2_000, sqliteBusyMs: 5_000 };

describe.each(cases)("the job queue: $driver on $engine", ({ engine, driver }) => {
  let dataDir: string;
  let database: TestDatabase;
  const opened: Db[] = [];
  const queues: JobQueue[] = [];
  const failures: number[] = [];

  /** A queue as the app makes one, with no wait before a retry (the backoff's input is recorded). */
  function makeQueue(options: { pollMs?: number; rowsPerStatement?: number } = {}): { queue: JobQueue; db: Db } {
    const db = openDatabase(database.url, { poolSize: 4, timeouts });
    opened.push(db);
    const backoff = (n: number) => (failures.push(n), 0);
    const pollMs = options.pollMs ?? 50;
    const queue =
      driver === "pg-boss"
        ? createPgBossQueue({
            connectionString: database.url,
            db: db.kysely,
            logger,
            pollMs,
            timeouts,
            backoff,
            jobsPerInsert: options.rowsPerStatement,
          })
        : createSqlJobQueue({ db: db.kysely, logger, pollMs, backoff, rowsPerStatement: options.rowsPerStatement });
    queues.push(queue);
    return { queue, db };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-jobs-"));
    database = await createTestDatabase(engine, dataDir);
    const setup = openDatabase(database.url, { poolSize: 2 });
    await migrateToLatest(setup);
    await setup.close();
  }, 60_000);

  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    for (const db of opened) await db.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("makes one job of a key, however often it is enqueued, also once it has run", async () => {
    const { queue } = makeQueue();
    const ran: unknown[] = [];
    const count = numbered("count");
    queue.handle(count, (n) => void ran.push(n));
    await queue.enqueue(count, { n: 1 }, { key: "count:a" });
    await queue.enqueue(count, { n: 2 }, { key: "count:a" });
    await queue.enqueue(count, { n: 3 }, { key: "count:b" });
    expect(await queue.runDue()).toBe(2);
    expect(ran.sort()).toEqual([1, 3]);
    await queue.enqueue(count, { n: 4 }, { key: "count:a" });
    expect(await queue.runDue()).toBe(0);
    expect(ran).toHaveLength(2);
  });

  it("enqueues many jobs of a kind at once, each key once, beside keys already queued or run", async () => {
    const { queue } = makeQueue();
    const ran: number[] = [];
    const many = numbered("many");
    queue.handle(many, (n) => void ran.push(n));
    await queue.enqueue(many, { n: 0 }, { key: "many:0" });
    expect(await queue.runDue()).toBe(1);
    await queue.enqueue(many, { n: 1 }, { key: "many:1" });
    // 1,200 jobs: more than one statement's worth; keys 0 and 1 exist, and 5 is given twice.
    const jobs = Array.from({ length: 1_200 }, (_, n) => ({ payload: { n: n + 100 }, options: { key: `many:${n}`, userId: `u${n % 3}` } }));
    await queue.enqueueMany(many, [...jobs, { payload: { n: -5 }, options: { key: "many:5" } }]);
    await queue.enqueueMany(many, []);
    expect(await queue.runDue()).toBe(1_199);
    expect(ran).toHaveLength(1_200);
    expect(ran).toContain(1);
    expect(ran).not.toContain(100);
    expect(ran).not.toContain(101);
    expect(ran).not.toContain(-5);
  }, 60_000);

  it("enqueues many jobs inside a transaction, three to a statement: a rollback queues none, a commit each once", async () => {
    const { queue, db } = makeQueue({ rowsPerStatement: 3 });
    const ran: number[] = [];
    const within = numbered("within");
    queue.handle(within, (n) => void ran.push(n));
    const jobs = Array.from({ length: 8 }, (_, n) => ({ payload: { n }, options: { key: `within:${n}` } }));
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await queue.enqueueMany(within, jobs, trx);
        throw new Error("killed half-way");
      }),
    ).rejects.toThrow("killed half-way");
    expect(await queue.runDue()).toBe(0);
    await db.kysely.transaction().execute(async (trx) => {
      await queue.enqueueMany(within, jobs, trx);
      // Again in the same transaction, with one more: each key is still one job.
      await queue.enqueueMany(within, [...jobs, { payload: { n: 8 }, options: { key: "within:8" } }], trx);
    });
    expect(await queue.runDue()).toBe(9);
    expect(ran.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("waits for runAt", async () => {
    const { queue } = makeQueue();
    const ran: string[] = [];
    const later = defineJob({ kind: "later", payload: z.object({}), handle: async () => void ran.push("later") });
    queue.handle(later);
    await queue.enqueue(later, {}, { key: "later:1", runAt: Date.now() + 3_600_000 });
    expect(await queue.runDue()).toBe(0);
    expect((await queue.stats()).queued).toBe(1);
  });

  it("retries a failing handler with the backoff, then keeps it as failed; retry() runs it again", async () => {
    const { queue } = makeQueue();
    // Its own kind in each case: the metrics are the process's.
    const kind = `flaky-${driver}-${engine}`;
    let broken = true;
    let calls = 0;
    const flaky = defineJob({
      kind,
      payload: z.object({ to: z.string() }),
      handle: async () => {
        calls++;
        if (broken) throw new Error("SMTP is down <script>");
      },
    });
    queue.handle(flaky);
    failures.length = 0;
    await queue.enqueue(flaky, { to: "someone" }, { key: "flaky:1" });
    for (let i = 0; i < MAX_JOB_ATTEMPTS && (await queue.listFailed(10)).length === 0; i++) await queue.runDue();
    expect(calls).toBe(MAX_JOB_ATTEMPTS);
    // One wait after each failure that leaves an attempt: 1, 2, … 5.
    expect(failures).toEqual(Array.from({ length: MAX_JOB_ATTEMPTS - 1 }, (_, i) => i + 1));
    const [failed] = await queue.listFailed(10);
    expect(failed).toMatchObject({ kind, key: "flaky:1", attempts: MAX_JOB_ATTEMPTS, lastError: "SMTP is down <script>" });
    expect(failed!.failedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(await queue.runDue()).toBe(0);
    expect((await queue.stats()).failed).toBe(1);
    const metrics = await registry.getSingleMetricAsString("mandi_jobs_total");
    expect(metrics).toContain(`mandi_jobs_total{kind="${kind}",outcome="retry"} 5`);
    expect(metrics).toContain(`mandi_jobs_total{kind="${kind}",outcome="failed"} 1`);

    broken = false;
    expect(await queue.retry(failed!.id)).toBe(true);
    expect(await queue.retry(failed!.id)).toBe(false);
    expect(await queue.retry("not-a-job")).toBe(false);
    expect(await queue.retry(`${kind}/------------------------------------`)).toBe(false);
    expect(await queue.runDue()).toBe(1);
    expect(calls).toBe(MAX_JOB_ATTEMPTS + 1);
    expect(await queue.listFailed(10)).toEqual([]);
    expect((await queue.stats()).failed).toBe(0);
  });

  it("parses each payload with its kind's schema before the handler: one that does not fit fails as a thrown error does", async () => {
    const { queue } = makeQueue();
    const kind = `strict-${driver}-${engine}`;
    const handled: unknown[] = [];
    const strict = defineJob({ kind, payload: z.object({ n: z.number().int() }), handle: async (payload) => void handled.push(payload) });
    queue.handle(strict);
    // Stored by an older release, or by hand: the same kind, a payload its schema refuses.
    const older = defineJob({ kind, payload: z.object({ n: z.string() }), handle: async () => {} });
    await queue.enqueue(older, { n: "seven" }, { key: "strict:bad" });
    // Fields the schema does not name are dropped before the handler sees the payload.
    await queue.enqueue(strict, { n: 7, extra: true } as { n: number }, { key: "strict:good" });
    for (let i = 0; i < MAX_JOB_ATTEMPTS && (await queue.listFailed(10)).every((job) => job.kind !== kind); i++) await queue.runDue();
    expect(handled).toEqual([{ n: 7 }]);
    const failed = (await queue.listFailed(10)).find((job) => job.kind === kind);
    expect(failed).toMatchObject({ key: "strict:bad", attempts: MAX_JOB_ATTEMPTS });
    expect(failed!.lastError).toContain(`the payload of a ${kind} job does not fit its schema`);
  });

  it("is checked by the compiler: a payload of another shape, or a kind with no definition, does not compile", () => {
    const { queue } = makeQueue();
    const typed = numbered("typed");
    const never = async () => {
      // @ts-expect-error: n is a number
      await queue.enqueue(typed, { n: "1" }, { key: "typed:1" });
      // @ts-expect-error: a payload needs its n
      await queue.enqueue(typed, {}, { key: "typed:2" });
      // @ts-expect-error: a kind is named by its definition, never by a string
      await queue.enqueue("typed", { n: 1 }, { key: "typed:3" });
      // @ts-expect-error: enqueueMany checks each payload too
      await queue.enqueueMany(typed, [{ payload: { m: 1 }, options: { key: "typed:4" } }]);
      // @ts-expect-error: its handler needs the callback it was defined with
      queue.handle(typed);
    };
    expect(typeof never).toBe("function");
  });

  it("removes a person's jobs with their account", async () => {
    const { queue, db } = makeQueue();
    const ran: string[] = [];
    const mail = defineJob({ kind: "mail", payload: z.object({ who: z.string() }), handle: async ({ who }) => void ran.push(who) });
    queue.handle(mail);
    await queue.enqueue(mail, { who: "leaving" }, { key: "mail:leaving", userId: "user-leaving" });
    await queue.enqueue(mail, { who: "staying" }, { key: "mail:staying", userId: "user-staying" });
    await db.kysely.transaction().execute((trx) => queue.removeForUser("user-leaving", trx));
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual(["staying"]);
  });

  it("shares 50 jobs between two queues on one database: each runs exactly once", async () => {
    const first = makeQueue({ pollMs: 20 }).queue;
    const second = makeQueue({ pollMs: 20 }).queue;
    const runs: Array<{ n: number; by: string }> = [];
    const shared = defineJob({
      kind: "shared",
      payload: z.object({ n: z.number() }),
      handle: async ({ n }, by: string) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
        runs.push({ n, by });
      },
    });
    for (const [queue, by] of [
      [first, "first"],
      [second, "second"],
    ] as const) {
      queue.handle(shared, by);
    }
    for (let n = 0; n < 50; n++) await (n % 2 ? first : second).enqueue(shared, { n }, { key: `shared:${n}` });
    await Promise.all([first.start(), second.start()]);
    const deadline = Date.now() + 20_000;
    while (runs.length < 50 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second run would have shown by now
    await Promise.all([first.stop(), second.stop()]);
    expect(runs.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n));
    // Only the job of "waits for runAt" is left waiting.
    expect((await first.stats()).queued).toBe(1);
  });

  it.runIf(driver === "pg-boss")("takes over the jobs an upgrade finds queued in alert_job, once each", async () => {
    const { queue, db } = makeQueue({ pollMs: 20 });
    // Queued by the table driver before this deployment moved to pg-boss; one of them twice over.
    const before = createSqlJobQueue({ db: db.kysely, logger, pollMs: 1_000 });
    const adopted = numbered("adopted");
    await before.enqueue(adopted, { n: 1 }, { key: "adopted:1" });
    await before.enqueue(adopted, { n: 2 }, { key: "adopted:2", userId: "user-adopted" });
    await queue.enqueue(adopted, { n: 2 }, { key: "adopted:2" });
    const ran: number[] = [];
    queue.handle(adopted, (n) => void ran.push(n));
    await queue.start();
    const deadline = Date.now() + 10_000;
    while (ran.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await queue.stop();
    expect(ran.sort()).toEqual([1, 2]);
    expect(await db.kysely.selectFrom("alert_job").select("id").where("kind", "=", "adopted").execute()).toEqual([]);
  });

  it.runIf(driver === "pg-boss")(
    "three instances making the same new queues at once: every enqueue succeeds, every job runs once",
    async () => {
      // pg-boss makes a queue with DDL on its partitioned job table; instances doing so at once
      // deadlock one another (40P01), and an enqueue that lost would lose its job.
      const kinds = Array.from({ length: 6 }, (_, n) => `fresh-${n}`);
      const instances = [makeQueue({ pollMs: 20 }).queue, makeQueue({ pollMs: 20 }).queue, makeQueue({ pollMs: 20 }).queue];
      const runs: string[] = [];
      const fresh = kinds.map((kind) =>
        defineJob({ kind, payload: z.object({ by: z.number() }), handle: async ({ by }) => void runs.push(`${kind}:${String(by)}`) }),
      );
      for (const queue of instances) for (const job of fresh) queue.handle(job);
      await Promise.all(instances.map((queue) => queue.start()));
      const sent = await Promise.allSettled(
        instances.flatMap((queue, by) => fresh.map((job) => queue.enqueue(job, { by }, { key: `${job.kind}:${by}` }))),
      );
      expect(sent.filter((result) => result.status === "rejected")).toEqual([]);
      const deadline = Date.now() + 20_000;
      while (runs.length < kinds.length * instances.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 300)); // a second run would have shown by now
      await Promise.all(instances.map((queue) => queue.stop()));
      expect(runs.sort()).toEqual(kinds.flatMap((kind) => instances.map((_, by) => `${kind}:${by}`)).sort());
    },
  );

  it.runIf(driver === "pg-boss")("keeps pg-boss in its own schema", async () => {
    const db = opened[0]!;
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from information_schema.tables where table_schema = 'pgboss' and table_name in ('job', 'archive', 'queue', 'version')`.execute(
      db.kysely,
    );
    expect(Number(rows[0]?.n)).toBe(4);
  });
});
