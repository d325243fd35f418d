/**
 * "Forgot password?" (decision 052), through the real services on both engines and a real SMTP
 * server: the link comes by mail in the asking page's language; its token works once and for 30
 * minutes; the answer is the same, and as slow, for an address with an account and one without;
 * asks are limited per address and per client address; a reset ends every session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { startTestSmtpServer, type TestSmtpServer } from "../../tests/support/test-smtp-server";
import { testEngines } from "../../tests/support/test-database";
import { makeSeller } from "../seed/factories";
import { signupSchema } from "../../core/accounts/account-forms";
import { CLIENT_IP_HEADER, PASSWORD_RESETS_PER_ADDRESS_PER_HOUR, RESET_ANSWER_FLOOR_MS, RESET_LINK_SECONDS } from "./auth";
import { RESET_LINK_INVALID } from "./accounts.service";

const BASE_URL = "https://mandi.example.in";
let clientNumber = 0;
/** A request from a client address of its own, so the per-client limit counts only this test's asks. */
const fromNewClient = (extra: Record<string, string> = {}) => new Headers({ [CLIENT_IP_HEADER]: `198.51.100.${++clientNumber}`, ...extra });

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe.each(testEngines())("password reset, on %s", (engine) => {
  let smtp: TestSmtpServer;
  let t: TestServices;
  let phone = 0;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestServices({
      engine,
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Mandi <accounts@mandi.example.in>", BASE_URL, JOB_DRIVER: "sql" },
    });
  });
  afterAll(async () => {
    await t?.cleanup();
    await smtp?.close();
  });

  async function person(email: string) {
    const seller = makeSeller(300 + ++phone, { email });
    await t.accounts.signUp(signupSchema.parse(seller), new Headers());
    return seller;
  }

  /** Reset mail to an address (not the link that confirms it, sent at sign-up), parsed. */
  async function resetMailsTo(email: string) {
    const mails = await Promise.all(smtp.received.filter((m) => m.to.includes(email)).map((m) => simpleParser(m.raw)));
    return mails.filter((mail) => mail.text?.includes("/reset-password?token="));
  }

  /** The newest reset mail to `email`, once the job queue has run: its subject, text and link's token. */
  async function resetMail(email: string) {
    await t.jobs.runDue();
    const mail = (await resetMailsTo(email)).at(-1);
    if (!mail) return null;
    const link = new URL(/https:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text ?? "")![0]);
    return { mail, link, token: link.searchParams.get("token")! };
  }

  const mailsTo = async (email: string) => (await resetMailsTo(email)).length;

  it("mails a link in the page's language; its token sets a new password once and ends every session", async () => {
    const seller = await person("reset.one@example.in");
    const phoneSession = cookieOf(await t.accounts.signIn({ email: "reset.one@example.in", password: seller.password }, fromNewClient()));
    const laptopSession = cookieOf(await t.accounts.signIn({ email: "reset.one@example.in", password: seller.password }, fromNewClient()));
    expect(await t.accounts.getSessionUser(new Headers({ cookie: phoneSession }))).not.toBeNull();

    await t.accounts.requestPasswordReset("Reset.One@Example.in", fromNewClient({ cookie: "lang=hi" }));
    const sent = await resetMail("reset.one@example.in");
    expect(sent?.mail.subject).toBe("मंडी के लिए नया पासवर्ड बनाएँ");
    expect(sent?.link.origin + sent!.link.pathname).toBe(`${BASE_URL}/reset-password`);
    expect(sent?.link.searchParams.get("lang")).toBe("hi");
    // The job table keeps the token only sealed.
    const stored = await t.db.kysely.selectFrom("alert_job").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(sent!.token);

    await t.accounts.resetPassword({ token: sent!.token, newPassword: "a new password 1" }, fromNewClient());
    // Both sessions ended; the old password no longer works and the new one does.
    expect(await t.accounts.getSessionUser(new Headers({ cookie: phoneSession }))).toBeNull();
    expect(await t.accounts.getSessionUser(new Headers({ cookie: laptopSession }))).toBeNull();
    await expect(t.accounts.signIn({ email: "reset.one@example.in", password: seller.password }, fromNewClient())).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await t.accounts.signIn({ email: "reset.one@example.in", password: "a new password 1" }, fromNewClient());

    // Single use: the same link again is refused, and the password stays the one set.
    await expect(
      t.accounts.resetPassword({ token: sent!.token, newPassword: "another password 2" }, fromNewClient()),
    ).rejects.toMatchObject({
      code: "BAD_INPUT",
      message: RESET_LINK_INVALID,
    });
    await t.accounts.signIn({ email: "reset.one@example.in", password: "a new password 1" }, fromNewClient());
  });

  it("gives a link 30 minutes, and refuses it after", async () => {
    const seller = await person("reset.expiry@example.in");
    const before = Date.now();
    await t.accounts.requestPasswordReset("reset.expiry@example.in", fromNewClient());
    const { token } = (await resetMail("reset.expiry@example.in"))!;
    const verification = () =>
      t.db.kysely
        .selectFrom("verification" as never)
        .select("expiresAt" as never)
        .where("identifier" as never, "=", `reset-password:${token}` as never);
    const row = (await verification().executeTakeFirstOrThrow()) as { expiresAt: string | number | Date };
    const expiresAt = new Date(row.expiresAt).getTime();
    expect(expiresAt - before).toBeGreaterThanOrEqual(RESET_LINK_SECONDS * 1000 - 5_000);
    expect(expiresAt - before).toBeLessThanOrEqual(RESET_LINK_SECONDS * 1000 + 60_000);
    expect(RESET_LINK_SECONDS).toBe(30 * 60);
    // Half an hour on: better-auth compares with the time now, so the row is moved into the past.
    const past = new Date(Date.now() - 1000);
    // Written as better-auth wrote it: a Date on PostgreSQL, its text or number on SQLite.
    const pastAsStored = row.expiresAt instanceof Date ? past : typeof row.expiresAt === "number" ? past.getTime() : past.toISOString();
    await t.db.kysely
      .updateTable("verification" as never)
      .set({ expiresAt: pastAsStored } as never)
      .where("identifier" as never, "=", `reset-password:${token}` as never)
      .execute();
    await expect(t.accounts.resetPassword({ token, newPassword: "a new password 1" }, fromNewClient())).rejects.toMatchObject({
      message: RESET_LINK_INVALID,
    });
    await t.accounts.signIn({ email: "reset.expiry@example.in", password: seller.password }, fromNewClient());
  });

  it("answers the same, as slowly, whether the address has an account or not", async () => {
    await person("reset.known@example.in");
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < 3; round++) {
      for (const [which, email] of [
        ["known", "reset.known@example.in"],
        ["unknown", `nobody.${round}@example.in`],
      ] as const) {
        const started = performance.now();
        await expect(t.accounts.requestPasswordReset(email, fromNewClient())).resolves.toBeUndefined();
        timings[which].push(performance.now() - started);
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[1]!;
    expect(Math.min(...timings.known, ...timings.unknown)).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    // The floor hides the work a known address takes (a token saved, a mail queued).
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(100);
    // Only the account's address is written to.
    await t.jobs.runDue();
    expect(await mailsTo("reset.known@example.in")).toBe(3);
    expect(await mailsTo("nobody.0@example.in")).toBe(0);
  });

  it(`sends an address at most ${PASSWORD_RESETS_PER_ADDRESS_PER_HOUR} links an hour, whoever asks, and says so alike for every address`, async () => {
    await person("reset.limit@example.in");
    for (let i = 0; i < PASSWORD_RESETS_PER_ADDRESS_PER_HOUR; i++)
      await t.accounts.requestPasswordReset("reset.limit@example.in", fromNewClient());
    const refusal = { code: "RATE_LIMITED", message: expect.stringMatching(/^Several links were sent to this address/) };
    await expect(t.accounts.requestPasswordReset("RESET.limit@example.in", fromNewClient())).rejects.toMatchObject(refusal);
    // An address with no account meets the same limit with the same words: the limit tells nothing.
    for (let i = 0; i < PASSWORD_RESETS_PER_ADDRESS_PER_HOUR; i++)
      await t.accounts.requestPasswordReset("nobody.limit@example.in", fromNewClient());
    await expect(t.accounts.requestPasswordReset("nobody.limit@example.in", fromNewClient())).rejects.toMatchObject(refusal);
    await t.jobs.runDue();
    expect(await mailsTo("reset.limit@example.in")).toBe(PASSWORD_RESETS_PER_ADDRESS_PER_HOUR);
  });

  it("limits one client address's asks, for any addresses", async () => {
    const client = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.77" });
    for (let i = 0; i < 10; i++) await t.accounts.requestPasswordReset(`many.${i}@example.in`, client);
    await expect(t.accounts.requestPasswordReset("many.10@example.in", client)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Another client address is not held back.
    await t.accounts.requestPasswordReset("many.11@example.in", fromNewClient());
  });

  it("refuses a made-up token, and says plainly where no mail is sent", async () => {
    await expect(
      t.accounts.resetPassword({ token: "madeUpToken123456789012", newPassword: "a new password 1" }, fromNewClient()),
    ).rejects.toMatchObject({
      code: "BAD_INPUT",
      message: RESET_LINK_INVALID,
    });
    const noMail = await createTestServices({ engine });
    try {
      expect(noMail.accounts.sendsMail).toBe(false);
      await expect(noMail.accounts.requestPasswordReset("someone@example.in", fromNewClient())).rejects.toMatchObject({
        code: "BAD_INPUT",
        message: expect.stringMatching(/^This Mandi sends no email, so it cannot send a link to set a new password/),
      });
    } finally {
      await noMail.cleanup();
    }
  });
});
