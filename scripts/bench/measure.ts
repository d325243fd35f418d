/** Timing helpers for the benchmarks: latency percentiles and a plain-text table. */

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  /** Queries per second, one after another on one connection. */
  qps: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `run` for each input in turn, `runs` times in all after `warmup` untimed runs. */
export async function measure<T>(
  inputs: T[],
  runs: number,
  run: (input: T) => Promise<unknown>,
  warmup = Math.min(10, runs),
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await run(inputs[i % inputs.length]!);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(inputs[i % inputs.length]!);
    times.push(performance.now() - start);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { runs, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), qps: (runs * 1000) / total };
}

export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));

export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

/** `--name value` from the command line, or the fallback. */
export function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at !== -1 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

/** Waits until `target` answers 2xx (a server the benchmark started), for 120 s at most. */
export async function waitFor(target: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(target, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${target} did not answer within 120 s`);
}
