/**
 * OpenTelemetry traces (issue 27, decision 025) on the production build, sent to a collector this
 * test runs (OTLP over HTTP, JSON): a page's trace holds its queries as children, carries the
 * request id, is named by its route template, and no attribute holds anything personal.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppInstance, type AppInstance } from "../support/app-instance";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

const spans: OtlpSpan[] = [];
let collector: http.Server;
let app: AppInstance;
let dataDir: string;

const attribute = (span: OtlpSpan, key: string) => Object.values(span.attributes.find((a) => a.key === key)?.value ?? {})[0];

async function waitForSpan(match: (span: OtlpSpan) => boolean): Promise<OtlpSpan> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const found = spans.find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the span never reached the collector");
}

beforeAll(async () => {
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
        };
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const { port: collectorPort } = collector.address() as AddressInfo;
  dataDir = mkdtempSync(path.join(tmpdir(), "mandi-tracing-"));
  const port = await freePort();
  app = await startAppInstance({
    port,
    dataDir,
    env: {
      BASE_URL: `http://127.0.0.1:${port}`,
      WEB_CONCURRENCY: "1",
      AUTH_SECRET: "tracing-tests-secret-tracing-tests-secret",
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      // Send within a tenth of a second rather than the default five.
      OTEL_BSP_SCHEDULE_DELAY: "100",
    },
  });
}, 90_000);

afterAll(async () => {
  app?.process.kill("SIGTERM");
  await Promise.race([app?.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (app?.process.exitCode === null) app.process.kill("SIGKILL");
  collector?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("traces", () => {
  it("a page's trace holds its queries, under a span named by its route with the request id", async () => {
    const response = await fetch(`${app.url}/viewmore?q=onion`, { redirect: "manual", headers: { "x-request-id": "trace-test-1" } });
    expect(response.headers.get("x-request-id")).toBe("trace-test-1");
    const page = await waitForSpan((span) => attribute(span, "mandi.request_id") === "trace-test-1");
    expect(page.name).toBe("GET /viewmore");
    expect(page.kind).toBe(2); // SERVER
    expect(attribute(page, "http.route")).toBe("/viewmore");
    expect(Number(attribute(page, "http.response.status_code"))).toBe(response.status);
    const queries = await (async () => {
      await waitForSpan((span) => span.traceId === page.traceId && span.name.startsWith("db "));
      return spans.filter((span) => span.traceId === page.traceId && span.name.startsWith("db "));
    })();
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.parentSpanId).toBe(page.spanId);
      expect(attribute(query, "db.system.name")).toBe("sqlite");
      expect(String(attribute(query, "db.query.text"))).toMatch(/^\s*(select|with)\b/i);
    }
  });

  it("no span attribute carries an email, a phone number, a name or a session", async () => {
    const email = "tracing.farmer@example.com";
    const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ name: "Tracing Farmer", email, password: "a-long-password-1", phone: "+919812345678" }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const account = await fetch(`${app.url}/my/account`, { headers: { cookie, "x-request-id": "trace-test-2" } });
    expect(account.status).toBe(200);
    await waitForSpan((span) => attribute(span, "mandi.request_id") === "trace-test-2");
    const text = JSON.stringify(spans);
    for (const secret of [email, "9812345678", "Tracing Farmer", ...cookie.split("; ").map((c) => c.split("=")[1]!)])
      expect(text).not.toContain(secret);
  });
});
