/**
 * Faults of the embedded engine under a running app process: SQLite's write lock held by another
 * process, and a full disk (a real 12 MB tmpfs, which needs root; skipped with the reason
 * otherwise). Reads keep working; writes answer 503 with a kind message within the busy
 * timeout, never 500; everything works again once the fault clears; nothing is corrupted.
 */
import { spawn, execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSeller } from "../../server/seed/factories";
import { askUntil, request, startAppProcess, type AppProcess } from "../support/app-process";
import { createListing, expectServedOrUnavailable, expectUnavailable, newSellerSession, signIn, signUp } from "./people";

const BUSY_TIMEOUT_MS = 1_000;
const ANSWER_BOUND_MS = 4_000;
const SAVE_MESSAGE = "Mandi cannot save this right now";

function expectIntact(file: string): void {
  const db = new SQLite(file, { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
  } finally {
    db.close();
  }
}

describe("SQLite's write lock held by another process", () => {
  let app: AppProcess;
  let dataDir: string;
  const seller = makeSeller(1601);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-chaos-sqlite-"));
    app = await startAppProcess({ port: 4348, env: { DATA_DIR: dataDir, SQLITE_BUSY_TIMEOUT_MS: String(BUSY_TIMEOUT_MS) } });
    expect((await signUp(app, seller)).status).toBe(302);
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers sign-in 503 with a kind message while the lock is held, reads stay fine, and sign-in works once it is released", async () => {
    const file = path.join(dataDir, "mandi.sqlite");
    // A photo upload started before the lock: its next chunk needs a write (and the upload's lock, held in the database).
    const uploader = await newSellerSession(app, 1602);
    const started = await request(app, "POST", "/uploads", {
      headers: { cookie: uploader.cookie, "tus-resumable": "1.0.0", "upload-length": "1000", "upload-metadata": "filename b25pb24uanBn" },
    });
    expect(started.status, started.text).toBe(201);
    const uploadPath = started.headers.get("location")!;
    // BEGIN IMMEDIATE takes the write lock and keeps it until the process ends (20 s at most).
    const holder = spawn(
      process.execPath,
      [
        "-e",
        `const db = new (require("better-sqlite3"))(${JSON.stringify(file)}); db.exec("BEGIN IMMEDIATE"); console.log("locked"); setTimeout(() => {}, 20000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once("data", () => resolve());
        holder.once("exit", (code) => reject(new Error(`the lock holder exited with ${code}`)));
      });
      const form = await signIn(app, seller);
      expectUnavailable(form, ANSWER_BOUND_MS);
      expect(form.text).toContain(SAVE_MESSAGE);
      // The same form sent by the page's JavaScript (React Router's data request).
      const script = await request(app, "POST", "/login.data", {
        form: { email: seller.email, password: seller.password },
        timeoutMs: ANSWER_BOUND_MS,
      });
      expectUnavailable(script, ANSWER_BOUND_MS);
      expect(script.text).toContain(SAVE_MESSAGE);
      const api = await request(app, "POST", "/api/auth/sign-in/email", {
        body: JSON.stringify({ email: seller.email, password: seller.password }),
        headers: { "content-type": "application/json" },
        timeoutMs: ANSWER_BOUND_MS,
      });
      expectUnavailable(api, ANSWER_BOUND_MS);
      expect(JSON.parse(api.text)).toMatchObject({ error: "unavailable", retryAfterSeconds: 30 });
      const chunk = await request(app, "PATCH", uploadPath, {
        headers: {
          cookie: uploader.cookie,
          "tus-resumable": "1.0.0",
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
        },
        body: "x".repeat(100),
        timeoutMs: ANSWER_BOUND_MS,
      });
      expectUnavailable(chunk, ANSWER_BOUND_MS);
      expect((await request(app, "GET", "/", { timeoutMs: ANSWER_BOUND_MS })).status).toBe(200);
      expect((await request(app, "GET", "/readyz", { timeoutMs: 3_000 })).status).toBe(200);
    } finally {
      holder.kill("SIGKILL");
    }
    const after = await askUntil(
      () => signIn(app, seller),
      (reply) => reply.status === 302,
      5_000,
    );
    expect(after.status, after.text.slice(0, 300)).toBe(302);
    expect(app.alive()).toBe(true);
    expect(app.output()).toContain("database unavailable: locked by another writer");
    expectIntact(file);
  });
});

/** Why a tmpfs cannot be mounted here, or null when it can. */
function tmpfsProblem(): string | null {
  if (process.platform !== "linux") return "not Linux";
  if (process.getuid?.() !== 0) return "mounting a tmpfs needs root";
  const probe = mkdtempSync(path.join(tmpdir(), "mandi-tmpfs-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], { stdio: "pipe" });
    execFileSync("umount", [probe]);
    return null;
  } catch (error) {
    return `mount -t tmpfs failed (${(error as Error).message.split("\n")[0]})`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const noTmpfs = tmpfsProblem();
if (noTmpfs) console.log(`Skipping the full-disk test: ${noTmpfs}.`);

describe.skipIf(Boolean(noTmpfs))("a full disk (the data folder on a 12 MB tmpfs)", () => {
  let app: AppProcess;
  let mountPoint: string;
  const filler = () => path.join(mountPoint, "filler");
  const existing = makeSeller(1602);

  beforeAll(async () => {
    mountPoint = mkdtempSync(path.join(tmpdir(), "mandi-chaos-disk-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=12m", "tmpfs", mountPoint]);
    app = await startAppProcess({
      port: 4348,
      env: { DATA_DIR: path.join(mountPoint, "data"), SQLITE_BUSY_TIMEOUT_MS: String(BUSY_TIMEOUT_MS) },
    });
    expect((await signUp(app, existing)).status).toBe(302);
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    if (mountPoint) {
      execFileSync("umount", [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    }
  });

  /** Writes until the disk has not one byte left (bounded: the tmpfs is 12 MB). */
  function fillDisk(): void {
    const fd = openSync(filler(), "w");
    try {
      for (const size of [1 << 20, 4096, 1]) {
        const chunk = Buffer.alloc(size);
        for (let i = 0; i < 20_000; i++) {
          try {
            writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
            throw error;
          }
        }
      }
    } finally {
      closeSync(fd);
    }
  }

  it("answers sign-up, sign-in and a new listing 503 'cannot save', keeps serving pages, logs why, and works again once space is freed", async () => {
    const { cookie } = await newSellerSession(app, 1604);
    fillDisk();
    const listing = await createListing(app, cookie, "Full Disk Potato");
    expectUnavailable(listing, ANSWER_BOUND_MS * 2);
    expect(listing.text).toContain(SAVE_MESSAGE);
    const newcomer = makeSeller(1603);
    const signUpReply = await signUp(app, newcomer);
    expectUnavailable(signUpReply, ANSWER_BOUND_MS);
    expect(signUpReply.text).toContain(SAVE_MESSAGE);
    const signInReply = await signIn(app, existing);
    expectUnavailable(signInReply, ANSWER_BOUND_MS);
    expect(signInReply.text).toContain(SAVE_MESSAGE);
    // Reads keep working: the home page and the search.
    expect((await request(app, "GET", "/", { timeoutMs: ANSWER_BOUND_MS })).status).toBe(200);
    expectServedOrUnavailable(await request(app, "GET", "/viewmore?q=onion", { timeoutMs: ANSWER_BOUND_MS }));
    expect(app.output()).toContain("database unavailable: disk full");
    // Reads work, so the instance stays in the balancer.
    expect((await request(app, "GET", "/readyz", { timeoutMs: 3_000 })).status).toBe(200);

    rmSync(filler());
    const later = await askUntil(
      () => signUp(app, newcomer),
      (reply) => reply.status === 302,
      5_000,
    );
    expect(later.status, later.text.slice(0, 300)).toBe(302);
    expect((await signIn(app, existing)).status).toBe(302);
    expect((await signIn(app, newcomer)).status).toBe(302);
    // The refused listing left nothing behind: sent again, there is exactly one.
    expect((await createListing(app, cookie, "Full Disk Potato")).status).toBe(302);
    expect((await request(app, "GET", "/viewmore?q=Full%20Disk%20Potato")).text.replaceAll("<!-- -->", "")).toContain("of 1 product");
    expect(app.alive()).toBe(true);
    expectIntact(path.join(mountPoint, "data", "mandi.sqlite"));
  });
});
