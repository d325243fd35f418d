/**
 * A kind of background job, typed (issue 39): its name as stored (alert_job.kind, pg-boss's queue),
 * the schema of its payload and what runs it. Whoever queues a job names its definition, so the
 * compiler checks the payload against the schema; the runner parses the stored payload with the
 * schema once, before the handler sees it (job-runner.ts), so a handler never re-checks a field.
 *
 * `handle` gets what it needs to run (`deps`) from whoever registers it (`jobs.handle(job,
 * deps)`, in server/services.ts): a definition is a plain constant that queuing code imports
 * without pulling in the services that run it.
 */
import type { z } from "zod";

/** A payload as stored: a JSON object. */
export type JobPayloadSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface JobDefinition<Schema extends JobPayloadSchema = JobPayloadSchema, Deps = never> {
  /** The name stored with each job; never renamed once jobs of it may be queued. */
  readonly kind: string;
  readonly payload: Schema;
  // A method, so a definition of any payload is still a JobDefinition (parameters of methods are bivariant).
  handle(payload: z.output<Schema>, deps: Deps): Promise<void>;
}

/** Any job definition, whatever its payload and what it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob = JobDefinition<JobPayloadSchema, any>;
/** What queuing a job of this definition takes: the schema's input. */
export type JobPayload<Job extends AnyJob> = z.input<Job["payload"]>;
/** What registering a job of this definition takes besides it: its handler's `deps`, none when it needs none. */
export type JobDepsArgs<Job extends AnyJob> = Parameters<Job["handle"]>[1] extends infer Deps
  ? [Deps] extends [void]
    ? []
    : [deps: Deps]
  : never;

export function defineJob<Schema extends JobPayloadSchema, Deps = void>(
  definition: JobDefinition<Schema, Deps>,
): JobDefinition<Schema, Deps> {
  return definition;
}
