// The part of autocannon's API the HTTP benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    pipelining?: number;
    /** Cycled through in turn on each connection. */
    requests?: Array<{
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
    }>;
  }
  /** With a callback: the run's tracker, which emits every answer (the overload benchmark counts them by status). */
  interface Tracker {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Tracker;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Tracker;
  export default autocannon;
}
