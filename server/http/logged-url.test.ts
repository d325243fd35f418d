import type { Server } from "node:http";
import { Writable } from "node:stream";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { listenForTest } from "../../tests/support/test-http-app";
import { createLogger } from "../logger";
import { createHttpServer } from "./app";
import { loggedUrl } from "./logged-url";

describe("loggedUrl", () => {
  it("leaves a position's figures and a link's token out of a logged address, and the rest as it was", () => {
    expect(loggedUrl("/viewmore?q=onion&lat=25.6&lon=85.1&sort=near")).toBe("/viewmore?q=onion&lat=-&lon=-&sort=near");
    expect(loggedUrl("/viewmore?LAT=25.6")).toBe("/viewmore?LAT=-");
    expect(loggedUrl("/viewmore?q=plateau&flat=1")).toBe("/viewmore?q=plateau&flat=1");
    expect(loggedUrl("/alerts/unsubscribe?t=abc.def")).toBe("/alerts/unsubscribe?t=-");
    expect(loggedUrl("/viewmore")).toBe("/viewmore");
  });

  it("reads a parameter's name as the handler does: percent-encoded, any case, any path (issue 38, finding 7)", () => {
    expect(loggedUrl("/ALERTS/UNSUBSCRIBE?t=abc.def")).toBe("/ALERTS/UNSUBSCRIBE?t=-");
    expect(loggedUrl("/alerts//unsubscribe/?%74=abc.def")).toBe("/alerts//unsubscribe/?%74=-");
    expect(loggedUrl("/viewmore?%6cat=25.61&%6C%6Fn=85.13")).toBe("/viewmore?%6cat=-&%6C%6Fn=-");
    expect(loggedUrl("/viewmore?q=x&&lat=25.6&lat=26.1#top")).toBe("/viewmore?q=x&&lat=-&lat=-");
    expect(loggedUrl("/api/auth/verify-email?token=secret&callbackURL=/")).toBe("/api/auth/verify-email?token=-&callbackURL=/");
    expect(loggedUrl("/viewmore?%zz=1&l%61t=9")).toBe("/viewmore?%zz=1&l%61t=-");
    expect(loggedUrl("/viewmore?+lat=9")).toBe("/viewmore?+lat=-");
  });
});

describe("the request log of the server npm start runs", () => {
  let t: TestServices;
  let server: Server;
  let listening: Awaited<ReturnType<typeof listenForTest>> | undefined;
  let base: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestServices({ env: { PAGE_CACHE_MS: "0" } });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    });
    // The real app with its request log written here; pages are not built in this test (a 500 is logged like any answer).
    server = createHttpServer({
      services: { ...t, logger: createLogger("info", sink) },
      build: () => Promise.reject(new Error("pages are not built in this test")) as Promise<ServerBuild>,
    });
    listening = await listenForTest(server);
    base = listening.url;
  });

  afterAll(async () => {
    await listening?.close();
    await t?.cleanup();
  });

  it("keeps no unsubscribe token and no position, however the address is spelt", async () => {
    const secret = "SECRET-TOKEN-4711";
    const position = "25.6127";
    const paths = [
      `/alerts/unsubscribe?t=${secret}`,
      `/ALERTS/UNSUBSCRIBE?t=${secret}`,
      `/Alerts/Unsubscribe/?t=${secret}`,
      `/alerts/unsubscribe?%74=${secret}`,
      `/alerts/unsubscribe?x=1&%54=${secret}`,
      `/viewmore?q=onion&lat=${position}&lon=${position}&sort=near`,
      `/viewmore?q=onion&%6cat=${position}&%6c%6fn=${position}&sort=near`,
      `/VIEWMORE?LAT=${position}&Lon=${position}`,
      `/api/auth/verify-email?token=${secret}`,
    ];
    for (const pathname of paths) {
      const response = await fetch(`${base}${pathname}`, { signal: AbortSignal.timeout(10_000) });
      expect(response.status, pathname).toBeLessThan(600);
      await response.arrayBuffer();
    }
    const logged = lines.map((line) => JSON.parse(line) as { req?: { url?: string } }).filter((line) => line.req?.url);
    // Every request was logged, none with what it carried.
    expect(logged.length).toBeGreaterThanOrEqual(paths.length);
    expect(lines.join("\n")).not.toContain(secret);
    expect(lines.join("\n")).not.toContain(position);
  });
});
