/**
 * Sending a verification code by SMS (issue 43, decision 058): one small interface, one module per
 * provider's HTTP API, and the development stand-in that writes the code to the log. A send that
 * the provider refuses, that fails, or that takes longer than the timeout throws `SmsNotSent`;
 * the caller tells the person to try again in a minute. Neither the number nor the code is ever
 * put in an error's message, a log line above debug, a metric or a trace.
 */
import type { Language } from "../../core/i18n/languages";
import type { Config, SmsProviderConfig } from "../config";
import type { Logger } from "../logger";
import { createMsg91Sender } from "./msg91";
import { createTwilioSender } from "./twilio";

export interface SmsMessage {
  /** E.164, +91 only (core/shared/phone). */
  to: string;
  /** Six digits. */
  code: string;
  /** The page's language; the sender sends in it if SMS_LANGUAGES lists it, else in English (`smsLanguage`). */
  language: Language;
}

export interface SmsSender {
  /** "twilio", "msg91" or "dev-log": for the log and the page, never with the message. */
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** The provider did not take the message (down, slow, refused); `reason` is safe to log (no number, no code). */
export class SmsNotSent extends Error {
  override name = "SmsNotSent";
  constructor(readonly reason: string) {
    super(`the SMS provider did not take the message: ${reason}`);
  }
}

/**
 * The sender the settings name; without a provider, the log stand-in outside production and null
 * in production (verification says it is not available: nothing pretends a code was sent).
 */
export function createSmsSender(config: Pick<Config, "env" | "sms">, logger: Logger): SmsSender | null {
  const provider: SmsProviderConfig | null = config.sms.provider;
  const options = { languages: config.sms.languages, timeoutMs: config.sms.timeoutMs };
  if (provider?.name === "twilio") return createTwilioSender(provider, options);
  if (provider?.name === "msg91") return createMsg91Sender(provider, options);
  if (config.env === "production") return null;
  return {
    name: "dev-log",
    async send(message) {
      // The one log line that carries a code: development and tests only, never production.
      logger.info({ devOnlySms: { to: message.to, code: message.code } }, "DEV ONLY (no SMS provider): phone verification code");
    },
  };
}

/** One POST to a provider, bounded by `timeoutMs`; any network failure or timeout is `SmsNotSent`. */
export async function postToProvider(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, method: "POST", redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new SmsNotSent(timedOut ? `no answer within ${timeoutMs} ms` : "could not reach the provider");
  }
}
