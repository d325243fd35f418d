/** The job that makes a saved listing's preview cards (decision 023, issue 38). */
import { z } from "zod";
import { defineJob } from "../jobs/define-job";

/** Queued after a listing's save has committed (share-cards.service.ts's queueCards). */
export const shareCardsJob = defineJob({
  kind: "share-cards",
  payload: z.object({ listingId: z.string() }),
  handle: async ({ listingId }, shareCards: { makeCards(listingId: string): Promise<void> }) => {
    await shareCards.makeCards(listingId);
  },
});
