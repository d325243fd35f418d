/**
 * What both job drivers share (decision 028): the handlers registered by kind, and running one
 * attempt of a job: parsing its payload with its kind's schema, timing it, counting its outcome
 * (done, retry, failed) and logging a failure. The drivers only decide which job runs and record
 * what this returns.
 */
import { z } from "zod";
import { jobDuration, jobsRun } from "../metrics/metrics";
import type { Logger } from "../logger";
import type { AnyJob, JobDepsArgs } from "./define-job";
import { MAX_JOB_ATTEMPTS } from "./job-queue";

/** A stored payload, run: parsed with its kind's schema, then handled. */
type StoredJobHandler = (payload: unknown) => Promise<void>;

/** What an attempt came to: done, or the error's message and whether attempts are left. */
export type AttemptResult = { ok: true } | { ok: false; message: string; final: boolean };

/** The longest error message kept with a job. */
const MAX_ERROR_CHARS = 1000;

export function createJobRunner(logger: Logger) {
  const handlers = new Map<string, StoredJobHandler>();
  return {
    handle<Job extends AnyJob>(job: Job, ...deps: JobDepsArgs<Job>): void {
      handlers.set(job.kind, async (payload) => {
        const parsed = job.payload.safeParse(payload);
        if (!parsed.success) throw new Error(`the payload of a ${job.kind} job does not fit its schema: ${z.prettifyError(parsed.error)}`);
        await job.handle(parsed.data, deps[0]);
      });
    },
    kinds(): string[] {
      return [...handlers.keys()];
    },
    /** Runs attempt number `attempt` (1 for the first) of a job; never throws. */
    async run(job: { id: string; kind: string; payload: unknown; attempt: number }): Promise<AttemptResult> {
      const handler = handlers.get(job.kind);
      const stopTimer = jobDuration.startTimer({ kind: job.kind });
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job.payload);
        jobsRun.inc({ kind: job.kind, outcome: "done" });
        return { ok: true };
      } catch (error) {
        const final = job.attempt >= MAX_JOB_ATTEMPTS;
        jobsRun.inc({ kind: job.kind, outcome: final ? "failed" : "retry" });
        logger.warn(
          { err: error, jobId: job.id, kind: job.kind, attempts: job.attempt },
          final ? "job failed for good" : "job failed; will retry",
        );
        const message = error instanceof Error ? error.message : String(error);
        return { ok: false, message: message.slice(0, MAX_ERROR_CHARS), final };
      } finally {
        stopTimer();
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
