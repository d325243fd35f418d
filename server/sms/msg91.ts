/**
 * MSG91's OTP API (decision 058): POST /api/v5/otp with the `authkey` header and the query's
 * `template_id` (an MSG91 template mapped to its DLT template and sender ID in MSG91's panel),
 * `mobile` (the number with 91 in front, no +) and `otp` (our code: MSG91 only delivers it; the
 * code is checked by us, as with any provider). MSG91 answers 200 with `{"type":"success"}` or
 * `{"type":"error","message":…}`. The page's language picks the template (one per language in
 * SMS_LANGUAGES, `smsLanguage`); the text is the one registered under it, never sent by us.
 */
import { z } from "zod";
import type { Language } from "../../core/i18n/languages";
import type { SmsProviderConfig } from "../config";
import { postToProvider, SmsNotSent, type SmsSender } from "./sms-sender";
import { smsLanguage } from "./sms-text";

const answerSchema = z.object({ type: z.string() });

export function createMsg91Sender(
  provider: Extract<SmsProviderConfig, { name: "msg91" }>,
  options: { languages: readonly Language[]; timeoutMs: number },
): SmsSender {
  const { languages, timeoutMs } = options;
  return {
    name: "msg91",
    async send(message) {
      // The config refuses to start with a language listed and its template id missing; never sent without one.
      const templateId = provider.templateIds[smsLanguage(message.language, languages)];
      if (!templateId) throw new SmsNotSent("no MSG91 template id for the language");
      const url = new URL("/api/v5/otp", provider.apiUrl);
      url.searchParams.set("template_id", templateId);
      url.searchParams.set("mobile", message.to.replace(/^\+/, ""));
      url.searchParams.set("otp", message.code);
      url.searchParams.set("otp_expiry", "10");
      if (provider.sender) url.searchParams.set("sender", provider.sender);
      const response = await postToProvider(
        url.toString(),
        { headers: { authkey: provider.authKey, "content-type": "application/json", accept: "application/json" }, body: "{}" },
        timeoutMs,
      );
      if (!response.ok) {
        await response.body?.cancel();
        throw new SmsNotSent(`MSG91 answered ${response.status}`);
      }
      const answer = answerSchema.safeParse(await response.json().catch(() => null));
      if (!answer.success || answer.data.type !== "success") throw new SmsNotSent("MSG91 did not answer success");
    },
  };
}
