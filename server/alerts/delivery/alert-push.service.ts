/**
 * A saved search's match as Web Push (decision 027): each match of an instant search with the
 * push channel becomes one notification per phone whose session is still signed in, in the
 * language that phone subscribed in. The phones and the sending are server/push's.
 */
import { createHash } from "node:crypto";
import { CATALOGUES } from "../../../core/i18n/catalogues";
import { isLanguage, type Language } from "../../../core/i18n/languages";
import { placeLabel } from "../../../core/locations";
import { formatRupees } from "../../../core/money/money";
import type { PushPayload } from "../../../core/alerts/push-subscription";
import { backoffMs, type JobQueue } from "../../jobs/job-queue";
import type { Logger } from "../../logger";
import { isPushServiceEndpoint } from "../../push/push-endpoint";
import type { PushRepository } from "../../push/push.repository";
import type { PushSender } from "../../push/push-sender";
import type { AlertPushRepository } from "./alert-push.repository";
import { pushMatchJob } from "./push-jobs";

/** The notification about a listing, in a language: its name, price per kg and place. */
export function matchPayload(
  listing: { id: string; name: string; pricePaise: number; state: string | null; district: string | null; place: string | null },
  lang: Language,
): PushPayload {
  const c = CATALOGUES[lang];
  const price = c.unit.perKg.replace("{{price}}", formatRupees(listing.pricePaise));
  const where = [listing.place, placeLabel(listing, lang)].filter(Boolean).join(", ");
  return {
    title: c.alerts.pushTitle.replace("{{name}}", listing.name),
    body: where ? `${price} · ${where}` : price,
    url: `/view/${listing.id}`,
  };
}

export function createAlertPushService(deps: {
  matches: AlertPushRepository;
  subscriptions: Pick<PushRepository, "listLiveForUser" | "delete">;
  send: PushSender;
  jobs: JobQueue;
  serviceHosts: readonly string[];
  logger: Logger;
  now?: () => number;
}) {
  const { matches, subscriptions, logger } = deps;
  const now = deps.now ?? Date.now;

  return {
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
      const match = await matches.findMatchToPush(input.savedSearchId, input.listingId, at);
      if (!match || (match.pushed && !input.subscriptionId)) return { sent: 0, gone: 0 };
      // Only to phones whose session is still signed in; the others are forgotten, unsent to (a
      // shared phone must not keep hearing someone who is no longer signed in on it).
      const { live: all } = await subscriptions.listLiveForUser(match.userId, at);
      const phones = input.subscriptionId ? all.filter((s) => s.id === input.subscriptionId) : all;
      const topic = createHash("sha256").update(`listing:${match.listing.id}`).digest("base64url").slice(0, 32);
      // A row stored before endpoints were checked strictly (or planted) is refused unsent.
      const results = await Promise.allSettled(
        phones.map((s) =>
          isPushServiceEndpoint(s.endpoint, deps.serviceHosts)
            ? deps.send(s, matchPayload(match.listing, isLanguage(s.lang) ? s.lang : "en"), topic)
            : Promise.resolve("refused" as const),
        ),
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
          if (result.value === "refused")
            logger.warn({ subscriptionId: phone.id }, "a push subscription names an address the server never posts to; it is forgotten");
          await subscriptions.delete(phone.id);
        } else {
          failed.push(phone.id);
          logger.warn({ err: result.reason, subscriptionId: phone.id }, "a push message could not be sent; it will be retried");
        }
      }
      if (failed.length && (input.subscriptionId || failed.length === phones.length))
        throw new Error(`push failed for ${failed.length} of ${phones.length} phones`);
      for (const id of failed) {
        await deps.jobs.enqueue(
          pushMatchJob,
          { savedSearchId: input.savedSearchId, listingId: input.listingId, subscriptionId: id },
          { key: `push:${input.savedSearchId}:${input.listingId}:${id}`, userId: match.userId, runAt: at + backoffMs(1) },
        );
      }
      if (!input.subscriptionId) await matches.markPushed(match.matchId, at);
      return { sent, gone };
    },
  };
}

export type AlertPushService = ReturnType<typeof createAlertPushService>;
