/**
 * Twilio's Messages API (decision 058): POST /2010-04-01/Accounts/{AccountSid}/Messages.json with
 * HTTP Basic auth (AccountSid:AuthToken) and a form-encoded To, From or MessagingServiceSid, and
 * Body. For India, the sender ID and the template are registered on DLT through Twilio, which
 * matches the Body against the registered text: the Body is exactly the template (sms-text.ts) of
 * the page's language when SMS_LANGUAGES lists it, else English's (`smsLanguage`).
 */
import type { Language } from "../../core/i18n/languages";
import type { SmsProviderConfig } from "../config";
import { postToProvider, SmsNotSent, type SmsSender } from "./sms-sender";
import { smsCodeText, smsLanguage } from "./sms-text";

export function createTwilioSender(
  provider: Extract<SmsProviderConfig, { name: "twilio" }>,
  options: { languages: readonly Language[]; timeoutMs: number },
): SmsSender {
  const { languages, timeoutMs } = options;
  const url = new URL(`/2010-04-01/Accounts/${encodeURIComponent(provider.accountSid)}/Messages.json`, provider.apiUrl).toString();
  const authorization = `Basic ${Buffer.from(`${provider.accountSid}:${provider.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: smsCodeText(message.code, smsLanguage(message.language, languages)) });
      if ("messagingServiceSid" in provider.from) form.set("MessagingServiceSid", provider.from.messagingServiceSid);
      else form.set("From", provider.from.sender);
      const response = await postToProvider(
        url,
        { headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, body: form },
        timeoutMs,
      );
      // 201 Created is the one answer that means Twilio has the message.
      await response.body?.cancel();
      if (response.status !== 201) throw new SmsNotSent(`Twilio answered ${response.status}`);
    },
  };
}
