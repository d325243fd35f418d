/**
 * Alert email (decision 026), through the real services on both engines, a real SMTP server
 * (smtp-server on 127.0.0.1) and the real Express app over HTTP: a buyer saves "onion in Nashik",
 * a seller lists onions in Nashik, the jobs run, and exactly one email arrives, parsed with
 * mailparser; its one-click unsubscribe (RFC 8058) works without a session and stops the mail.
 * Also: a permanent bounce, a server that is down, the daily digest at its hour in India, and
 * tokens that were tampered with or name someone else's alert.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupSchema } from "../../../core/accounts/account-forms";
import { browseQuerySchema } from "../../../core/search/search-query";
import { savedQueryOf } from "../../../core/alerts/saved-search";
import type { Language } from "../../../core/i18n/languages";
import { listingFields } from "../../../tests/support/listings";
import { startTestHttpApp, type TestHttpApp } from "../../../tests/support/test-http-app";
import { createTestServices, type TestServices } from "../../../tests/support/test-services";
import { closedPort, startTestSmtpServer, type TestSmtpServer } from "../../../tests/support/test-smtp-server";
import { testEngines } from "../../../tests/support/test-database";
import { makeProducePhoto, makeSeller } from "../../seed/factories";
import { markEmailVerifiedForTest } from "../../../tests/support/email-verified";
import { digestTickJob, emailMatchJob } from "./alert-mail-jobs";
import { signUnsubscribeToken } from "./unsubscribe-token";
import { addressKey } from "./address-key";
import { createMailSuppressionRepository } from "./mail-suppression.repository";

const BASE_URL = "https://mandi.example.in";
const MAIL_FROM = "Mandi <alerts@mandi.example.in>";
const HOUR = 3_600_000;

let photo: Buffer;
beforeAll(async () => {
  photo = await makeProducePhoto("vegetables", 1, { width: 400, height: 300 });
});

function helpers(t: TestServices) {
  let phone = 0;
  return {
    /** A new account whose address counts as confirmed (alert mail goes only to those, decision 045), unless `verified: false`. */
    async person(n: number, email: string, options: { verified?: boolean } = {}) {
      const person = await t.accounts.signUp(
        { ...makeSeller(n, { email }), phone: `+9198765${String(43200 + ++phone + n * 10).padStart(5, "0")}` },
        new Headers(),
      );
      if (options.verified ?? true) await markEmailVerifiedForTest(t.db.kysely, person.id);
      return person;
    },
    save(actor: { id: string }, query: Record<string, string>, language: Language = "en") {
      return t.alerts.saveSearch({ actor, query: savedQueryOf(browseQuerySchema.parse(query)), language });
    },
    async list(seller: { id: string }, fields: Record<string, string>) {
      t.clock.now += 60_000;
      const { id } = await t.listings.createListing({
        actor: seller,
        fields: listingFields({ price: "20", category: "vegetables", state: "maharashtra", district: "nashik", ...fields }),
        photos: [{ bytes: photo, fileName: "p.jpg" }],
      });
      return id;
    },
    async channels(id: string) {
      return (await t.db.kysely.selectFrom("saved_search").select("channels").where("id", "=", id).executeTakeFirstOrThrow()).channels;
    },
  };
}

/** Alert mail (it carries List-Unsubscribe) received for an address, not the links that confirm one. */
const mailsTo = (smtp: TestSmtpServer, address: string) =>
  smtp.received.filter((m) => m.to.includes(address.toLowerCase()) && m.raw.includes("List-Unsubscribe:"));

const parse = (raw: Buffer): Promise<ParsedMail> => simpleParser(raw);
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((line) => line.key === name)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\r?\n\s+/g, " ");

