/** The job alerts run (decision 022): matching a listing that became live; its mail and push are delivery/'s. */
import { z } from "zod";
import { defineJob } from "../jobs/define-job";

/** Queued in the transaction that makes a listing live (alerts.service.ts's listingBecameLive, decision 044). */
export const matchListingJob = defineJob({
  kind: "match-listing",
  payload: z.object({ listingId: z.string() }),
  handle: async ({ listingId }, alerts: { matchListing(listingId: string): Promise<unknown> }) => {
    await alerts.matchListing(listingId);
  },
});
