/**
 * Repository calls are timed by function (issue 27): a real sign-up, listing and search on a real
 * database count under the functions they called, and a failing call is timed and still fails.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingFields } from "../../tests/support/listings";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { repositoryCallDuration } from "./metrics";
import { createRepositories } from "../repositories";
import { isTimedRepository, timedRepository } from "./repository-timing";

const SERVER_DIR = path.resolve(import.meta.dirname, "..");

/** Every repository factory server/ has: `export function create…Repository` in a *.repository.ts file. */
function repositoryFactories(): string[] {
  const files = readdirSync(SERVER_DIR, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".repository.ts"));
  return files.flatMap((file) =>
    [...readFileSync(path.join(SERVER_DIR, file), "utf8").matchAll(/^export function (create\w+Repository)\(/gm)].map((match) => match[1]!),
  );
}

async function callCounts(): Promise<Map<string, number>> {
  const { values } = await repositoryCallDuration.get();
  return new Map(
    values.filter((entry) => entry.metricName?.endsWith("_count")).map((entry) => [String(entry.labels.function), entry.value]),
  );
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
    await t.listings.createListing({
      actor: seller,
      fields: listingFields({ name: "Nashik onion", category: "Vegetable" }),
      photos: [{ bytes: photo, fileName: "p.jpg" }],
    });
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

  it("times every repository the services use: each factory of server/ is made in createRepositories, and services.ts makes none itself", async () => {
    const factories = repositoryFactories();
    expect(factories.length).toBeGreaterThan(10);
    const made = readFileSync(path.join(SERVER_DIR, "repositories.ts"), "utf8");
    for (const factory of factories) expect(made, factory).toMatch(new RegExp(`\\b${factory}\\(`));
    const services = readFileSync(path.join(SERVER_DIR, "services.ts"), "utf8");
    expect(services.match(/\bcreate\w+Repository\(/g) ?? []).toEqual([]);

    const repositories = createRepositories(t.db, { authSecret: t.config.authSecret, timed: true });
    expect(Object.keys(repositories)).toHaveLength(factories.length);
    for (const [name, repository] of Object.entries(repositories)) expect(isTimedRepository(repository), name).toBe(true);
    // Off where metrics are not read (decision 036): the same repositories, bare.
    for (const repository of Object.values(createRepositories(t.db, { authSecret: t.config.authSecret, timed: false })))
      expect(isTimedRepository(repository)).toBe(false);
  });

  it("times the repositories better-auth's hooks use, through the services' own", async () => {
    const before = await callCounts();
    const person = makeSeller(2);
    await t.accounts.signUp({ ...person, phone: "+919876543211" }, new Headers());
    await t.accounts.signIn({ email: person.email, password: person.password }, new Headers());
    const after = await callCounts();
    const grown = [...after].filter(([name, count]) => count > (before.get(name) ?? 0)).map(([name]) => name);
    expect(grown).toContain("accounts.isBanned");
    expect(grown.some((name) => name.startsWith("signInFailures."))).toBe(true);
  });
});
