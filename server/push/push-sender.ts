/**
 * Posting one message to a push service, with the well-kept `web-push` package doing what RFC
 * 8291 (aes128gcm encryption to the browser's keys) and RFC 8292 (the VAPID signature) ask.
 * Bounded: a push service that does not answer is given up on, and the job retries later.
 */
import webpush from "web-push";
import type { PushPayload } from "../../core/alerts/push-subscription";
import { createPushAgent, PushDestinationRefusedError } from "./push-endpoint";
import type { VapidKeys } from "./vapid-keys";

/** Longest one push service may take to answer (the socket's idle time, then the whole post). */
export const PUSH_TIMEOUT_MS = 10_000;
/** A push service keeps an undelivered message this long (a phone switched off for a day). */
const TTL_SECONDS = 24 * 3600;

/** "refused": the endpoint leads to an address inside; nothing was sent and it never will be. */
export type PushOutcome = "sent" | "gone" | "refused";

export class PushFailedError extends Error {
  override name = "PushFailedError";
}

export function createPushSender(options: { vapid: VapidKeys; subject: string; serviceHosts: readonly string[]; timeoutMs?: number }) {
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  // Refuses internal addresses after DNS, whatever endpoint a stored subscription names.
  const agent = createPushAgent({ exempt: options.serviceHosts });
  const vapidDetails = { subject: options.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey };

  /**
   * "sent", or "gone" when the push service says the subscription no longer exists (404, 410):
   * the caller forgets it; "refused" when the endpoint leads inside (the agent would not connect).
   * Anything else (5xx, 429, a timeout, a refused connection) throws.
   * `topic` lets the push service replace a copy of the same message it still holds.
   */
  return async function send(
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: PushPayload,
    topic: string,
  ): Promise<PushOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PushFailedError(`the push service did not answer within ${timeoutMs} ms`)), timeoutMs + 1_000);
    });
    try {
      await Promise.race([
        webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails,
            TTL: TTL_SECONDS,
            topic,
            urgency: "normal",
            contentEncoding: "aes128gcm",
            timeout: timeoutMs,
            agent,
          },
        ),
        deadline,
      ]);
      return "sent";
    } catch (error) {
      if (error instanceof PushDestinationRefusedError) return "refused";
      if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return "gone";
      if (error instanceof webpush.WebPushError)
        throw new PushFailedError(`the push service answered ${error.statusCode}`, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
