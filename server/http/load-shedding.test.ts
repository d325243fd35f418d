import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { shedLoad } from "./load-shedding";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real HTTP server: an asynchronous step (like the static-file lookup) before the limit, then a page that takes `pageMs`. */
async function serve(limit: { max: number; queueWaitMs: number }, pageMs: number) {
  const app = express();
  app.use((_req, _res, next) => void sleep(30).then(() => next()));
  app.use(shedLoad(limit));
  app.get("/", (_req, res) => void sleep(pageMs).then(() => res.send("page")));
  app.post("/", (_req, res) => void sleep(pageMs).then(() => res.send("saved")));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function get(url: string, signal?: AbortSignal) {
  const started = performance.now();
  const response = await fetch(url, { signal: signal ?? AbortSignal.timeout(5_000) });
  await response.text();
  return { status: response.status, retryAfter: response.headers.get("retry-after"), ms: performance.now() - started };
}

describe("shedLoad", () => {
  it("serves what fits, lets a short line wait, and answers the rest 503 with Retry-After", async () => {
    const url = await serve({ max: 1, queueWaitMs: 150 }, 100);
    const replies = await Promise.all([get(url), get(url), get(url), get(url)]);
    const statuses = replies.map((r) => r.status).sort();
    // One renders, the next waits its 100 ms turn in the line of one; the other two find the line full.
    expect(statuses).toEqual([200, 200, 503, 503]);
    for (const reply of replies.filter((r) => r.status === 503)) {
      expect(reply.retryAfter).toBe("30");
      expect(reply.ms).toBeLessThan(1_000);
    }
  });

  it("answers 503 at once, without waiting, when the line is already full", async () => {
    const url = await serve({ max: 1, queueWaitMs: 2_000 }, 1_000);
    const first = get(url);
    await sleep(60);
    const second = get(url); // waits in the line of one
    await sleep(60);
    const third = await get(url);
    expect(third.status).toBe(503);
    expect(third.retryAfter).toBe("30");
    // The 30 ms step before the limit, not the 2 s line: told at once.
    expect(third.ms).toBeLessThan(500);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });

  it("never sheds a form being sent (a seller's work): a POST gets its turn even past a full line", async () => {
    const url = await serve({ max: 1, queueWaitMs: 0 }, 200);
    const [page, post] = await Promise.all([get(url), sleep(60).then(async () => (await fetch(url, { method: "POST", signal: AbortSignal.timeout(5_000) })).status)]);
    expect(page.status).toBe(200);
    expect(post).toBe(200);
  });

  it("gives back the place of a client that hung up before its request reached the limit", async () => {
    const url = await serve({ max: 1, queueWaitMs: 0 }, 50);
    for (let i = 0; i < 3; i++) {
      // Gone after 5 ms: the request is still in the asynchronous step before the limit.
      await get(url, AbortSignal.timeout(5)).catch(() => {});
    }
    await sleep(100);
    expect((await get(url)).status).toBe(200);
  });
});
