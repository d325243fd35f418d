/**
 * The code's SMS in every language (decision 058, amended): each text is what its DLT template
 * registers, so it is checked here for what an operator's matcher and a phone need, and for the
 * parts it costs (sms-text.ts's comment gives the same counts).
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../core/i18n/languages";
import { SMS_CODE_TEMPLATES, smsCodeText, smsLanguage } from "./sms-text";

/** UCS-2 units of the SMS with a six-digit code, by language; English is GSM-7 characters. */
const UNITS = { en: 111, hi: 100, bn: 95, te: 108, mr: 99, ta: 122, gu: 98, or: 106, kn: 106, pa: 105, ur: 96, ml: 108 };

/** Parts a text takes: GSM-7 160 alone or 153 each concatenated; otherwise UCS-2, 70 alone or 67 each. */
function parts(text: string): number {
  const gsm = /^[\x20-\x7e]*$/.test(text);
  const [single, each] = gsm ? [160, 153] : [70, 67];
  // Every character here is in the Basic Multilingual Plane: one UCS-2 unit each, as `length` counts.
  return text.length <= single ? 1 : Math.ceil(text.length / each);
}

describe("the code's SMS text", () => {
  it.each(LANGUAGES)("in %s: {#var#} once, Mandi in Latin, Western digits, nothing invisible, NFC, two parts at most", (language) => {
    const template = SMS_CODE_TEMPLATES[language];
    expect(template.split("{#var#}")).toHaveLength(2);
    expect(template).toContain("Mandi");
    expect(template).toContain("10");
    // No digits but 0-9 (no Devanagari, Bengali, Tamil… or Arabic-Indic digits), no ZWJ/ZWNJ or direction marks.
    expect(template.replace(/[0-9]/g, "")).not.toMatch(/\p{Nd}/u);
    expect(template).not.toMatch(/\p{Cf}/u);
    expect(template.normalize("NFC")).toBe(template);
    expect(template).toBe(template.trim());
    const text = smsCodeText("123456", language);
    expect(text.length).toBe(UNITS[language]);
    expect(parts(text)).toBe(language === "en" ? 1 : 2);
  });

  it("writes Urdu in Urdu's letters, not Arabic's", () => {
    expect(SMS_CODE_TEMPLATES.ur).toMatch(/[\u0600-\u06FF]/);
    // Arabic yeh, kaf and heh instead of Urdu's ی, ک and ہ would be another text to the operator.
    expect(SMS_CODE_TEMPLATES.ur).not.toMatch(/[\u064A\u0643\u0647]/);
    expect(SMS_CODE_TEMPLATES.ur).toContain("۔");
  });

  it("keeps English's and Hindi's texts as registered since decision 058", () => {
    expect(SMS_CODE_TEMPLATES.en).toBe(
      "{#var#} is your Mandi code to verify your phone number. It is valid for 10 minutes. Do not share it with anyone.",
    );
    expect(SMS_CODE_TEMPLATES.hi).toBe("{#var#} Mandi पर आपका फ़ोन नंबर सत्यापित करने का कोड है। यह 10 मिनट तक मान्य है। इसे किसी को न बताएँ।");
  });

  it("sends in the page's language only when it is registered, else in English", () => {
    expect(smsLanguage("ta", ["en", "hi", "ta"])).toBe("ta");
    expect(smsLanguage("ta", ["en", "hi"])).toBe("en");
    expect(smsLanguage("hi", ["en", "hi"])).toBe("hi");
    expect(smsLanguage("hi", ["en"])).toBe("en");
    expect(smsLanguage("en", ["en"])).toBe("en");
  });
});
