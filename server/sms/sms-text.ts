/**
 * The verification code's SMS, word for word as its templates are registered on India's DLT
 * (decision 058): an operator drops a message whose text differs from its registered template by
 * a single character, so the text lives here once and nowhere else. `{#var#}` is DLT's
 * placeholder for the code.
 */
import type { Language } from "../../core/i18n/languages";

/** The languages with a registered template; a code asked for from a page in another goes in English (decision 060). */
export type SmsLanguage = "en" | "hi";

export function smsLanguage(language: Language): SmsLanguage {
  return language === "hi" ? "hi" : "en";
}

export const SMS_CODE_TEMPLATES: Readonly<Record<SmsLanguage, string>> = {
  en: "{#var#} is your Mandi code to verify your phone number. It is valid for 10 minutes. Do not share it with anyone.",
  hi: "{#var#} Mandi पर आपका फ़ोन नंबर सत्यापित करने का कोड है। यह 10 मिनट तक मान्य है। इसे किसी को न बताएँ।",
};

export function smsCodeText(code: string, language: Language): string {
  return SMS_CODE_TEMPLATES[smsLanguage(language)].replace("{#var#}", code);
}
