/**
 * The S3 server (s3rver) stopped and started again under a running app process, on each
 * engine: photos and /readyz answer 503 with Retry-After, pages still render, a listing sent
 * during the outage is refused plainly with nothing half-saved, and everything is back (the
 * photos stored before included) once S3 is.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askUntil, request, startAppProcess, type AppProcess } from "../support/app-process";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { createTestDatabase, testEngines, type TestDatabase } from "../support/test-database";
import { createListing, expectUnavailable, newSellerSession } from "./people";

const ANSWER_BOUND_MS = 5_000;

describe.each(testEngines())("the S3 server stopped and restarted (%s)", (engine) => {
  let s3: S3TestServer;
  let database: TestDatabase;
  let app: AppProcess;
  let dataDir: string;
  let cookie: string;
  const name = `Chaos Tomato ${engine} ${Date.now().toString(36)}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-chaos-s3-"));
    s3 = await startS3Server();
    database = await createTestDatabase(engine, dataDir);
    app = await startAppProcess({ port: 4349, env: { DATA_DIR: dataDir, DATABASE_URL: database.url, ...s3.env } });
    ({ cookie } = await newSellerSession(app, 1701));
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    await s3?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const search = (q: string) => request(app, "GET", `/viewmore?q=${encodeURIComponent(q)}`, { timeoutMs: ANSWER_BOUND_MS });

  it("answers photos and /readyz 503 while S3 is down, refuses a new listing plainly, and recovers with nothing lost or half-saved", async () => {
    expect((await createListing(app, cookie, name)).status).toBe(302);
    const photo = /\/media\/listings\/[^"?\s]+/.exec((await search(name)).text)?.[0];
    expect(photo).toBeTruthy();
    const before = await request(app, "GET", photo!);
    expect(before.status).toBe(200);

    await s3.pause();
    try {
      expectUnavailable(await request(app, "GET", photo!, { timeoutMs: ANSWER_BOUND_MS }), ANSWER_BOUND_MS);
      expectUnavailable(await request(app, "GET", "/readyz", { timeoutMs: 3_000 }), 3_000);
      // Pages do not need the photo store to render.
      const page = await search(name);
      expect(page.status).toBe(200);
      expect(page.text).toContain(name);
      const refused = await createListing(app, cookie, `${name} again`);
      expectUnavailable(refused, ANSWER_BOUND_MS * 2);
      expect(refused.text).toContain("Mandi cannot save this right now");
      const upload = await request(app, "POST", "/uploads", {
        headers: { cookie, "tus-resumable": "1.0.0", "upload-length": "1000", "upload-metadata": "filename b25pb24uanBn" },
        timeoutMs: ANSWER_BOUND_MS * 2,
      });
      expectUnavailable(upload, ANSWER_BOUND_MS * 2);
      expect(app.alive()).toBe(true);
    } finally {
      await s3.resume();
    }

    const after = await askUntil(
      () => request(app, "GET", photo!, { timeoutMs: ANSWER_BOUND_MS }),
      (reply) => reply.status === 200,
      5_000,
    );
    expect(after.status).toBe(200);
    expect(after.text).toBe(before.text);
    expect((await request(app, "GET", "/readyz")).status).toBe(200);
    // The refused listing was not half-saved: sent again, there is exactly one of it.
    expect((await createListing(app, cookie, `${name} again`)).status).toBe(302);
    expect((await search(`${name} again`)).text.replaceAll("<!-- -->", "")).toContain("of 1 product");
    expect(app.output()).toContain("photo storage unavailable: connection refused");
  });
});
