/**
 * Phone verification by a one-time code (issue 43, decision 058) on a real database, both engines,
 * with the SMS going over real HTTP to a stand-in for Twilio and MSG91 that checks each request as
 * the provider documents it and keeps the message, from which the test reads the code.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../core/i18n/languages";
import { normalisePhone } from "../../core/shared/phone";
import { MODERATION_MESSAGES } from "../../core/moderation/moderation";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { createLogger } from "../logger";
import { makeSeller } from "../seed/factories";
import { createSmsSender } from "../sms/sms-sender";
import { startSmsStandIn, STAND_IN_MSG91, STAND_IN_TWILIO, type SmsStandIn } from "../sms/sms-stand-in.test-support";
import { SMS_CODE_TEMPLATES } from "../sms/sms-text";
import { PHONE_MESSAGES } from "./phone-verification.service";

const MINUTE = 60_000;
let seq = 0;

/** A fresh number for each account, so one test's sends do not count against another's. */
function nextNumber(): string {
  seq += 1;
  return `+9198${String(10_000_000 + seq * 7 + Math.floor(Math.random() * 1000) * 10_000).slice(-8)}`;
}

describe.each(testEngines())("phone verification by SMS on %s", (engine) => {
  let t: TestServices;
  let msg91: TestServices;
  let standIn: SmsStandIn;
  const twilioEnv = () => ({
    SMS_PROVIDER: "twilio",
    SMS_API_URL: standIn.url,
    TWILIO_ACCOUNT_SID: STAND_IN_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: STAND_IN_TWILIO.authToken,
    SMS_SENDER_ID: STAND_IN_TWILIO.sender,
    SMS_TIMEOUT_MS: "300",
    SMS_PER_PHONE_PER_DAY: "4",
    SMS_PER_ACCOUNT_PER_DAY: "100",
    SMS_PER_ADDRESS_PER_DAY: "1000",
    SMS_PER_DAY: "1000",
  });

  beforeAll(async () => {
    standIn = await startSmsStandIn();
    t = await createTestServices({ engine, env: twilioEnv() });
    msg91 = await createTestServices({
      engine,
      env: {
        SMS_PROVIDER: "msg91",
        SMS_API_URL: standIn.url,
        MSG91_AUTH_KEY: STAND_IN_MSG91.authKey,
        SMS_LANGUAGES: "en,hi,ta",
        MSG91_TEMPLATE_ID: STAND_IN_MSG91.templateIds.en,
        MSG91_TEMPLATE_ID_HI: STAND_IN_MSG91.templateIds.hi,
        MSG91_TEMPLATE_ID_TA: STAND_IN_MSG91.templateIds.ta,
      },
    });
  });
  afterAll(async () => {
    await t?.cleanup();
    await msg91?.cleanup();
    await standIn?.close();
  });
  afterEach(() => {
    expect(standIn.problems).toEqual([]);
    standIn.mode = "ok";
  });

  async function seller(services = t, phone = nextNumber()) {
    const { id } = await services.accounts.signUp({ ...makeSeller(++seq), phone }, new Headers());
    return { id, phone };
  }
  const send = (actor: { id: string }, options: { address?: string; language?: Language; services?: TestServices } = {}) =>
    (options.services ?? t).phoneVerification.sendCode({
      actor,
      address: options.address ?? "203.0.113.9",
      language: options.language ?? "en",
    });
  const verify = (actor: { id: string }, code: string, services = t) => services.phoneVerification.verifyCode({ actor, code });

  it("sends a six-digit code by Twilio as DLT's template says, and the right code verifies the number", async () => {
    const person = await seller();
    await send(person);
    const message = standIn.messages.at(-1)!;
    expect(message).toMatchObject({ provider: "twilio", to: person.phone, language: "en" });
    expect(message.code).toMatch(/^\d{6}$/);
    expect(await t.phoneVerification.status(person)).toMatchObject({ codeSent: true, verifiedAt: null, available: true });
    // Only an HMAC of the code is kept.
    const row = await t.db.kysely.selectFrom("phone_code").selectAll().where("user_id", "=", person.id).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(message.code);
    expect(await verify(person, message.code)).toEqual({ verifiedAt: t.clock.now });
    expect(await t.phoneVerification.status(person)).toMatchObject({ verifiedAt: t.clock.now, codeSent: false });
    expect((await t.phoneVerification.verifiedSellers([person.id])).get(person.id)).toBe(t.clock.now);
    // A replayed code, and a new code for a number already verified, are refused.
    await expect(verify(person, message.code)).rejects.toThrow(PHONE_MESSAGES.used);
    await expect(send(person)).rejects.toThrow(PHONE_MESSAGES.alreadyVerified);
  });

  it("never sends a code to, nor verifies, a number scam reports blocked (decision 056)", async () => {
    const person = await seller();
    await send(person);
    const sent = standIn.messages.length;
    const code = standIn.messages.at(-1)!.code;
    // Three people's scam reports block a number (server/moderation, tested there); here, the block itself.
    await t.db.kysely
      .insertInto("phone_block")
      .values({ phone: normalisePhone(person.phone)!, blocked_at: t.clock.now, lifted_at: null })
      .execute();
    await expect(verify(person, code)).rejects.toThrow(MODERATION_MESSAGES.phoneBlockedForAccount);
    t.clock.now += 61_000;
    await expect(send(person)).rejects.toThrow(MODERATION_MESSAGES.phoneBlockedForAccount);
    expect(standIn.messages.length).toBe(sent);
    expect(await t.phoneVerification.status(person)).toMatchObject({ verifiedAt: null });
  });

  it("sends the Hindi template to a Hindi page's person", async () => {
    const person = await seller();
    await send(person, { language: "hi" });
    expect(standIn.messages.at(-1)).toMatchObject({ to: person.phone, language: "hi" });
    expect(standIn.messages.at(-1)!.body).toContain("सत्यापित");
  });

  it("sends a Tamil page's code in English while SMS_LANGUAGES does not list ta (the default, en,hi)", async () => {
    const person = await seller();
    await send(person, { language: "ta" });
    const message = standIn.messages.at(-1)!;
    expect(message).toMatchObject({ provider: "twilio", to: person.phone, language: "en" });
    expect(message.body).toBe(SMS_CODE_TEMPLATES.en.replace("{#var#}", message.code));
  });

  it("refuses a resend within 60 s, and sends one after; only the newest code verifies", async () => {
    const person = await seller();
    await send(person);
    const first = standIn.lastCodeTo(person.phone)!;
    t.clock.now += 30_000;
    await expect(send(person)).rejects.toThrow(PHONE_MESSAGES.resendWait);
    expect(standIn.messages.filter((m) => m.to === person.phone)).toHaveLength(1);
    t.clock.now += 31_000;
    await send(person);
    const second = standIn.lastCodeTo(person.phone)!;
    if (first !== second) await expect(verify(person, first)).rejects.toThrow(/not right/);
    await verify(person, second);
  });

  it("refuses an expired code", async () => {
    const person = await seller();
    await send(person);
    t.clock.now += 10 * MINUTE;
    await expect(verify(person, standIn.lastCodeTo(person.phone)!)).rejects.toThrow(PHONE_MESSAGES.expired);
    t.clock.now += MINUTE;
  });

  it("locks the number for an hour after five wrong codes, for every account", async () => {
    const person = await seller();
    await send(person);
    const right = standIn.lastCodeTo(person.phone)!;
    const wrong = right === "000000" ? "111111" : "000000";
    const refusals: string[] = [];
    for (let i = 0; i < 5; i++)
      refusals.push(
        await verify(person, wrong).then(
          () => "verified",
          (error: Error) => error.message,
        ),
      );
    expect(refusals).toEqual([
      "That code is not right. You can try 4 more times.",
      "That code is not right. You can try 3 more times.",
      "That code is not right. You can try 2 more times.",
      PHONE_MESSAGES.wrongLast,
      PHONE_MESSAGES.wrongLocked,
    ]);
    await expect(verify(person, right)).rejects.toThrow(PHONE_MESSAGES.locked);
    t.clock.now += 2 * MINUTE;
    await expect(send(person)).rejects.toThrow(PHONE_MESSAGES.locked);
    // Another account with the same number is locked out too.
    const other = await seller(t, person.phone);
    await expect(send(other)).rejects.toThrow(PHONE_MESSAGES.locked);
    t.clock.now += 59 * MINUTE;
    await send(person);
    await verify(person, standIn.lastCodeTo(person.phone)!);
  });

  it("never lets another account verify with your code", async () => {
    const mine = await seller();
    const theirs = await seller();
    await expect(verify(theirs, "123456")).rejects.toThrow(PHONE_MESSAGES.noCode);
    await send(mine);
    await send(theirs);
    const myCode = standIn.lastCodeTo(mine.phone)!;
    if (myCode !== standIn.lastCodeTo(theirs.phone)) await expect(verify(theirs, myCode)).rejects.toThrow(/not right/);
    // Even given the same number, a code belongs to the account it was sent for.
    const sameNumber = await seller(t, mine.phone);
    t.clock.now += MINUTE;
    await send(sameNumber);
    const theirCode = standIn.lastCodeTo(mine.phone)!;
    if (theirCode !== myCode) await expect(verify(mine, theirCode)).rejects.toThrow(/not right/);
    await verify(mine, myCode);
    expect((await t.phoneVerification.status(theirs)).verifiedAt).toBeNull();
  });

  it("lets exactly one of two verifications with the same code through", async () => {
    const person = await seller();
    await send(person);
    const code = standIn.lastCodeTo(person.phone)!;
    const results = await Promise.allSettled([verify(person, code), verify(person, code), verify(person, code)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect((result.reason as Error).message).toBe(PHONE_MESSAGES.used);
  });

  it.each(["down", "slow", "refuse"] as const)("with the provider %s: a clear 503, no code kept, and a new try at once", async (mode) => {
    const person = await seller();
    standIn.mode = mode;
    standIn.slowMs = 2_000;
    const started = Date.now();
    const refusal = await send(person).catch((error: unknown) => error as { code: string; message: string });
    expect(refusal).toMatchObject({ code: "UNAVAILABLE", message: PHONE_MESSAGES.notSent });
    // Bounded by SMS_TIMEOUT_MS (300 ms here), not by the provider.
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await t.phoneVerification.status(person)).toMatchObject({ codeSent: false, resendAt: null });
    await expect(verify(person, "123456")).rejects.toThrow(PHONE_MESSAGES.noCode);
    standIn.mode = "ok";
    await send(person);
    await verify(person, standIn.lastCodeTo(person.phone)!);
  });

  it("counts sends per number a day, across accounts, on the shared counter", async () => {
    const phone = nextNumber();
    const people = await Promise.all([seller(t, phone), seller(t, phone), seller(t, phone), seller(t, phone), seller(t, phone)]);
    for (const person of people.slice(0, 4)) await send(person);
    await expect(send(people[4]!)).rejects.toThrow(PHONE_MESSAGES.tooManyForNumber);
    expect(standIn.messages.filter((m) => m.to === phone)).toHaveLength(4);
  });

  it.each([
    ["spaces", "98123 45670", "+919812345670"],
    ["+91", "+91 98123 45671", "+919812345671"],
    ["0 prefix", "098123-45672", "+919812345672"],
    ["Devanagari digits", "९८१२३ ४५६७३", "+919812345673"],
    ["invisible characters", "\u202a98123\u200b45674\u200d\ufeff", "+919812345674"],
  ])("sends to a number written with %s as +91 and ten digits", async (_how, written, e164) => {
    const person = await seller(t, written);
    await send(person);
    expect(standIn.messages.at(-1)!.to).toBe(e164);
  });

  it("changing the number un-verifies it", async () => {
    const person = await seller();
    await send(person);
    await verify(person, standIn.lastCodeTo(person.phone)!);
    const other = nextNumber();
    await t.db.kysely.updateTable("user").set({ phone: other }).where("id", "=", person.id).execute();
    // Compared with the number now, even before the change is noticed.
    expect((await t.phoneVerification.verifiedSellers([person.id])).has(person.id)).toBe(false);
    await t.phoneVerification.forgetNumber(person.id);
    await t.db.kysely.updateTable("user").set({ phone: person.phone }).where("id", "=", person.id).execute();
    expect((await t.phoneVerification.status(person)).verifiedAt).toBeNull();
  });

  it("sends by MSG91's OTP API with its authkey, template and 91-prefixed mobile", async () => {
    const person = await seller(msg91);
    await send(person, { services: msg91, language: "hi" });
    expect(standIn.messages.at(-1)).toMatchObject({ provider: "msg91", to: person.phone, language: "hi" });
    await verify(person, standIn.lastCodeTo(person.phone)!, msg91);
    expect((await msg91.phoneVerification.status(person)).verifiedAt).not.toBeNull();
    // SMS_LANGUAGES lists ta here: a Tamil page's code goes by the Tamil template; a Bengali page's by English's.
    const tamil = await seller(msg91);
    await send(tamil, { services: msg91, language: "ta" });
    expect(standIn.messages.at(-1)).toMatchObject({
      provider: "msg91",
      to: tamil.phone,
      language: "ta",
      body: STAND_IN_MSG91.templateIds.ta,
    });
    await verify(tamil, standIn.lastCodeTo(tamil.phone)!, msg91);
    const bengali = await seller(msg91);
    await send(bengali, { services: msg91, language: "bn" });
    expect(standIn.messages.at(-1)).toMatchObject({ to: bengali.phone, language: "en", body: STAND_IN_MSG91.templateIds.en });
    standIn.mode = "refuse";
    const another = await seller(msg91);
    await expect(send(another, { services: msg91 })).rejects.toThrow(PHONE_MESSAGES.notSent);
  });
});

describe("without an SMS provider", () => {
  it("writes the code to the log, marked dev-only, outside production; is not available in production", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const sms = {
      provider: null,
      languages: ["en" as const],
      timeoutMs: 1000,
      limits: { perPhonePerDay: 1, perAccountPerDay: 1, perAddressPerDay: 1, perDay: 1 },
    };
    expect(createSmsSender({ env: "production", sms }, logger)).toBeNull();
    const dev = createSmsSender({ env: "development", sms }, logger)!;
    await dev.send({ to: "+919876543210", code: "123456", language: "en" });
    expect(lines.join("")).toContain("DEV ONLY");
    expect(lines.join("")).toContain("123456");
  });

  it("says verification is not available in production", async () => {
    const t = await createTestServices({ env: { NODE_ENV: "production" } });
    try {
      const { id } = await t.accounts.signUp({ ...makeSeller(900), phone: "+919812300001" }, new Headers());
      await expect(t.phoneVerification.sendCode({ actor: { id }, address: "203.0.113.1", language: "en" })).rejects.toThrow(
        PHONE_MESSAGES.unavailable,
      );
      expect((await t.phoneVerification.status({ id })).available).toBe(false);
    } finally {
      await t.cleanup();
    }
  });
});
