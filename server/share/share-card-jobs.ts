/** The job that makes a saved listing's preview cards (decision 023, issue 38). */
import type { JobQueue } from "../jobs/job-queue";
import { SHARE_CARDS_JOB, type ShareCardsService } from "./share-cards.service";

export function registerShareCardJobs(deps: { jobs: JobQueue; shareCards: ShareCardsService }): void {
  deps.jobs.handle(SHARE_CARDS_JOB, async (payload) => {
    if (typeof payload.listingId !== "string") return;
    await deps.shareCards.makeCards(payload.listingId);
  });
}
