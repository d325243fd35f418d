/**
 * Issue 38, finding 4 (decision 046): a bulk reader of listing pages stops getting sellers' phone
 * numbers past the hourly threshold for its address, whichever of two workers answers (`npm
 * start` with WEB_CONCURRENCY=2, on one SQLite file, and on PostgreSQL with TEST_DATABASE_URL),
 * cached pages included; another address below the threshold still sees them; and "Show number"
 * is a plain form post (no JavaScript) that shows that one number, up to its own ceiling.
 * Addresses are told apart by X-Forwarded-For, which the default TRUST_PROXY (loopback) takes
 * from 127.0.0.1. Needs the production build.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { freePort } from "../support/app-instance";
import { askUntil, cookiesOf, request, sleep, type Reply } from "../support/app-process";
import { createTestDatabase, testEngines, type TestDatabase } from "../support/test-database";

const PAGES_PER_HOUR = 10;
const PRESSES_PER_HOUR = 3;
/** A new connection for every request, so the primary hands them to the workers in turn. */
const fresh = { connection: "close" };
const from = (address: string, headers: Record<string, string> = {}) => ({ headers: { ...fresh, "x-forwarded-for": address, ...headers } });

describe.each(testEngines())("phone numbers on pages, two workers on %s", (engine) => {
  let app: { url: string };
  let primary: ChildProcess;
  let exited: Promise<number | null>;
  let dataDir: string;
  let database: TestDatabase;
  let output = "";
  const seller = makeSeller(4646);
  const digits = seller.phone.replace(/\D/g, "").slice(-10);
  /** The WhatsApp link to this number; a listing's opens with a message about it typed (`?text=`). */
  const chatLink = new RegExp(`href="https://wa\\.me/91${digits}(\\?text=[^"]+)?"`);
  let sellerId = "";
  const listingIds: string[] = [];
  /** The number in any form a page writes it: as text ("98765 43210"), or in a tel: or wa.me link. */
  const carriesPhone = (text: string) => text.includes(digits) || text.includes(`${digits.slice(0, 5)} ${digits.slice(5)}`);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-phones-"));
    database = await createTestDatabase(engine, dataDir);
    const port = await freePort();
    app = { url: `http://127.0.0.1:${port}` };
    primary = spawn(process.execPath, ["scripts/start.mjs"], {
      env: {
        ...process.env,
        WEB_CONCURRENCY: "2",
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: app.url,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        LOG_LEVEL: "info",
        AUTH_SIGNUP_PER_MINUTE: "100",
        AUTH_SIGNIN_PER_MINUTE: "100",
        PHONE_REVEALS_PER_HOUR: String(PAGES_PER_HOUR),
        PHONE_REVEAL_PRESSES_PER_HOUR: String(PRESSES_PER_HOUR),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    primary.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => primary.once("exit", (code) => resolve(code)));
    const ready = await askUntil(
      () => request(app, "GET", "/healthz", { timeoutMs: 1000 }),
      (r) => r.status === 200 && output.includes("all workers are serving"),
      60_000,
    );
    if (ready.status !== 200 || !output.includes("all workers are serving")) throw new Error(`npm start did not come up:\n${output}`);

    const signUp = await request(app, "POST", "/api/auth/sign-up/email", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: seller.name, email: seller.email, password: seller.password, phone: `+91${digits}` }),
    });
    expect(signUp.status, signUp.text).toBe(200);
    sellerId = (JSON.parse(signUp.text) as { user: { id: string } }).user.id;
    const cookie = cookiesOf(await request(app, "POST", "/login", { form: { email: seller.email, password: seller.password } }));
    for (const name of ["Reveal Wheat", "Reveal Rice", "Reveal Maize"]) {
      const form = new FormData();
      for (const [field, value] of Object.entries({
        name,
        category: "wheat",
        price: "30",
        description: "Counted phone numbers",
        state: "punjab",
        district: "ludhiana",
      }))
        form.set(field, value);
      form.set(
        "image",
        new Blob([new Uint8Array(await makeProducePhoto("wheat", 2, { width: 640, height: 480 }))], { type: "image/jpeg" }),
        "wheat.jpg",
      );
      const created = await request(app, "POST", "/create", { headers: { cookie }, body: form });
      expect(created.status, created.text).toBe(302);
    }
    // Their ids from the seller's page, read from an address of its own (every such page counts).
    const own = await request(app, "GET", `/seller/${sellerId}`, from("192.0.2.1"));
    listingIds.push(...new Set([...own.text.matchAll(/href="\/view\/([^"/?#]+)"/g)].map((match) => match[1]!)));
    expect(listingIds).toHaveLength(3);
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      primary.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000)]);
      if (primary.exitCode === null) primary.kill("SIGKILL");
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows a bulk reader the number on exactly the threshold's pages across both workers, then Show number, cached pages included", async () => {
    const replies: Reply[] = [];
    for (let i = 0; i < 3 * PAGES_PER_HOUR; i++)
      replies.push(await request(app, "GET", `/view/${listingIds[i % listingIds.length]}`, from("203.0.113.7")));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    // Counted in each worker's memory, two workers would have shown it on twice as many pages.
    expect(replies.map((r) => carriesPhone(r.text))).toEqual(replies.map((_, i) => i < PAGES_PER_HOUR));
    for (const [i, reply] of replies.entries()) {
      if (i < PAGES_PER_HOUR) continue;
      expect(reply.text).not.toContain("tel:");
      expect(reply.text).not.toContain("wa.me/91");
      expect(reply.text).toContain(`action="/view/${listingIds[i % listingIds.length]}#seller-contact" method="post"`);
      expect(reply.text).toContain('name="intent" value="show-number"');
      expect(reply.text).toContain("Show number");
      // This address's answer: no shared cache may hand it to anyone else.
      expect(reply.headers.get("cache-control")).toBe("private, no-store");
    }
    // The page cache serves the page without the number as well, and never the one with it.
    expect(replies.slice(PAGES_PER_HOUR).some((r) => r.headers.get("x-page-cache") === "hit")).toBe(true);

    // Every way to the number is counted: a client navigation's data, the seller's page, Hindi.
    const data = await request(app, "GET", `/view/${listingIds[0]}.data`, from("203.0.113.7"));
    expect(data.status).toBe(200);
    expect(carriesPhone(data.text)).toBe(false);
    const sellerPage = await request(app, "GET", `/seller/${sellerId}`, from("203.0.113.7"));
    expect(sellerPage.status).toBe(200);
    expect(carriesPhone(sellerPage.text)).toBe(false);
    expect(sellerPage.text).toContain(`action="/seller/${sellerId}#seller-contact"`);
    const hindi = await request(app, "GET", `/view/${listingIds[1]}`, from("203.0.113.7", { "accept-language": "hi" }));
    expect(carriesPhone(hindi.text)).toBe(false);
    expect(hindi.text).toContain("नंबर दिखाएँ");
  });

  it("still shows the number to another address below the threshold, from the same cached pages", async () => {
    for (const id of listingIds) {
      const reply = await request(app, "GET", `/view/${id}`, from("198.51.100.4"));
      expect(reply.status).toBe(200);
      expect(reply.text).toContain(`href="tel:+91${digits}"`);
      expect(reply.text).toMatch(chatLink);
      expect(reply.headers.get("cache-control")).toMatch(/^public/);
    }
    const sellerPage = await request(app, "GET", `/seller/${sellerId}`, from("198.51.100.4"));
    expect(sellerPage.text).toContain(`href="tel:+91${digits}"`);
  });

  it("shows one number for a plain form post of Show number (no JavaScript), up to its own ceiling, and refuses another site's post", async () => {
    const press = (pathname: string, headers: Record<string, string> = {}) =>
      request(app, "POST", pathname, { ...from("203.0.113.7", headers), form: { intent: "show-number" } });
    const shown = await press(`/view/${listingIds[0]}`);
    expect(shown.status, shown.text.slice(0, 300)).toBe(200);
    expect(shown.text).toContain(`href="tel:+91${digits}"`);
    expect(shown.text).toMatch(chatLink);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    const onSellerPage = await press(`/seller/${sellerId}`);
    expect(onSellerPage.status).toBe(200);
    expect(onSellerPage.text).toContain(`href="tel:+91${digits}"`);

    const crossSite = await press(`/view/${listingIds[1]}`, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(carriesPhone(crossSite.text)).toBe(false);
    const badForm = await request(app, "POST", `/view/${listingIds[1]}`, { ...from("203.0.113.7"), form: { intent: "something-else" } });
    expect(badForm.status).toBe(400);

    // The ceiling counts presses on every page and worker alike: two so far, one left.
    const rest: Reply[] = [];
    for (let i = 0; i < 3; i++) rest.push(await press(`/view/${listingIds[i]}`));
    expect(rest.map((r) => r.status)).toEqual([200, 429, 429]);
    const refused = rest.slice(1);
    for (const reply of refused) {
      expect(carriesPhone(reply.text)).toBe(false);
      expect(reply.text).toContain("Too many phone numbers were shown to your network this hour.");
      expect(Number(reply.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });
});
