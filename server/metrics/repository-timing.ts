/**
 * Times every call of a repository's functions (issue 27: "query duration by repository
 * function"). A repository is a plain object of functions, so one wrapper serves them all; the
 * label is `<repository>.<function>`, names from our code, never from a request.
 */
import { repositoryCallDuration } from "./metrics";

/** `timedRepository` when metrics are recorded (METRICS_PORT set); otherwise each repository as it is. */
export function repositoryTimer(enabled: boolean): <T extends object>(name: string, repository: T) => T {
  return enabled ? timedRepository : (_name, repository) => repository;
}

/** The repositories `timedRepository` made, so a test can tell a timed one from a bare one. */
const timedOnes = new WeakSet<object>();

export function isTimedRepository(repository: object): boolean {
  return timedOnes.has(repository);
}

export function timedRepository<T extends object>(name: string, repository: T): T {
  const timed: Record<string, unknown> = {};
  timedOnes.add(timed);
  for (const [key, value] of Object.entries(repository)) {
    if (typeof value !== "function" || value.constructor.name === "AsyncGeneratorFunction") {
      timed[key] = value;
      continue;
    }
    const label = { function: `${name}.${key}` };
    timed[key] = (...args: unknown[]) => {
      const stop = repositoryCallDuration.startTimer(label);
      let result: unknown;
      try {
        result = (value as (...a: unknown[]) => unknown).apply(repository, args);
      } catch (error) {
        stop();
        throw error;
      }
      if (result instanceof Promise) return result.finally(stop);
      stop();
      return result;
    };
  }
  return timed as T;
}
