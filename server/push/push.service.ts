/**
 * Web Push for saved-search alerts (decision 027): a person's phones subscribe from My alerts,
 * and each match of an instant search with the push channel becomes one notification per phone,
 * in the language that phone subscribed in.
 */
import { createHash, randomUUID } from "node:crypto";
import { AppError } from "../../core/shared/app-error";
import { CATALOGUES } from "../../core/i18n/catalogues";
import type { Language } from "../../core/i18n/languages";
import { placeLabel } from "../../core/locations";
import { formatRupees } from "../../core/money/money";
import { requireActor, type Actor } from "../../core/accounts/policies";
import { MAX_PUSH_SUBSCRIPTIONS, type PushPayload } from "../../core/alerts/push-subscription";
import { backoffMs, type JobQueue } from "../jobs/job-queue";
import type { Logger } from "../logger";
import { isPushServiceEndpoint } from "./push-endpoint";
import type { PushRepository } from "./push.repository";
import type { PushSender } from "./push-sender";

export const PUSH_MESSAGES = {
  notAPushService: "This browser's notification service is not one we can send to.",
  notFound: "We could not find notifications for this phone among yours.",
  heldByAnother: "Notifications on this phone were turned on from another account. Please tap to turn them on again for yours.",
} as const;

/** The job that sends one match's notifications (enqueued by alerts' matchListing). */
export const PUSH_MATCH_JOB = "push-match";

/** The notification about a listing, in a language: its name, price per kg and place. */
export function matchPayload(listing: { id: string; name: string; pricePaise: number; state: string | null; district: string | null; place: string | null }, lang: Language): PushPayload {
  const c = CATALOGUES[lang];
  const price = c.unit.perKg.replace("{{price}}", formatRupees(listing.pricePaise));
  const where = [listing.place, placeLabel(listing, lang)].filter(Boolean).join(", ");
  return { title: c.alerts.pushTitle.replace("{{name}}", listing.name), body: where ? `${price} · ${where}` : price, url: `/view/${listing.id}` };
}

export function createPushService(deps: { repository: PushRepository; send: PushSender; jobs: JobQueue; publicKey: string; serviceHosts: readonly string[]; logger: Logger; now?: () => number }) {
  const { repository, logger } = deps;
  const now = deps.now ?? Date.now;

  function signedIn(actor: Actor | null): Actor {
    requireActor(actor);
    return actor;
  }

  return {
    /** What a browser subscribes with (the VAPID public key). */
    publicKey: deps.publicKey,

    /**
     * Stores the phone's subscription for the person signed in, bound to their session
     * (`sessionId`): it is sent to only while that session lives (migration 0023).
     */
    async subscribe(input: { actor: Actor | null; sessionId: string; subscription: { endpoint: string; p256dh: string; auth: string }; lang: Language }): Promise<void> {
      const actor = signedIn(input.actor);
      const { endpoint, p256dh, auth } = input.subscription;
      // The server will post to this address: only to a push service, never anywhere a made-up
      // subscription names, however it is spelt (push-endpoint.ts).
      if (!isPushServiceEndpoint(endpoint, deps.serviceHosts)) throw new AppError("BAD_INPUT", PUSH_MESSAGES.notAPushService);
      const saved = await repository.save({ id: randomUUID(), user_id: actor.id, endpoint, p256dh, auth, lang: input.lang, session_id: input.sessionId, created_at: now() }, MAX_PUSH_SUBSCRIPTIONS);
      // Someone else's phone subscription is never taken over (the page then drops the browser's
      // subscription, so the next tap makes a fresh endpoint of this person's own).
      if (!saved) throw new AppError("CONFLICT", PUSH_MESSAGES.heldByAnother);
    },

    async unsubscribe(input: { actor: Actor | null; endpoint: string }): Promise<void> {
      const actor = signedIn(input.actor);
      // Only one's own: someone else's subscription reads as not found.
      if (!(await repository.deleteMine(actor.id, input.endpoint))) throw new AppError("NOT_FOUND", PUSH_MESSAGES.notFound);
    },

    /**
     * Whether this phone (its endpoint) has notifications on for the person signed in, so My
     * alerts shows the switch as it really is. When it has, the subscription is bound to the
     * session asking (the same person on the same phone, signed in anew).
     */
    async status(input: { actor: Actor | null; sessionId: string; endpoint: string }): Promise<{ subscribed: boolean }> {
      const actor = signedIn(input.actor);
      return { subscribed: await repository.claimMine(actor.id, input.endpoint, input.sessionId) };
    },

    /**
     * Sends one match to the person's phones whose session is still live (all of them, or the one a
     * retry names), once:
     * `pushed_at` marks it sent. A phone the push service calls gone is forgotten, and so is one
     * whose endpoint leads anywhere but a push service outside (refused, unsent, never retried). When every
     * phone failed, the job fails and the queue retries it with backoff; when only some did, the
     * match is marked sent and each failed phone gets its own retrying job, so the others are not
     * told twice. A kill between sending and marking sends again on the rerun: the notification's
     * tag and topic (the listing) make the phone show it once.
     */
    async sendMatch(input: { savedSearchId: string; listingId: string; subscriptionId?: string }): Promise<{ sent: number; gone: number }> {
      const at = now();
      const match = await repository.findMatchToPush(input.savedSearchId, input.listingId, at);
      if (!match || (match.pushed && !input.subscriptionId)) return { sent: 0, gone: 0 };
      // Only to phones whose session is still signed in; the others are forgotten, unsent to (a
      // shared phone must not keep hearing someone who is no longer signed in on it).
      const { live: all } = await repository.listLiveForUser(match.userId, at);
      const phones = input.subscriptionId ? all.filter((s) => s.id === input.subscriptionId) : all;
      const topic = createHash("sha256").update(`listing:${match.listing.id}`).digest("base64url").slice(0, 32);
      // A row stored before endpoints were checked strictly (or planted) is refused unsent.
      const results = await Promise.allSettled(
        phones.map((s) => (isPushServiceEndpoint(s.endpoint, deps.serviceHosts) ? deps.send(s, matchPayload(match.listing, s.lang === "hi" ? "hi" : "en"), topic) : Promise.resolve("refused" as const))),
      );
      let sent = 0;
      let gone = 0;
      const failed: string[] = [];
      for (const [i, result] of results.entries()) {
        const phone = phones[i]!;
        if (result.status === "fulfilled" && result.value === "sent") sent++;
        else if (result.status === "fulfilled") {
          // Gone (404/410) or refused (it leads inside): forgotten, never retried.
          gone++;
          if (result.value === "refused") logger.warn({ subscriptionId: phone.id }, "a push subscription names an address the server never posts to; it is forgotten");
          await repository.delete(phone.id);
        } else {
          failed.push(phone.id);
          logger.warn({ err: result.reason, subscriptionId: phone.id }, "a push message could not be sent; it will be retried");
        }
      }
      if (failed.length && (input.subscriptionId || failed.length === phones.length)) throw new Error(`push failed for ${failed.length} of ${phones.length} phones`);
      for (const id of failed) {
        await deps.jobs.enqueue(PUSH_MATCH_JOB, { savedSearchId: input.savedSearchId, listingId: input.listingId, subscriptionId: id }, { key: `push:${input.savedSearchId}:${input.listingId}:${id}`, userId: match.userId, runAt: at + backoffMs(1) });
      }
      if (!input.subscriptionId) await repository.markPushed(match.matchId, at);
      return { sent, gone };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