// These tests move the app's clock through retries' backoff and digest hours, and read the job
// table: they run on our SQL job driver on both engines (pg-boss waits on the database's clock).
// pg-boss's keys, retries and failed jobs are held to the same behaviour in server/jobs/job-queue.test.ts.
describe.each(testEngines())("alert email, on %s", (engine) => {
  let smtp: TestSmtpServer;
  let t: TestServices;
  let http: TestHttpApp;
  let h: ReturnType<typeof helpers>;
  let seller: { id: string };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestServices({ engine, env: { SMTP_URL: smtp.url, MAIL_FROM, BASE_URL, JOB_DRIVER: "sql" } });
    http = await startTestHttpApp(t);
    h = helpers(t);
    seller = await h.person(1, "seller.mail@example.in");
  });

  afterAll(async () => {
    await http.close();
    await t.cleanup();
    await smtp.close();
  });

  it("sends one email, in both parts, for onions in Nashik, and one-click unsubscribe stops the next", async () => {
    const buyer = await h.person(2, "buyer.mail@example.in");
    const { id: searchId } = await h.save(buyer, { q: "onion", state: "maharashtra", district: "nashik" });
    expect(await h.channels(searchId)).toBe("app,email");
    const listingId = await h.list(seller, { name: "Red Onion", price: "24.50" });
    await t.jobs.runDue();

    const received = mailsTo(smtp, "buyer.mail@example.in");
    expect(received).toHaveLength(1);
    const mail = await parse(received[0]!.raw);
    expect(mail.from?.text).toContain("alerts@mandi.example.in");
    // Nobody's words but Mandi's in the subject; the person is not greeted by the account's
    // name; what the person and the seller wrote is quoted under whose words they are (decision 045).
    expect(mail.subject).toBe("A new listing for your saved search on Mandi");
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).not.toContain("Test Seller 2");
    expect(mail.text).toContain("Your saved search, in your words: “Onion · Nashik, Maharashtra”");
    expect(mail.text).toContain("The listing's name, as the seller wrote it: “Red Onion”");
    expect(mail.text).toContain("₹24.50 / kg · Nashik, Maharashtra");
    expect(mail.text).toContain(`${BASE_URL}/view/${listingId}`);
    expect(mail.text).toContain(`${BASE_URL}/my/alerts`);
    expect(mail.html).toBeTruthy();
    const html = String(mail.html);
    expect(html).toContain("Red Onion");
    expect(html).toContain("₹24.50 / kg");
    expect(html).toContain(`href="${BASE_URL}/view/${listingId}"`);
    expect(html).toContain(`href="${BASE_URL}/my/alerts"`);
    expect(header(mail, "content-language")).toBe("en");

    const listUnsubscribe = header(mail, "list-unsubscribe");
    expect(listUnsubscribe).toMatch(new RegExp(`^<${BASE_URL.replace(/\./g, "\\.")}/alerts/unsubscribe\\?t=[\\w.-]+>$`));
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = new URL(listUnsubscribe!.slice(1, -1));
    // The same address is in the body, for people.
    expect(mail.text).toContain(link.href);
    expect(html).toContain(`href="${link.href}"`);

    // Running the jobs again, or the same mail job under another key, sends nothing twice.
    await t.jobs.runDue();
    await t.jobs.enqueue(emailMatchJob, { savedSearchId: searchId, listingId }, { key: "again" });
    await t.jobs.runDue();
    expect(mailsTo(smtp, "buyer.mail@example.in")).toHaveLength(1);

    // The link opened (as a mail scanner would) changes nothing; it shows a button.
    const page = await fetch(`${http.url}${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    const pageText = await page.text();
    expect(pageText).toContain("Stop all alert email from Mandi to this address?");
    expect(pageText).toContain('<button type="submit">Stop email</button>');
    expect(await h.channels(searchId)).toBe("app,email");

    // RFC 8058: the mail provider's server POSTs the body (multipart/form-data, as the RFC
    // recommends), with no cookie and no Origin.
    const oneClickForm = new FormData();
    oneClickForm.set("List-Unsubscribe", "One-Click");
    const oneClick = await fetch(`${http.url}${link.pathname}${link.search}`, { method: "POST", body: oneClickForm });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("Mandi will send no more alert email to this address.");
    expect(await h.channels(searchId)).toBe("app");
    // The address itself is suppressed, and its account no longer counts as confirmed.
    expect(
      await t.db.kysely
        .selectFrom("address_suppression")
        .select("reason")
        .where("address_hash", "=", addressKey(t.config.authSecret, "buyer.mail@example.in"))
        .execute(),
    ).toEqual([{ reason: "unsubscribed" }]);
    expect(
      Boolean(
        (await t.db.kysely.selectFrom("user").select("emailVerified").where("id", "=", buyer.id).executeTakeFirstOrThrow()).emailVerified,
      ),
    ).toBe(false);
    // Twice is fine.
    const again = await fetch(`${http.url}${link.pathname}${link.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(again.status).toBe(200);

    await h.list(seller, { name: "Onion" });
    await t.jobs.runDue();
    expect(mailsTo(smtp, "buyer.mail@example.in")).toHaveLength(1);
    // The alert itself still shows under My alerts.
    expect((await t.alerts.listMine({ actor: buyer })).searches.find((s) => s.id === searchId)?.fresh).toBe(2);
  });

  it("writes the email in the language the search was saved in, escaping the seller's words in HTML", async () => {
    const buyer = await h.person(3, "hindi.mail@example.in");
    await h.save(buyer, { q: "garlic" }, "hi");
    await h.list(seller, { name: 'Garlic <b>&</b> "best"' });
    await t.jobs.runDue();
    const [received] = mailsTo(smtp, "hindi.mail@example.in");
    const mail = await parse(received!.raw);
    expect(mail.subject).toBe("मंडी पर आपकी सहेजी खोज के लिए एक नई लिस्टिंग");
    expect(mail.text).toMatch(/^नमस्ते,\n/);
    expect(mail.text).toContain("आपकी सहेजी खोज, आपके शब्दों में: “Garlic”");
    expect(mail.text).toContain("नासिक, महाराष्ट्र");
    expect(mail.text).toContain('लिस्टिंग का नाम, जैसा विक्रेता ने लिखा: “Garlic <b>&</b> "best"”');
    expect(String(mail.html)).toContain("Garlic &lt;b&gt;&amp;&lt;/b&gt; &quot;best&quot;");
    expect(String(mail.html)).not.toContain("<b>&</b>");
    expect(header(mail, "content-language")).toBe("hi");
  });

  it("sends nothing about a listing that is no longer live, or for a paused search", async () => {
    const buyer = await h.person(4, "late.mail@example.in");
    const { id: paused } = await h.save(buyer, { q: "ginger" });
    await t.alerts.act({ actor: buyer, action: { intent: "pause", id: paused } });
    const { id: searchId } = await h.save(buyer, { q: "potato" });
    await h.list(seller, { name: "Ginger" });
    const potato = await h.list(seller, { name: "Potato" });
    // Matched (the match job), but sold before its mail job ran.
    await t.alerts.matchListing(potato);
    await t.listings.markSold({ actor: seller, id: potato });
    await t.jobs.runDue();
    expect(mailsTo(smtp, "late.mail@example.in")).toHaveLength(0);
    expect(
      await t.db.kysely.selectFrom("alert_match").select("emailed_at").where("saved_search_id", "=", searchId).executeTakeFirstOrThrow(),
    ).toEqual({ emailed_at: null });
  });

  it("stops mailing an address the server refuses for good (550), without retrying the job", async () => {
    const buyer = await h.person(5, "gone.mail@example.in");
    smtp.refuse.add("gone.mail@example.in");
    const { id: searchId } = await h.save(buyer, { q: "cabbage" });
    const first = await h.list(seller, { name: "Cabbage" });
    await t.jobs.runDue();
    expect(mailsTo(smtp, "gone.mail@example.in")).toHaveLength(0);
    expect(await t.db.kysely.selectFrom("address_suppression").select(["address_hash", "reason"]).execute()).toContainEqual({
      address_hash: addressKey(t.config.authSecret, "gone.mail@example.in"),
      reason: "bounced",
    });
    expect(searchId).toBeTruthy();
    const job = await t.db.kysely
      .selectFrom("alert_job")
      .select(["state", "attempts"])
      .where("dedupe_key", "=", `email:${first}:${buyer.id}`)
      .executeTakeFirstOrThrow();
    expect({ state: job.state, attempts: Number(job.attempts) }).toEqual({ state: "done", attempts: 1 });
    // The next match is not even tried.
    await h.list(seller, { name: "Cabbage", district: "nashik", price: "12" });
    t.clock.now += HOUR;
    await t.jobs.runDue();
    expect(smtp.recipientsTried.filter((a) => a === "gone.mail@example.in")).toHaveLength(1);
  });

  it("refuses a tampered token and another person's, changing nothing", async () => {
    const owner = await h.person(6, "owner.mail@example.in");
    const stranger = await h.person(7, "stranger.mail@example.in");
    const { id: searchId } = await h.save(owner, { q: "tomato" });
    const good = signUnsubscribeToken(t.config.authSecret, { savedSearchId: searchId, userId: owner.id });
    const [body, signature] = good.split(".");
    const flipped = `${body}.${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BA" : "AA"}`;
    const forged = `${Buffer.from(JSON.stringify([searchId, stranger.id])).toString("base64url")}.${signature}`;
    const wrongKey = signUnsubscribeToken("another-secret-another-secret-0000", { savedSearchId: searchId, userId: owner.id });
    const strangers = signUnsubscribeToken(t.config.authSecret, { savedSearchId: searchId, userId: stranger.id });
    const post = (token: string) =>
      fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });

    for (const token of [flipped, forged, wrongKey, "x", `${good}.extra`]) {
      const response = await post(token);
      expect(response.status, token).toBe(400);
      expect(await response.text()).toContain("This link is not valid.");
      expect((await fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(token)}`)).status).toBe(400);
    }
    // Signed, but the saved search is not the named person's: nothing to do there.
    const response = await post(strangers);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("We could not find this saved search.");
    // No token, two tokens, a body that is not RFC 8058's, another method: clear 4xx, never 500.
    expect((await fetch(`${http.url}/alerts/unsubscribe`, { method: "POST" })).status).toBe(400);
    expect((await fetch(`${http.url}/alerts/unsubscribe?t=a&t=b`)).status).toBe(400);
    expect(
      (
        await fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(good)}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=Everything",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(good)}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "%E0%A4%A",
        })
      ).status,
    ).toBe(400);
    expect((await fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(good)}`, { method: "POST" })).status).toBe(400);
    const everything = new FormData();
    everything.set("List-Unsubscribe", "Everything");
    expect((await fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(good)}`, { method: "POST", body: everything })).status).toBe(
      400,
    );
    expect(
      (
        await fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(good)}`, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x" },
          body: "--x\r\nbroken",
        })
      ).status,
    ).toBe(400);
    expect((await fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(good)}`, { method: "DELETE" })).status).toBe(405);
    // Hindi for a Hindi browser.
    const hindi = await fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(flipped)}`, {
      headers: { "accept-language": "hi-IN,hi;q=0.9" },
    });
    expect(await hindi.text()).toContain("यह लिंक सही नहीं है।");
    expect(await h.channels(searchId)).toBe("app,email");
    // The owner's own token, even from another site's page (the token is the credential).
    const own = await fetch(`${http.url}/alerts/unsubscribe?t=${encodeURIComponent(good)}`, {
      method: "POST",
      headers: { origin: "https://mail.example.com", "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(own.status).toBe(200);
    expect(await h.channels(searchId)).toBe("app");
  });

  it("sends a daily digest once, at its hour in India", async () => {
    const buyer = await h.person(8, "digest.mail@example.in");
    const { id: searchId } = await h.save(buyer, { q: "okra" });
    // Move to 05:00 in India (23:30 UTC the day before), then ask for the digest at 07:00.
    const istMidnight = Math.floor((t.clock.now + 5.5 * HOUR) / (24 * HOUR)) * 24 * HOUR + 24 * HOUR - 5.5 * HOUR;
    t.clock.now = istMidnight + 5 * HOUR;
    await t.jobs.runDue();
    await t.alerts.act({ actor: buyer, action: { intent: "settings", id: searchId, pace: "daily", hour: 7, app: "on", email: "on" } });
    await h.list(seller, { name: "Okra" });
    await h.list(seller, { name: "Okra", price: "30" });
    await t.jobs.runDue();
    expect(mailsTo(smtp, "digest.mail@example.in")).toHaveLength(0);

    t.clock.now = istMidnight + 6 * HOUR + 5 * 60_000;
    await t.jobs.runDue();
    expect(mailsTo(smtp, "digest.mail@example.in")).toHaveLength(0);
    // India's hours start at half past in UTC: a tick at 06:31 is still the 6 o'clock hour, and
    // the next one must come at 07:00 in India, not at 07:30.
    t.clock.now = istMidnight + 6 * HOUR + 31 * 60_000;
    await t.jobs.runDue();
    expect(mailsTo(smtp, "digest.mail@example.in")).toHaveLength(0);

    t.clock.now = istMidnight + 7 * HOUR + 2 * 60_000;
    await t.jobs.runDue();
    expect(mailsTo(smtp, "digest.mail@example.in")).toHaveLength(1);
    // A second tick in the same hour (another process) and a rerun add nothing.
    await t.jobs.enqueue(digestTickJob, {}, { key: "another-process" });
    await t.jobs.runDue();
    const received = mailsTo(smtp, "digest.mail@example.in");
    expect(received).toHaveLength(1);
    const mail = await parse(received[0]!.raw);
    expect(mail.subject).toBe("2 new listings for your saved search on Mandi");
    expect(mail.text).toContain("₹20 / kg");
    expect(mail.text).toContain("₹30 / kg");
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // The next day at 07:00, with nothing new, nothing is sent; something new is.
    t.clock.now += 24 * HOUR;
    await t.jobs.runDue();
    expect(mailsTo(smtp, "digest.mail@example.in")).toHaveLength(1);
    await h.list(seller, { name: "Okra", price: "22" });
    t.clock.now += 24 * HOUR;
    await t.jobs.runDue();
    expect(mailsTo(smtp, "digest.mail@example.in")).toHaveLength(2);
  });
});

