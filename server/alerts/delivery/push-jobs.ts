/** The job Web Push runs (decision 027): one match's notifications, retried by the queue when a push service fails. */
import { z } from "zod";
import { defineJob } from "../../jobs/define-job";

/** Queued by matching (alerts.service.ts), and again for each phone that failed (alert-push.service.ts). */
export const pushMatchJob = defineJob({
  kind: "push-match",
  // subscriptionId: one phone's retry; without it, every phone of the person.
  payload: z.object({ savedSearchId: z.string(), listingId: z.string(), subscriptionId: z.string().optional() }),
  handle: async (
    payload,
    push: { sendMatch(input: { savedSearchId: string; listingId: string; subscriptionId?: string }): Promise<unknown> },
  ) => {
    await push.sendMatch(payload);
  },
});
