/**
 * Prometheus metrics (issue 27, decision 025) through real HTTP on the production build: after a
 * known set of requests the counters say exactly that; two workers add up in one scrape; a route
 * label is a template, and hostile paths and methods add no new label values; metrics are never
 * on the public port, and a token guards them when set. Needs the production build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppInstance, type AppInstance } from "../support/app-instance";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's samples (no HELP/TYPE lines). */
function parse(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const pair of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

const pick = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

async function scrape(port: number, token?: string): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await response.text());
}

const instances: AppInstance[] = [];
const scratch: string[] = [];

async function start(env: Record<string, string>): Promise<{ app: AppInstance; metricsPort: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-metrics-"));
  scratch.push(dataDir);
  const [port, metricsPort] = [await freePort(), await freePort()];
  const app = await startAppInstance({
    port,
    dataDir,
    env: {
      BASE_URL: `http://127.0.0.1:${port}`,
      METRICS_PORT: String(metricsPort),
      AUTH_SECRET: "metrics-tests-secret-metrics-tests-secret",
      ...env,
    },
  });
  instances.push(app);
  return { app, metricsPort };
}

afterAll(async () => {
  for (const instance of instances) instance.process.kill("SIGTERM");
  await Promise.race([Promise.all(instances.map((i) => i.exited)), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  for (const instance of instances) if (instance.process.exitCode === null) instance.process.kill("SIGKILL");
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe("one process", () => {
  let app: AppInstance;
  let metricsPort: number;

  beforeAll(async () => {
    ({ app, metricsPort } = await start({ WEB_CONCURRENCY: "1", PAGE_CACHE_MS: "60000" }));
  }, 90_000);

  it("counts a known set of requests exactly, by route template, method and status class", async () => {
    const before = await scrape(metricsPort);
    const count = (samples: Sample[], labels: Record<string, string>) => pick(samples, "mandi_http_request_duration_seconds_count", labels);

    // Every body is read to its end: a response counts when the server has sent all of it, and
    // a body nobody reads may still be on its way when the scrape below asks.
    const get = async (pathname: string, init?: RequestInit) => {
      const response = await fetch(`${app.url}${pathname}`, init);
      await response.arrayBuffer();
      return response;
    };
    for (let i = 0; i < 3; i++) expect((await get(`/signup?from=${i}`)).status).toBe(200);
    for (const id of ["00000000-0000-4000-8000-000000000001", "not-a-listing", "%E0%A4%AA"]) await get(`/view/${id}`);
    await get("/healthz");
    // The same anonymous page twice: rendered once, then from the page cache.
    // An empty market's /viewmore sends people home (the specification's "No items found").
    expect((await get("/viewmore?q=onion", { redirect: "manual" })).status).toBe(302);
    await get("/");
    const cached = (await get("/")).headers.get("x-page-cache")!;
    expect(["hit", "shared"]).toContain(cached);

    const after = await scrape(metricsPort);
    const delta = (labels: Record<string, string>) => count(after, labels) - count(before, labels);
    expect(delta({ route: "/signup", method: "GET", status_class: "2xx" })).toBe(3);
    expect(delta({ route: "/viewmore", method: "GET", status_class: "3xx" })).toBe(1);
    expect(delta({ route: "/", method: "GET", status_class: "2xx" })).toBe(2);
    expect(delta({ route: "/view/:id", method: "GET", status_class: "4xx" })).toBe(3);
    expect(delta({ route: "/healthz", method: "GET", status_class: "2xx" })).toBe(1);
    // Histogram buckets are cumulative: the +Inf bucket holds them all.
    expect(pick(after, "mandi_http_request_duration_seconds_bucket", { route: "/signup", le: "+Inf", status_class: "2xx" })).toBe(
      count(after, { route: "/signup", status_class: "2xx" }),
    );
    expect(
      pick(after, "mandi_page_cache_requests_total", { result: cached }) -
        pick(before, "mandi_page_cache_requests_total", { result: cached }),
    ).toBe(1);
    expect(
      pick(after, "mandi_page_cache_requests_total", { result: "miss" }) -
        pick(before, "mandi_page_cache_requests_total", { result: "miss" }),
    ).toBeGreaterThanOrEqual(1);
    // The database's queries were timed, and Node's own figures are there.
    expect(pick(after, "mandi_db_query_duration_seconds_count", { statement: "select" })).toBeGreaterThan(0);
    expect(pick(after, "mandi_process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(after.some((s) => s.name === "mandi_nodejs_eventloop_lag_p99_seconds")).toBe(true);
    expect(after.some((s) => s.name.startsWith("mandi_nodejs_gc_duration_seconds"))).toBe(true);
  });

  it("adds no label values for hostile paths and methods, and carries nothing personal", async () => {
    const hostile = [
      "/view/<script>alert(1)</script>",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/viewmore?q=" + "प्याज".repeat(200),
      "/seller/someone@example.com",
      "/" + "a/".repeat(300),
      "/my/listings/123/edit?x=1&x=2",
      "/\u200b\u202e",
      "/api/auth/../../metrics",
    ];
    for (const url of hostile) await fetch(`${app.url}${url}`).catch(() => undefined);
    for (const method of ["PROPFIND", "BREW", "DELETE"]) await fetch(`${app.url}/viewmore`, { method }).catch(() => undefined);
    const samples = await scrape(metricsPort);
    const routes = new Set(samples.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route));
    const known = new Set([
      "/",
      "/signup",
      "/login",
      "/logout",
      "/create",
      "/view",
      "/view/:id",
      "/view/:id/report",
      "/viewmore",
      "/my/listings",
      "/my/listings/:id/edit",
      "/seller/:id",
      "/api/suggestions",
      "/language",
      "/my/account",
      "/admin",
      "/admin/listings/:id",
      "/admin/people",
      "/admin/audit",
      "/admin/jobs",
      "/*",
      "/healthz",
      "/readyz",
      "/assets/*",
      "/media/*",
      "/uploads/*",
      "/api/auth/*",
      "/i18n/*",
    ]);
    for (const route of routes) expect(known.has(route!) || /^\/[\w/:.-]*$/.test(route!), `route label ${route}`).toBe(true);
    expect([...routes].some((route) => route!.includes("script") || route!.includes("@") || route!.includes("प"))).toBe(false);
    const methods = new Set(samples.map((s) => s.labels.method).filter(Boolean));
    for (const method of methods) expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"]).toContain(method);
    const text = samples.map((s) => JSON.stringify(s.labels)).join("\n");
    expect(text).not.toMatch(/@|session|password|phone/i);
  });

  it("is never on the public port, and answers only /metrics on its own", async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: "POST" })).status).toBe(404);
  });
});

