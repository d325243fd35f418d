/** The job Web Push runs (decision 027): one match's notifications, retried by the queue when a push service fails. */
import type { JobQueue } from "../jobs/job-queue";
import { PUSH_MATCH_JOB, type PushService } from "./push.service";

export function registerPushJobs(deps: { jobs: JobQueue; push: PushService }): void {
  deps.jobs.handle(PUSH_MATCH_JOB, async (payload) => {
    const { savedSearchId, listingId, subscriptionId } = payload;
    if (typeof savedSearchId !== "string" || typeof listingId !== "string") return;
    await deps.push.sendMatch({ savedSearchId, listingId, ...(typeof subscriptionId === "string" ? { subscriptionId } : {}) });
  });
}
