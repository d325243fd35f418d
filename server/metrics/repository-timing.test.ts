/**
 * Repository calls are timed by function (issue 27): a real sign-up, listing and search on a real
 * database count under the functions they called, and a failing call is timed and still fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingFields } from "../../tests/support/listings";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { repositoryCallDuration } from "./metrics";
import { timedRepository } from "./repository-timing";

async function callCounts(): Promise<Map<string, number>> {
  const { values } = await repositoryCallDuration.get();
  return new Map(values.filter((entry) => entry.metricName?.endsWith("_count")).map((entry) => [String(entry.labels.function), entry.value]));
}

describe("repository timing", () => {
  let t: TestServices;
  beforeAll(async () => {
    // Recorded only where they can be read (recording-switch.test.ts).
    t = await createTestServices({ env: { METRICS_PORT: "9464" } });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("counts each repository function a real request path calls, under its own name", async () => {
    const before = await callCounts();
    const seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
    const photo = await makeProducePhoto("vegetables", 1, { width: 200, height: 150 });
    await t.listings.createListing({ actor: seller, fields: listingFields({ name: "Nashik onion", category: "Vegetable" }), photos: [{ bytes: photo, fileName: "p.jpg" }] });
    await t.search.browseListings({ q: "onion" });
    const after = await callCounts();
    const grown = [...after].filter(([name, count]) => count > (before.get(name) ?? 0)).map(([name]) => name);
    expect(grown.some((name) => name.startsWith("listings."))).toBe(true);
    expect(grown.some((name) => name.startsWith("listingSearch."))).toBe(true);
    for (const name of after.keys()) expect(name).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/);
  });

  it("times a call that fails, passes its error on, and keeps plain values and generators as they are", async () => {
    const boom = new Error("database gone");
    const repository = timedRepository("probe", {
      limit: 5,
      async fails(): Promise<never> {
        throw boom;
      },
      sync: (n: number) => n * 2,
      async *rows() {
        yield 1;
      },
    });
    const before = (await callCounts()).get("probe.fails") ?? 0;
    await expect(repository.fails()).rejects.toBe(boom);
    expect(((await callCounts()).get("probe.fails") ?? 0) - before).toBe(1);
    expect(repository.sync(21)).toBe(42);
    expect(repository.limit).toBe(5);
    const rows = [];
    for await (const row of repository.rows()) rows.push(row);
    expect(rows).toEqual([1]);
  });
});