describe("two workers and a token", () => {
  const token = "a-scraper-token-of-some-length-0123";
  let app: AppInstance;
  let metricsPort: number;

  beforeAll(async () => {
    ({ app, metricsPort } = await start({ WEB_CONCURRENCY: "2", METRICS_TOKEN: token }));
    // The instance answers once its first worker does; the primary's scrape waits for both.
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 500))) {
      const reply = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      if (reply.status === 200 && (await reply.text()).includes('worker="2"')) break;
    }
  }, 90_000);

  it("refuses a scrape without the right token", async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
    const wrong = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("adds up both workers in one scrape", async () => {
    const before = pick(await scrape(metricsPort, token), "mandi_http_request_duration_seconds_count", { route: "/healthz" });
    // New connections each time, so the cluster hands them to both workers.
    const requests = 40;
    for (let i = 0; i < requests; i++) await fetch(`${app.url}/healthz`, { headers: { connection: "close" } });
    const samples = await scrape(metricsPort, token);
    expect(pick(samples, "mandi_http_request_duration_seconds_count", { route: "/healthz" }) - before).toBe(requests);
    const workers = new Set(samples.filter((s) => s.name === "mandi_process_resident_memory_bytes").map((s) => s.labels.worker));
    expect([...workers].sort()).toEqual(["1", "2"]);
  });
});
