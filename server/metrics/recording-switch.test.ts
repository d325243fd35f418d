/**
 * Metrics are recorded only where they can be read: with METRICS_PORT, a request through the real
 * app counts in the request histogram, the query histogram and the repository timing; without it,
 * the same request counts in none of them (decision 036's off switch), and is answered the same.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHttpApp, type TestHttpApp } from "../../tests/support/test-http-app";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { dbQueryDuration, httpDuration, repositoryCallDuration } from "./metrics";

/** Every observation so far of the three histograms: the sum of their `_count` series. */
async function observations(): Promise<{ requests: number; queries: number; repositoryCalls: number }> {
  const count = async (histogram: { get(): Promise<{ values: Array<{ metricName?: string; value: number }> }> }) =>
    (await histogram.get()).values.filter((entry) => entry.metricName?.endsWith("_count")).reduce((sum, entry) => sum + entry.value, 0);
  return {
    requests: await count(httpDuration),
    queries: await count(dbQueryDuration),
    repositoryCalls: await count(repositoryCallDuration),
  };
}

describe.each<{ setting: string; env: Record<string, string>; records: boolean }>([
  { setting: "with METRICS_PORT", env: { METRICS_PORT: "9464" }, records: true },
  { setting: "without METRICS_PORT", env: {}, records: false },
])("metrics $setting", ({ env, records }) => {
  let t: TestServices;
  let http: TestHttpApp;
  beforeAll(async () => {
    t = await createTestServices({ env });
    http = await startTestHttpApp(t);
  });
  afterAll(async () => {
    await http.close();
    await t.cleanup();
  });

  it(
    records
      ? "a search through the API counts in the request, query and repository figures"
      : "a search through the API counts in none of them",
    async () => {
      const before = await observations();
      const response = await fetch(`${http.url}/api/v1/listings?q=onion&limit=3`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ items: [], total: 0 });
      const after = await observations();
      if (records) {
        expect(after.requests - before.requests).toBe(1);
        expect(after.queries).toBeGreaterThan(before.queries);
        expect(after.repositoryCalls).toBeGreaterThan(before.repositoryCalls);
      } else {
        expect(after).toEqual(before);
      }
    },
  );
});
