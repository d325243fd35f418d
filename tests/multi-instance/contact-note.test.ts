/**
 * Issue 43, items 2 and 5 (decision 057), over real HTTP against the production build, on SQLite
 * and on PostgreSQL with TEST_DATABASE_URL: the safety note's page that Call and WhatsApp go
 * through without JavaScript (the note, then the number and the real link; a session cookie after
 * which a tap goes straight on; counted against the address's hourly threshold like the listing's
 * page; a bad query refused; Hindi), and what a buyer reads about the seller ("Member since",
 * "<n> listings sold"). Addresses are told apart by X-Forwarded-For (TRUST_PROXY loopback).
 * Needs the production build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMonthYear } from "../../core/shared/month-year";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { freePort } from "../support/app-instance";
import { cookiesOf, request, startAppProcess, type AppProcess } from "../support/app-process";
import { createTestDatabase, testEngines, type TestDatabase } from "../support/test-database";
import { FULL_CATALOGUES } from "../../core/i18n/catalogues";

const en = FULL_CATALOGUES.en;
const hi = FULL_CATALOGUES.hi;

const PAGES_PER_HOUR = 4;
const from = (address: string, headers: Record<string, string> = {}) => ({ headers: { "x-forwarded-for": address, ...headers } });
/** The note's three sentences as the page writes them (React escapes the apostrophe). */
const sentences = (words: typeof en) => [words.safety.upiPin, words.safety.advance.replace("'", "&#x27;"), words.safety.qr];

