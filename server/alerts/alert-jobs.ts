/** The jobs alerts run (decision 022): matching a listing that became live, and its mail. */
import type { Config } from "../config";
import type { JobQueue } from "../jobs/job-queue";
import type { Logger } from "../logger";
import type { AlertsService } from "./alerts.service";
import type { SavedSearchesRepository } from "./saved-searches.repository";

export function registerAlertJobs(deps: { jobs: JobQueue; alerts: AlertsService; repository: SavedSearchesRepository; config: Config; logger: Logger; now?: () => number }): void {
  const { jobs, alerts } = deps;
  jobs.handle("match-listing", async (payload) => {
    if (typeof payload.listingId !== "string") return;
    await alerts.matchListing(payload.listingId);
  });
}
