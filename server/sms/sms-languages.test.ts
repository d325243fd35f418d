/**
 * SMS_LANGUAGES (decision 058, amended): the settings as `loadConfig` reads them, the sender
 * `createSmsSender` makes of them, and real HTTP to the stand-in, which checks each request as
 * Twilio and MSG91 document it and knows every language's registered template.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../core/i18n/languages";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createSmsSender, SmsNotSent } from "./sms-sender";
import { startSmsStandIn, STAND_IN_MSG91, STAND_IN_TWILIO, type SmsStandIn } from "./sms-stand-in.test-support";
import { SMS_CODE_TEMPLATES } from "./sms-text";

const TO = "+919876500001";
let standIn: SmsStandIn;
let dataDir: string;

beforeAll(async () => {
  standIn = await startSmsStandIn();
  dataDir = mkdtempSync(path.join(tmpdir(), "mandi-sms-"));
});
afterAll(async () => {
  await standIn?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  expect(standIn.problems).toEqual([]);
  standIn.messages.length = 0;
});

function sender(env: Record<string, string>, to: SmsStandIn = standIn) {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", SMS_API_URL: to.url, ...env });
  return createSmsSender(config, createLogger("silent"))!;
}
const twilio = (languages?: string, to?: SmsStandIn) =>
  sender(
    {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: STAND_IN_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: STAND_IN_TWILIO.authToken,
      SMS_SENDER_ID: STAND_IN_TWILIO.sender,
      ...(languages ? { SMS_LANGUAGES: languages } : {}),
    },
    to,
  );
const msg91 = (env: Record<string, string>) =>
  sender({
    SMS_PROVIDER: "msg91",
    MSG91_AUTH_KEY: STAND_IN_MSG91.authKey,
    MSG91_TEMPLATE_ID: STAND_IN_MSG91.templateIds.en,
    ...env,
  });
const send = (smsSender: ReturnType<typeof sender>, language: Language, code = "482913") => smsSender.send({ to: TO, code, language });

describe("Twilio: the Body is the template of the page's language when SMS_LANGUAGES lists it", () => {
  it("sends a Tamil page's code in Tamil when ta is listed", async () => {
    await send(twilio("en,hi,ta"), "ta");
    expect(standIn.messages).toEqual([
      { provider: "twilio", to: TO, code: "482913", language: "ta", body: SMS_CODE_TEMPLATES.ta.replace("{#var#}", "482913") },
    ]);
  });

  it("sends a Tamil page's code in English when ta is not listed, and by default", async () => {
    await send(twilio("en,hi"), "ta");
    await send(twilio(undefined), "ta");
    expect(standIn.messages.map((message) => [message.language, message.body])).toEqual([
      ["en", SMS_CODE_TEMPLATES.en.replace("{#var#}", "482913")],
      ["en", SMS_CODE_TEMPLATES.en.replace("{#var#}", "482913")],
    ]);
    // Hindi stays as it was: listed by default.
    await send(twilio(undefined), "hi");
    expect(standIn.messages.at(-1)).toMatchObject({ language: "hi", body: SMS_CODE_TEMPLATES.hi.replace("{#var#}", "482913") });
  });

  it("sends every listed language's own text", async () => {
    const all = twilio("en,hi,bn,te,mr,ta,gu,or,kn,pa,ur,ml");
    for (const language of ["bn", "te", "mr", "gu", "or", "kn", "pa", "ur", "ml"] as const) await send(all, language);
    expect(standIn.messages.map((message) => message.language)).toEqual(["bn", "te", "mr", "gu", "or", "kn", "pa", "ur", "ml"]);
    expect(standIn.messages.every((message) => message.body === SMS_CODE_TEMPLATES[message.language].replace("{#var#}", "482913"))).toBe(
      true,
    );
  });

  it("is refused by a provider where the language's template is not registered (listed too early)", async () => {
    const enAndHiOnly = await startSmsStandIn({ languages: ["en", "hi"] });
    try {
      await expect(send(twilio("en,hi,ta", enAndHiOnly), "ta")).rejects.toBeInstanceOf(SmsNotSent);
      expect(enAndHiOnly.problems).toEqual(["Twilio: Body is not the registered DLT template's text"]);
      expect(enAndHiOnly.messages).toEqual([]);
      await send(twilio("en,hi,ta", enAndHiOnly), "hi");
      expect(enAndHiOnly.messages.map((message) => message.language)).toEqual(["hi"]);
    } finally {
      await enAndHiOnly.close();
    }
  });
});

describe("MSG91: the template id of the page's language when SMS_LANGUAGES lists it", () => {
  it("sends a Tamil page's code by the Tamil template when ta is listed", async () => {
    const env = {
      SMS_LANGUAGES: "en,hi,ta",
      MSG91_TEMPLATE_ID_HI: STAND_IN_MSG91.templateIds.hi,
      MSG91_TEMPLATE_ID_TA: STAND_IN_MSG91.templateIds.ta,
    };
    await send(msg91(env), "ta");
    expect(standIn.messages).toEqual([{ provider: "msg91", to: TO, code: "482913", language: "ta", body: STAND_IN_MSG91.templateIds.ta }]);
  });

  it("sends a Tamil page's code by the English template when ta is not listed, even with its id set", async () => {
    await send(msg91({ MSG91_TEMPLATE_ID_HI: STAND_IN_MSG91.templateIds.hi, MSG91_TEMPLATE_ID_TA: STAND_IN_MSG91.templateIds.ta }), "ta");
    await send(msg91({ SMS_LANGUAGES: "en,hi", MSG91_TEMPLATE_ID_HI: STAND_IN_MSG91.templateIds.hi }), "ta");
    expect(standIn.messages.map((message) => message.body)).toEqual([STAND_IN_MSG91.templateIds.en, STAND_IN_MSG91.templateIds.en]);
  });

  it("sends Hindi pages' codes by the English template when MSG91_TEMPLATE_ID_HI and SMS_LANGUAGES are unset, as before", async () => {
    await send(msg91({}), "hi");
    expect(standIn.messages.map((message) => message.body)).toEqual([STAND_IN_MSG91.templateIds.en]);
  });
});

describe("the stand-in", () => {
  it("refuses a Body that is not a registered template's text, and a template id it does not know", async () => {
    const twilioPost = (body: string) =>
      fetch(`${standIn.url}/2010-04-01/Accounts/${STAND_IN_TWILIO.accountSid}/Messages.json`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${STAND_IN_TWILIO.accountSid}:${STAND_IN_TWILIO.authToken}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ To: TO, From: STAND_IN_TWILIO.sender, Body: body }),
      });
    // One letter changed in the Tamil text; and the Tamil text with a five-digit code.
    expect((await twilioPost(SMS_CODE_TEMPLATES.ta.replace("{#var#}", "482913").replace("Mandi", "Mandy"))).status).toBe(400);
    expect((await twilioPost(SMS_CODE_TEMPLATES.ta.replace("{#var#}", "48291"))).status).toBe(400);
    const otp = new URL("/api/v5/otp", standIn.url);
    otp.search = new URLSearchParams({ template_id: "msg91TemplateXX01", mobile: TO.slice(1), otp: "482913" }).toString();
    expect((await fetch(otp, { method: "POST", headers: { authkey: STAND_IN_MSG91.authKey }, body: "{}" })).status).toBe(400);
    expect(standIn.problems.splice(0)).toEqual([
      "Twilio: Body is not the registered DLT template's text",
      "Twilio: Body is not the registered DLT template's text",
      "MSG91: unknown template_id",
    ]);
    expect(standIn.messages).toEqual([]);
  });
});
