/**
 * The shared counters (decision 046) on a real database, both engines: one statement counts
 * exactly under a concurrent burst, a new window starts again, ended windows are pruned, and an
 * IPv6 client is counted by its /64.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { clientSubject } from "./client-subject";

describe.each(testEngines())("shared counters on %s", (engine) => {
  let t: TestServices;
  beforeAll(
    async () => void (t = await createTestServices({ engine, env: { PHONE_REVEALS_PER_HOUR: "3", PHONE_REVEAL_PRESSES_PER_HOUR: "2" } })),
  );
  afterAll(() => t?.cleanup());
  const rows = () => t.db.kysely.selectFrom("rate_counter").selectAll().orderBy("counter_key").execute();

  it("counts every hit of a concurrent burst exactly once, and starts again in the next window", async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, () => t.rateCounter.hit("test:burst", 60)));
    expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    t.clock.now += 60_000;
    expect((await t.rateCounter.hit("test:burst", 60)).hits).toBe(1);
  });

  it("forgets windows that ended, so the table holds only recent counters", async () => {
    await t.rateCounter.hit("test:old", 60);
    // Past the minute between prunes, and past the windows above.
    t.clock.now += 3 * 60_000;
    await t.rateCounter.hit("test:new", 3600);
    expect((await rows()).map((row) => row.counter_key)).toEqual(["test:new"]);
  });

  it("shows the number on the threshold's pages per address, then counts presses under their own ceiling", async () => {
    const pages = [];
    for (let i = 0; i < 5; i++) pages.push(await t.phoneReveals.countPage("203.0.113.5"));
    expect(pages).toEqual([true, true, true, false, false]);
    expect(await t.phoneReveals.countPage("198.51.100.5")).toBe(true);
    const presses = [];
    for (let i = 0; i < 3; i++) presses.push(await t.phoneReveals.countPress("203.0.113.5"));
    expect(presses.slice(0, 2)).toEqual([{ allowed: true }, { allowed: true }]);
    expect(presses[2]).toMatchObject({ allowed: false, retryAfterSeconds: expect.any(Number) });
    // One /64 is one client, whichever of its addresses it uses.
    for (let i = 0; i < 3; i++) await t.phoneReveals.countPage(`2001:db8:1:2::${i + 1}`);
    expect(await t.phoneReveals.countPage("2001:db8:1:2:ffff:1:2:3")).toBe(false);
    expect(await t.phoneReveals.countPage("2001:db8:1:3::1")).toBe(true);
  });
});

describe("clientSubject", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6 and takes an IPv6 address's /64", () => {
    expect(clientSubject("203.0.113.7")).toBe("203.0.113.7");
    expect(clientSubject("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientSubject("2001:db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientSubject("::1")).toBe("0:0:0:0::/64");
    expect(clientSubject("2001:DB8:1:2::5")).toBe("2001:db8:1:2::/64");
    expect(clientSubject("")).toBe("");
  });
});
