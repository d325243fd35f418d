/**
 * An SMTP server that accepts connections and then says nothing (slow, or hung), under a running
 * app process, on each engine (decision 026): a buyer's saved search matches a new listing; the
 * listing's save and the pages answer as always while the mail waits; once a working server
 * takes the port, the retried job delivers exactly one email. The buyer's address is marked
 * confirmed in the database (alert mail goes only to those, decision 045).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort, startTestSmtpServer, type TestSmtpServer } from "../support/test-smtp-server";
import { request, sleep, startAppProcess, type AppProcess } from "../support/app-process";
import { createTestDatabase, testEngines, type TestDatabase } from "../support/test-database";
import { createListing, newSellerSession } from "./people";
import { openDatabase } from "../../server/db/database";
import { markEmailVerifiedByAddressForTest } from "../support/email-verified";

const APP_PORT = Number(process.env.CHAOS_SMTP_APP_PORT ?? 4353);

describe.each(testEngines())("a silent SMTP server, then a working one (%s)", (engine) => {
  let database: TestDatabase;
  let app: AppProcess;
  let dataDir: string;
  let smtpPort: number;
  let silent: Server | undefined;
  const sockets: Socket[] = [];
  let smtp: TestSmtpServer | undefined;
  const name = `Chaos Onion ${engine} ${Date.now().toString(36)}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-chaos-smtp-"));
    smtpPort = await closedPort();
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent!.listen(smtpPort, "127.0.0.1", () => resolve()));
    database = await createTestDatabase(engine, dataDir);
    app = await startAppProcess({
      port: APP_PORT,
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Mandi <alerts@mandi.example.in>",
        JOB_POLL_MS: "100",
      },
    });
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
    await smtp?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("saves the listing and answers pages while mail waits, then sends the one email once a server answers", async () => {
    const buyer = await newSellerSession(app, 1801);
    const db = openDatabase(database.url);
    await markEmailVerifiedByAddressForTest(db.kysely, buyer.seller.email).finally(() => db.close());
    const saved = await request(app, "POST", "/my/alerts/new", {
      form: { q: "chaos onion", state: "maharashtra", district: "nashik" },
      headers: { cookie: buyer.cookie },
    });
    expect(saved.status, saved.text.slice(0, 300)).toBe(302);
    const seller = await newSellerSession(app, 1802);

    const listed = await createListing(app, seller.cookie, name);
    expect(listed.status, listed.text.slice(0, 300)).toBe(302);
    expect(listed.ms).toBeLessThan(10_000);
    // The mail job is now waiting on the silent server; pages do not.
    await sleep(500);
    const page = await request(app, "GET", `/viewmore?q=${encodeURIComponent(name)}`, { timeoutMs: 3_000 });
    expect(page.status).toBe(200);
    expect(page.text).toContain(name);
    expect(sockets.length).toBeGreaterThan(0);

    // A working server takes the port; the job's next attempt (after the greeting timeout and backoff) delivers.
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent!.close(() => resolve()));
    silent = undefined;
    smtp = await startTestSmtpServer({ port: smtpPort });
    const deadline = Date.now() + 45_000;
    // Alert mail (it carries List-Unsubscribe), not the link that confirms an address.
    const alertMails = () =>
      smtp!.received.filter((m) => m.to.includes(buyer.seller.email.toLowerCase()) && m.raw.includes("List-Unsubscribe:"));
    while (!alertMails().length && Date.now() < deadline) await sleep(200);
    const mails = alertMails();
    expect(mails).toHaveLength(1);
    expect((await simpleParser(mails[0]!.raw)).text).toContain(name);
    await sleep(1_000);
    expect(alertMails()).toHaveLength(1);
    expect(app.alive()).toBe(true);
  }, 90_000);
});
