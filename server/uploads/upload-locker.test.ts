import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { signedInSeller, startUploadsServer } from "../../tests/support/uploads";
import { createUploadLockRepository } from "./upload-lock.repository";
import { createUploadLocker, UPLOAD_LOCKED, type UploadLockTimings } from "./upload-locker";

// Waits past tus's drain (3 s), the time a holder asked to let go may still finish.
const FAST: Partial<UploadLockTimings> = { leaseMs: 1_000, renewMs: 50, pollMs: 20, waitMs: 5_000 };
const TUS = { "Tus-Resumable": "1.0.0" };

describe.each(testEngines())("upload locks held in the database, on %s", (engine) => {
  let t: TestServices;
  /** A locker as another process (a second worker, another instance) has it, on the same database. */
  const otherProcess = (timings: Partial<UploadLockTimings> = FAST) =>
    createUploadLocker(createUploadLockRepository(t.db.kysely), { logger: t.logger, timings });
  const uploadId = () => randomBytes(16).toString("hex");

  beforeAll(async () => {
    t = await createTestServices({ engine });
  });
  afterAll(() => t.cleanup());

  it("makes a request in another process wait, and asks the holder to let go", async () => {
    const id = uploadId();
    const first = otherProcess().newLock(id);
    let asked = 0;
    await first.lock(new AbortController().signal, () => void asked++);
    const second = otherProcess().newLock(id);
    const acquired = second.lock(new AbortController().signal, () => {});
    let secondHolds = false;
    void acquired.then(() => (secondHolds = true));

    await expect.poll(() => asked, { timeout: 1_000 }).toBe(1);
    expect(secondHolds).toBe(false);
    await first.unlock();
    await acquired;
    await second.unlock();
  });

  it("asks a holder in the same process at once", async () => {
    const locker = otherProcess({ ...FAST, renewMs: 60_000 });
    const id = uploadId();
    const first = locker.newLock(id);
    let asked = false;
    await first.lock(new AbortController().signal, () => void (asked = true));
    const second = locker.newLock(id);
    const acquired = second.lock(new AbortController().signal, () => {});
    await expect.poll(() => asked, { timeout: 500 }).toBe(true);
    await first.unlock();
    await acquired;
    await second.unlock();
  });

  it("answers 423 when the holder does not let go within the wait", async () => {
    const id = uploadId();
    const stubborn = otherProcess().newLock(id);
    await stubborn.lock(new AbortController().signal, () => {});
    const started = Date.now();
    await expect(
      otherProcess({ ...FAST, waitMs: 300 })
        .newLock(id)
        .lock(new AbortController().signal, () => {}),
    ).rejects.toBe(UPLOAD_LOCKED);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await stubborn.unlock();
  });

  it("takes over a lock whose holder died (its lease ran out), and the sweep forgets such leftovers", async () => {
    const id = uploadId();
    const locks = createUploadLockRepository(t.db.kysely);
    // A process that stopped: it took the lock and never renewed it.
    expect(await locks.acquire(id, "dead-process:1", Date.now(), 200)).toBe(true);
    const lock = otherProcess().newLock(id);
    await lock.lock(new AbortController().signal, () => {});
    await lock.unlock();

    expect(await locks.acquire(id, "dead-process:2", Date.now() - 120_000, 1_000)).toBe(true);
    await t.uploads.removeExpiredUploads();
    expect(await t.db.kysely.selectFrom("upload_lock").select("upload_id").where("upload_id", "=", id).execute()).toEqual([]);
  });

  it("a retry through another worker ends the first worker's hanging request, then resumes from what it stored", async () => {
    const workerA = await startUploadsServer(t, otherProcess());
    const workerB = await startUploadsServer(t, otherProcess());
    try {
      const seller = await signedInSeller(t, 1);
      const file = randomBytes(20_000);
      const created = await fetch(`${workerA.url}/uploads`, {
        method: "POST",
        headers: { ...TUS, cookie: seller.cookie, "Upload-Length": String(file.length) },
      });
      expect(created.status).toBe(201);
      const id = created.headers.get("location")!.split("/").pop()!;

      // A phone sends part of the file, then loses signal: its request stays open on worker A.
      const hanging = http.request(`${workerA.url}/uploads/${id}`, {
        method: "PATCH",
        headers: {
          ...TUS,
          cookie: seller.cookie,
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
          "Content-Length": String(file.length),
        },
      });
      const firstAnswer = new Promise<number | "closed">((resolve) => {
        hanging.on("response", (response) => resolve(response.statusCode ?? 0));
        hanging.on("error", () => resolve("closed"));
      });
      await new Promise<void>((resolve) => hanging.write(file.subarray(0, 8_000), () => resolve()));
      await expect.poll(async () => (await t.uploadDatastore.getUpload(id)).offset, { timeout: 2_000 }).toBe(8_000);

      // Its retry reaches worker B: worker A's request is ended, and B answers from what A stored.
      const head = await fetch(`${workerB.url}/uploads/${id}`, { method: "HEAD", headers: { ...TUS, cookie: seller.cookie } });
      expect(head.status).toBe(200);
      expect(await Promise.race([firstAnswer, sleep(50).then(() => "still open")])).not.toBe("still open");
      const offset = Number(head.headers.get("upload-offset"));
      expect(offset).toBe(8_000);

      const rest = await fetch(`${workerB.url}/uploads/${id}`, {
        method: "PATCH",
        headers: { ...TUS, cookie: seller.cookie, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
        body: file.subarray(offset),
      });
      expect(rest.status).toBe(204);
      const stored: Buffer[] = [];
      for await (const part of await t.uploadDatastore.read(id)) stored.push(part as Buffer);
      expect(createHash("sha256").update(Buffer.concat(stored)).digest("hex")).toBe(createHash("sha256").update(file).digest("hex"));
      hanging.destroy();
      await t.uploads.discardUploads([id]);
    } finally {
      await workerA.close();
      await workerB.close();
    }
  });
});