describe.each(testEngines())("the safety note before a call, on %s", (engine) => {
  let app: AppProcess;
  let dataDir: string;
  let database: TestDatabase;
  const seller = makeSeller(5757);
  const digits = seller.phone.replace(/\D/g, "").slice(-10);
  const carriesPhone = (text: string) => text.includes(digits) || text.includes(`${digits.slice(0, 5)} ${digits.slice(5)}`);
  let sellerId = "";
  let sellerCookie = "";
  const listingIds: string[] = [];
  /** A new address for each test, so each starts below the threshold. */
  let next = 10;
  const freshAddress = () => `198.51.100.${next++}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-contact-note-"));
    database = await createTestDatabase(engine, dataDir);
    app = await startAppProcess({
      port: await freePort(),
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        PHONE_REVEALS_PER_HOUR: String(PAGES_PER_HOUR),
        PHONE_REVEAL_PRESSES_PER_HOUR: "5",
      },
    });
    const signUp = await request(app, "POST", "/api/auth/sign-up/email", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: seller.name, email: seller.email, password: seller.password, phone: `+91${digits}` }),
    });
    expect(signUp.status, signUp.text).toBe(200);
    sellerId = (JSON.parse(signUp.text) as { user: { id: string } }).user.id;
    sellerCookie = cookiesOf(await request(app, "POST", "/login", { form: { email: seller.email, password: seller.password } }));
    for (const name of ["Note Wheat", "Note Rice"]) {
      const form = new FormData();
      for (const [field, value] of Object.entries({
        name,
        category: "wheat",
        price: "30",
        description: "A safety note first",
        state: "punjab",
        district: "ludhiana",
      }))
        form.set(field, value);
      form.set(
        "image",
        new Blob([new Uint8Array(await makeProducePhoto("wheat", 3, { width: 640, height: 480 }))], { type: "image/jpeg" }),
        "w.jpg",
      );
      const created = await request(app, "POST", "/create", { headers: { cookie: sellerCookie }, body: form });
      expect(created.status, created.text).toBe(302);
    }
    const own = await request(app, "GET", `/seller/${sellerId}`, from("192.0.2.1"));
    listingIds.push(...new Set([...own.text.matchAll(/href="\/view\/([^"/?#]+)"/g)].map((match) => match[1]!)));
    expect(listingIds).toHaveLength(2);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends Call and WhatsApp on a listing's and a seller's page through the note's page, with the real link beside", async () => {
    const address = freshAddress();
    const listing = await request(app, "GET", `/view/${listingIds[0]}`, from(address));
    expect(listing.text).toContain(`href="/view/${listingIds[0]}/contact?via=call"`);
    expect(listing.text).toContain(`data-contact-href="tel:+91${digits}"`);
    expect(listing.text).toContain(`href="/view/${listingIds[0]}/contact?via=whatsapp"`);
    expect(listing.text).toMatch(new RegExp(`data-contact-href="https://wa\\.me/91${digits}\\?text=`));
    // The number stays on the page, and the listing's safety tips say the note's sentences.
    expect(listing.text).toContain(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
    for (const sentence of sentences(en)) expect(listing.text).toContain(sentence);
    const sellerPage = await request(app, "GET", `/seller/${sellerId}`, from(address));
    expect(sellerPage.text).toContain(`href="/seller/${sellerId}/contact?via=call"`);
  });

  it("shows the note, then the number and the real link, sets the session cookie, and is nobody's to cache", async () => {
    const reply = await request(app, "GET", `/view/${listingIds[0]}/contact?via=call`, from(freshAddress()));
    expect(reply.status).toBe(200);
    const body = reply.text.slice(reply.text.indexOf("<main"));
    const [first, second, third] = sentences(en).map((sentence) => body.indexOf(sentence));
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first!);
    expect(third).toBeGreaterThan(second!);
    // The note comes before the number and the link in the reading order.
    const number = body.indexOf(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
    const link = body.indexOf(`href="tel:+91${digits}"`);
    expect(number).toBeGreaterThan(third!);
    expect(link).toBeGreaterThan(number);
    expect(body).not.toContain("wa.me");
    expect(reply.headers.get("cache-control")).toBe("private, no-store");
    const [cookie] = reply.headers.getSetCookie();
    expect(cookie).toMatch(/^contact_note=1; Path=\/; SameSite=Lax; HttpOnly$/);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);

    const chat = await request(app, "GET", `/view/${listingIds[0]}/contact?via=whatsapp`, from(freshAddress()));
    expect(chat.text).toMatch(new RegExp(`href="https://wa\\.me/91${digits}\\?text=[^"]*Note(%20| )(Wheat|Rice)`));
    expect(chat.text).not.toContain(`href="tel:`);
  });

  it("goes straight to the real link once the note was seen this session", async () => {
    const address = freshAddress();
    const first = await request(app, "GET", `/view/${listingIds[1]}/contact?via=call`, from(address));
    const cookie = cookiesOf(first);
    const call = await request(app, "GET", `/view/${listingIds[1]}/contact?via=call`, from(address, { cookie }));
    expect(call.status).toBe(303);
    expect(call.headers.get("location")).toBe(`tel:+91${digits}`);
    expect(call.headers.get("cache-control")).toBe("private, no-store");
    const chat = await request(app, "GET", `/view/${listingIds[1]}/contact?via=whatsapp`, from(address, { cookie }));
    expect(chat.status).toBe(303);
    const location = new URL(chat.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`https://wa.me/91${digits}`);
    // The same message as the listing's own WhatsApp button: which listing, and its link.
    expect(location.searchParams.get("text")).toMatch(
      new RegExp(`^Hello, I saw your Note (Wheat|Rice) on Mandi at .*/view/${listingIds[1]}$`),
    );
    const sellerCall = await request(app, "GET", `/seller/${sellerId}/contact?via=call`, from(address, { cookie }));
    expect(sellerCall.status).toBe(303);
    expect(sellerCall.headers.get("location")).toBe(`tel:+91${digits}`);
  });

  it("counts the note's page against the address's threshold, and past it shows no number, only Show number", async () => {
    const address = freshAddress();
    for (let i = 0; i < PAGES_PER_HOUR; i++) {
      const page = await request(app, "GET", `/view/${listingIds[i % 2]}/contact?via=call`, from(address));
      expect(carriesPhone(page.text), `page ${i}`).toBe(true);
    }
    const cookie = "contact_note=1";
    for (const pathname of [
      `/view/${listingIds[0]}/contact?via=call`,
      `/seller/${sellerId}/contact?via=whatsapp`,
      `/view/${listingIds[0]}`,
    ]) {
      // With the cookie too: no redirect to the number past the threshold.
      const past = await request(app, "GET", pathname, from(address, { cookie }));
      expect(past.status, pathname).toBe(200);
      expect(carriesPhone(past.text), pathname).toBe(false);
      expect(past.text).not.toContain("tel:");
      expect(past.text).not.toContain("wa.me/91");
      expect(past.headers.get("cache-control")).toBe("private, no-store");
    }
    const past = await request(app, "GET", `/view/${listingIds[0]}/contact?via=call`, from(address));
    expect(past.text).toContain(`action="/view/${listingIds[0]}/contact?via=call#seller-contact" method="post"`);
    for (const sentence of sentences(en)) expect(past.text).toContain(sentence);
    // Show number, pressed on the note's page: this one number and its link.
    const shown = await request(app, "POST", `/view/${listingIds[0]}/contact?via=call`, {
      ...from(address),
      form: { intent: "show-number" },
    });
    expect(shown.status, shown.text.slice(0, 300)).toBe(200);
    expect(shown.text).toContain(`href="tel:+91${digits}"`);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses a query that is not ?via=call or ?via=whatsapp with a 400, and gives no number", async () => {
    const bad = [
      "",
      "?via=sms",
      "?via=CALL",
      "?via=",
      "?via=call&next=https://evil.example/",
      "?via=call&to=tel:+15555550123",
      `?via=${encodeURIComponent("ca\u200bll")}`,
      `?via=${encodeURIComponent("call\u202e")}`,
      `?via=${encodeURIComponent("сall")}`, // Cyrillic "с"
      `?via=${"call".repeat(2000)}`,
    ];
    for (const query of bad) {
      const reply = await request(app, "GET", `/view/${listingIds[0]}/contact${query}`, from(freshAddress()));
      expect(reply.status, query).toBe(400);
      expect(carriesPhone(reply.text), query).toBe(false);
      expect(reply.text).toContain("Please use the Call or WhatsApp button on the page.");
      expect(reply.headers.getSetCookie()).toEqual([]);
    }
    const hindi = await request(app, "GET", `/seller/${sellerId}/contact?via=fax`, from(freshAddress(), { "accept-language": "hi" }));
    expect(hindi.status).toBe(400);
    expect(hindi.text).toContain("कृपया पेज पर फ़ोन या व्हाट्सऐप का बटन दबाएँ।");
    // A post with a bad query is refused the same way, before anything is counted.
    const post = await request(app, "POST", `/view/${listingIds[0]}/contact?via=sms`, {
      ...from(freshAddress()),
      form: { intent: "show-number" },
    });
    expect(post.status).toBe(400);
    expect(carriesPhone(post.text)).toBe(false);
    // A listing or seller that does not exist: 404, nothing else.
    expect((await request(app, "GET", "/view/00000000-0000-4000-8000-000000000000/contact?via=call", from(freshAddress()))).status).toBe(
      404,
    );
    expect((await request(app, "GET", "/seller/nobody/contact?via=call", from(freshAddress()))).status).toBe(404);
  });

  it("says the note in Hindi on a Hindi page, with no English sentence left", async () => {
    const reply = await request(
      app,
      "GET",
      `/view/${listingIds[0]}/contact?via=whatsapp`,
      from(freshAddress(), { "accept-language": "hi" }),
    );
    expect(reply.status).toBe(200);
    for (const sentence of sentences(hi)) expect(reply.text).toContain(sentence);
    for (const sentence of sentences(en)) expect(reply.text).not.toContain(sentence);
    expect(reply.text).toContain(hi.contactNote.title);
    expect(reply.text).toContain(hi.contactNote.whatsapp);
  });

  it("tells a buyer since when the seller is a member and how many listings they sold, with the plural the count takes", async () => {
    const month = { en: formatMonthYear(Date.now(), "en"), hi: formatMonthYear(Date.now(), "hi") };
    const before = await request(app, "GET", `/seller/${sellerId}`, from(freshAddress()));
    expect(before.text).toContain(`Member since ${month.en}`);
    expect(before.text).toContain(">0 listings sold<");
    // The seller marks one sold.
    const sold = await request(app, "POST", "/my/listings", {
      headers: { cookie: sellerCookie },
      form: { intent: "sold", id: listingIds[1]!, page: "1" },
    });
    expect(sold.status, sold.text.slice(0, 300)).toBe(302);
    const after = await request(app, "GET", `/view/${listingIds[0]}`, from(freshAddress()));
    expect(after.text).toContain(`Member since ${month.en}`);
    expect(after.text).toContain(">1 listing sold<");
    const hindi = await request(app, "GET", `/seller/${sellerId}`, from(freshAddress(), { "accept-language": "hi" }));
    expect(hindi.text).toContain(`${month.hi} से सदस्य`);
    expect(hindi.text).toContain(">1 लिस्टिंग बिकी<");
  });
});
