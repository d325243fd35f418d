/**
 * The back office's Failed jobs page (decision 028): jobs that failed every attempt, and queueing
 * one again once its cause is fixed. Admins only (core/accounts/policies.ts), checked here as well as by
 * the page.
 */
import { AppError } from "../../core/shared/app-error";
import type { Role } from "../../core/accounts/roles";
import { canManageJobs } from "../../core/accounts/policies";
import type { FailedJob, JobQueue } from "./job-queue";

export const FAILED_JOBS_MESSAGES = {
  gone: "That job is no longer waiting to be retried: it may have been retried already.",
} as const;

/** Jobs the page shows, newest failure first. */
const SHOWN = 100;
/** The longest error message the page shows; the rest stays in the log. */
export const ERROR_SHOWN_CHARS = 300;

type Actor = { id: string; role: Role } | null;

export function createFailedJobsService(deps: { jobs: Pick<JobQueue, "listFailed" | "retry" | "driver"> }) {
  function allowed(actor: Actor): asserts actor is NonNullable<Actor> {
    // Anyone else is told the page does not exist, as the back office does (decision 014).
    if (!canManageJobs(actor)) throw new AppError("NOT_FOUND", "We could not find that page.");
  }
  return {
    async list(input: { actor: Actor }): Promise<{ jobs: FailedJob[]; driver: string }> {
      allowed(input.actor);
      const jobs = await deps.jobs.listFailed(SHOWN);
      return {
        driver: deps.jobs.driver,
        jobs: jobs.map((job) => ({ ...job, lastError: job.lastError === null ? null : truncate(job.lastError) })),
      };
    },
    async retry(input: { actor: Actor; id: string }): Promise<void> {
      allowed(input.actor);
      if (!(await deps.jobs.retry(input.id))) throw new AppError("CONFLICT", FAILED_JOBS_MESSAGES.gone);
    },
  };
}

function truncate(text: string): string {
  return text.length > ERROR_SHOWN_CHARS ? `${text.slice(0, ERROR_SHOWN_CHARS - 1)}…` : text;
}

export type FailedJobsService = ReturnType<typeof createFailedJobsService>;
