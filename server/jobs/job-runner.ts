/**
 * What both job drivers share (decision 028): the handlers registered by kind, and running one
 * attempt of a job: timing it, counting its outcome (done, retry, failed) and logging a failure.
 * The drivers only decide which job runs and record what this returns.
 */
import { jobDuration, jobsRun } from "../metrics/metrics";
import type { Logger } from "../logger";
import { MAX_JOB_ATTEMPTS, type JobHandler } from "./job-queue";

/** What an attempt came to: done, or the error's message and whether attempts are left. */
export type AttemptResult = { ok: true } | { ok: false; message: string; final: boolean };

/** The longest error message kept with a job. */
const MAX_ERROR_CHARS = 1000;

export function createJobRunner(logger: Logger) {
  const handlers = new Map<string, JobHandler>();
  return {
    handle(kind: string, handler: JobHandler): void {
      handlers.set(kind, handler);
    },
    kinds(): string[] {
      return [...handlers.keys()];
    },
    /** Runs attempt number `attempt` (1 for the first) of a job; never throws. */
    async run(job: { id: string; kind: string; payload: Record<string, unknown>; attempt: number }): Promise<AttemptResult> {
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
        logger.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempt }, final ? "job failed for good" : "job failed; will retry");
        const message = error instanceof Error ? error.message : String(error);
        return { ok: false, message: message.slice(0, MAX_ERROR_CHARS), final };
      } finally {
        stopTimer();
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
