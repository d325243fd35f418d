/** The back office's Failed jobs (decision 028): admins only, errors cut short, retry once. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, type Db } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { createLogger } from "../logger";
import { defineJob } from "./define-job";
import { ERROR_SHOWN_CHARS, createFailedJobsService } from "./failed-jobs.service";
import { createSqlJobQueue } from "./sql-job-queue";

describe("failed jobs in the back office", () => {
  let dir: string;
  let db: Db;
  const admin = { id: "admin-1", role: "admin" as const };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mandi-failed-jobs-"));
    db = openDatabase(`sqlite:${path.join(dir, "mandi.sqlite")}`);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists them to admins only, with the error cut short, and retries each once", async () => {
    const jobs = createSqlJobQueue({ db: db.kysely, logger: createLogger("silent"), pollMs: 1000, backoff: () => 0 });
    const failedJobs = createFailedJobsService({ jobs });
    const mail = defineJob({
      kind: "mail",
      payload: z.object({}),
      handle: async () => {
        throw new Error(`<b>SMTP</b> refused: ${"x".repeat(2000)}`);
      },
    });
    jobs.handle(mail);
    await jobs.enqueue(mail, {}, { key: "mail:1" });
    await jobs.runDue();

    for (const actor of [null, { id: "p", role: "person" as const }, { id: "m", role: "moderator" as const }]) {
      await expect(failedJobs.list({ actor })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(failedJobs.retry({ actor, id: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    const { jobs: listed, driver } = await failedJobs.list({ actor: admin });
    expect(driver).toBe("sql");
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ kind: "mail", key: "mail:1", attempts: 6 });
    expect(listed[0]!.lastError).toHaveLength(ERROR_SHOWN_CHARS);
    expect(listed[0]!.lastError!.startsWith("<b>SMTP</b> refused: xxx")).toBe(true);
    expect(listed[0]!.lastError!.endsWith("…")).toBe(true);

    await failedJobs.retry({ actor: admin, id: listed[0]!.id });
    await expect(failedJobs.retry({ actor: admin, id: listed[0]!.id })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await failedJobs.list({ actor: admin })).jobs).toEqual([]);
  });
});
