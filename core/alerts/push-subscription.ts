/**
 * A browser's Web Push subscription as the page sends it (decision 027): the push service's
 * address and the two keys the message is encrypted with (RFC 8291). Parsed on the server before
 * anything is stored; the browser part (app/features/alerts/push-notifications.ts) sends these fields.
 */
import { z } from "zod";

/** Phones one person may have notifications on; subscribing one more forgets the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** Push services' addresses are a few hundred characters; anything far longer is not one. */
export const MAX_PUSH_ENDPOINT_LENGTH = 1000;

const NOT_A_SUBSCRIPTION = "This browser's notification details could not be read. Please try again.";

const endpoint = z
  .string(NOT_A_SUBSCRIPTION)
  .max(MAX_PUSH_ENDPOINT_LENGTH, NOT_A_SUBSCRIPTION)
  // Printable ASCII only, as push services write them: the URL parser (and zod after it) would
  // silently drop tabs and newlines, and trim spaces, so refuse them rather than guess (issue 38).
  .regex(/^[\x21-\x7e]+$/, NOT_A_SUBSCRIPTION)
  .pipe(z.url({ protocol: /^https$/, error: NOT_A_SUBSCRIPTION }));

export const pushActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("subscribe"),
      endpoint,
      // An uncompressed P-256 point (65 bytes, starting 0x04: "B…") and a 16-byte secret, base64url.
      p256dh: z.string(NOT_A_SUBSCRIPTION).regex(/^B[A-Za-z0-9_-]{86}$/, NOT_A_SUBSCRIPTION),
      auth: z.string(NOT_A_SUBSCRIPTION).regex(/^[A-Za-z0-9_-]{22}$/, NOT_A_SUBSCRIPTION),
    }),
    z.object({ intent: z.literal("unsubscribe"), endpoint }),
    // Is this phone's subscription (still) one the server sends to, for the person signed in?
    z.object({ intent: z.literal("status"), endpoint }),
  ],
  "Please choose whether to turn notifications on or off.",
);
export type PushAction = z.infer<typeof pushActionSchema>;

/** What a notification about a match carries to the service worker. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path on this site (the listing's page). */
  url: string;
}
