/**
 * Load shedding in the server `npm start` runs (server/http/app.ts, createHttpServer; decision
 * 038): the real app and services over real HTTP, with one page at a time and no line. A page is
 * held where it reaches React Router (its build is asked for and not given until the test says).
 */
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "../../server/http/app";
import { createTestServices, type TestServices } from "../support/test-services";
import { listenForTest } from "../support/test-http-app";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("load shedding in the server npm start runs", () => {
  let t: TestServices;
  let server: Server;
  let listening: Awaited<ReturnType<typeof listenForTest>> | undefined;
  let base: string;
  /** Pages that reached React Router, each waiting for its build. */
  const held: Array<() => void> = [];

  beforeAll(async () => {
    t = await createTestServices({ env: { PAGE_CONCURRENCY: "1", PAGE_QUEUE_LENGTH: "0", PAGE_CACHE_MS: "0" } });
    server = createHttpServer({
      services: t,
      build: () => new Promise<ServerBuild>((_resolve, reject) => held.push(() => reject(new Error("pages are not built in this test")))),
    });
    // The request metrics ask for the build once, for its route table: not a page.
    for (const release of held.splice(0)) release();
    listening = await listenForTest(server);
    base = listening.url;
  });

  afterAll(async () => {
    await listening?.close();
    await t?.cleanup();
  });

  async function reached(count: number) {
    for (let i = 0; i < 1000 && held.length < count; i++) await sleep(2);
    expect(held).toHaveLength(count);
  }

  const get = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { signal: AbortSignal.timeout(5_000), ...init });

  it("answers a page beyond the limit 503 with Retry-After at once, never a health check or a form, and lets the next page in once the place is free", async () => {
    const first = get("/viewmore?q=onion");
    await reached(1);

    const shed = await get("/view/7", { headers: { "Accept-Language": "hi" } });
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("30");
    expect(shed.headers.get("cache-control")).toBe("no-store");
    expect(await shed.text()).toContain('<html lang="hi-IN"');
    // Turned away before React Router: the only page that asked for the build is the first.
    expect(held).toHaveLength(1);

    expect((await get("/healthz")).status).toBe(200);
    // A POST is never shed: it goes on to React Router (and its build) past the limit.
    const post = get("/sell", { method: "POST", headers: { Origin: new URL(t.config.baseUrl).origin } });
    await reached(2);

    held[0]!();
    held[1]!();
    expect((await first).status).toBe(500);
    expect((await post).status).toBe(500);

    // The place is free again: the next page reaches React Router.
    const next = get("/");
    await reached(3);
    held[2]!();
    expect((await next).status).toBe(500);
  });
});
