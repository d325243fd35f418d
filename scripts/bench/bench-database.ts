/**
 * The PostgreSQL database a benchmark may use: the one DATABASE_URL names, only when its name
 * says it is for benchmarks. Benchmarks empty what they run on (saved searches, jobs, a whole
 * marketplace), and DATABASE_URL is also the app's own variable: a shell that holds production's
 * must never have it wiped by a benchmark.
 */
export function benchPostgresUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith("postgres")) return undefined;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/bench/i.test(name)) {
    console.error(
      `Benchmarks empty the database they run on, so they run only on one whose name contains "bench" (DATABASE_URL names "${name}"). Create one, e.g. \`createdb mandi_bench\`, and point DATABASE_URL at it.`,
    );
    process.exit(2);
  }
  return url;
}