describe.each(testEngines())("alert email when the SMTP server is down, on %s", (engine) => {
  let t: TestServices;
  let port: number;
  let smtp: TestSmtpServer | undefined;

  beforeAll(async () => {
    port = await closedPort();
    t = await createTestServices({ engine, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM, BASE_URL, JOB_DRIVER: "sql" } });
  });

  afterAll(async () => {
    await t.cleanup();
    await smtp?.close();
  });

  it("keeps the listing's save quick, retries the mail job with backoff, and sends once the server is back", async () => {
    const h = helpers(t);
    const seller = await h.person(1, "seller.down@example.in");
    const buyer = await h.person(2, "buyer.down@example.in");
    const { id: searchId } = await h.save(buyer, { q: "onion", state: "maharashtra", district: "nashik" });
    const started = performance.now();
    const listingId = await h.list(seller, { name: "Onion" });
    expect(performance.now() - started).toBeLessThan(5_000);
    await t.jobs.runDue();

    expect(searchId).toBeTruthy();
    const key = `email:${listingId}:${buyer.id}`;
    const job = await t.db.kysely
      .selectFrom("alert_job")
      .select(["state", "attempts", "run_at", "last_error"])
      .where("dedupe_key", "=", key)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe("queued");
    expect(Number(job.attempts)).toBe(1);
    expect(Number(job.run_at)).toBeGreaterThan(t.clock.now);
    expect(job.last_error).toMatch(/ECONNREFUSED|connect/i);
    // Kept without the server's words or the address: they outlive the person's account.
    expect(job.last_error).not.toContain("@");
    expect(await t.db.kysely.selectFrom("address_suppression").selectAll().execute()).toEqual([]);

    smtp = await startTestSmtpServer({ port });
    t.clock.now = Number(job.run_at) + 1;
    await t.jobs.runDue();
    expect(mailsTo(smtp, "buyer.down@example.in")).toHaveLength(1);
    const done = await t.db.kysely.selectFrom("alert_job").select("state").where("dedupe_key", "=", key).executeTakeFirstOrThrow();
    expect(done.state).toBe("done");
  });

  it("deletes an account whose mail is still queued, and its mail with it", async () => {
    await smtp?.close();
    smtp = undefined;
    const h = helpers(t);
    const seller = await h.person(3, "seller2.down@example.in");
    const person = signupSchema.parse(makeSeller(9, { email: "leaving.down@example.in", phone: "9123456719" }));
    const { id } = await t.accounts.signUp(person, new Headers());
    await markEmailVerifiedForTest(t.db.kysely, id);
    const here = new Headers({
      cookie: (await t.accounts.signIn(person, new Headers()))
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    });
    await h.save({ id }, { q: "radish" });
    await h.list(seller, { name: "Radish" });
    await t.jobs.runDue();
    expect(
      await t.db.kysely
        .selectFrom("alert_job")
        .select("id")
        .where("user_id", "=", id)
        .where("kind", "=", "email-match")
        .where("state", "=", "queued")
        .execute(),
    ).toHaveLength(1);
    // An address refused for good is the address's, not the account's: it outlives the account
    // (decision 045), kept as a keyed hash.
    await createMailSuppressionRepository(t.db.kysely, t.config.authSecret).suppress("leaving.down@example.in", "bounced", t.clock.now);
    const actor = await t.accounts.getSessionUser(here);
    await t.accountDeletion.deleteAccount({ actor, password: person.password, requestHeaders: here });
    expect(await t.db.kysely.selectFrom("alert_job").select("id").where("user_id", "=", id).execute()).toHaveLength(0);
    expect(
      await t.db.kysely
        .selectFrom("address_suppression")
        .select("address_hash")
        .where("address_hash", "=", addressKey(t.config.authSecret, "leaving.down@example.in"))
        .execute(),
    ).toHaveLength(1);
    smtp = await startTestSmtpServer({ port });
    t.clock.now += 2 * HOUR;
    await t.jobs.runDue();
    expect(smtp.received.filter((m) => m.to.includes("leaving.down@example.in"))).toHaveLength(0);
  });
});
