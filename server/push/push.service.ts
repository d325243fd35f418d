/**
 * Web Push subscriptions (decision 027): a person's phones subscribe from My alerts, each bound
 * to the session that subscribed. What a match sends them is alerts' (server/alerts/delivery/
 * alert-push.service.ts).
 */
import { randomUUID } from "node:crypto";
import { AppError } from "../../core/shared/app-error";
import type { Language } from "../../core/i18n/languages";
import { requireActor, type Actor } from "../../core/accounts/policies";
import { MAX_PUSH_SUBSCRIPTIONS } from "../../core/alerts/push-subscription";
import { isPushServiceEndpoint } from "./push-endpoint";
import type { PushRepository } from "./push.repository";

export const PUSH_MESSAGES = {
  notAPushService: "This browser's notification service is not one we can send to.",
  notFound: "We could not find notifications for this phone among yours.",
  heldByAnother: "Notifications on this phone were turned on from another account. Please tap to turn them on again for yours.",
} as const;

export function createPushService(deps: {
  repository: PushRepository;
  publicKey: string;
  serviceHosts: readonly string[];
  now?: () => number;
}) {
  const { repository } = deps;
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
    async subscribe(input: {
      actor: Actor | null;
      sessionId: string;
      subscription: { endpoint: string; p256dh: string; auth: string };
      lang: Language;
    }): Promise<void> {
      const actor = signedIn(input.actor);
      const { endpoint, p256dh, auth } = input.subscription;
      // The server will post to this address: only to a push service, never anywhere a made-up
      // subscription names, however it is spelt (push-endpoint.ts).
      if (!isPushServiceEndpoint(endpoint, deps.serviceHosts)) throw new AppError("BAD_INPUT", PUSH_MESSAGES.notAPushService);
      const saved = await repository.save(
        { id: randomUUID(), user_id: actor.id, endpoint, p256dh, auth, lang: input.lang, session_id: input.sessionId, created_at: now() },
        MAX_PUSH_SUBSCRIPTIONS,
      );
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
  };
}

export type PushService = ReturnType<typeof createPushService>;
