import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import {
  admitPage,
  createPageLimiter,
  MAX_ACCEPT_TURNS,
  shedAtFront,
  shedBeforeExpress,
  type PageLimit,
  type PageLimiter,
} from "./load-shedding";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pages held inside the route until the test lets them finish, by request (`?n=`). */
function heldPages() {
  const held = new Map<string, () => void>();
  const entered: string[] = [];
  return {
    entered,
    handler: (req: express.Request, res: express.Response) => {
      const n = String(req.query.n);
      entered.push(n);
      new Promise<void>((resolve) => held.set(n, resolve)).then(
        () => res.send(`page ${n}`),
        () => {},
      );
    },
    /** Waits until page `n` has reached the route (a place is taken before the work in front of it). */
    async reached(n: string) {
      for (let i = 0; i < 500 && !held.has(n); i++) await sleep(2);
      expect(held.has(n)).toBe(true);
    },
    /** Lets page `n` finish, once it has reached the route. */
    async finish(n: string) {
      await this.reached(n);
      held.get(n)!();
    },
  };
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/**
 * A real HTTP server shaped like the app: the front check, work before the limit (counted, as
 * the static-file lookup and the rest are), an optional stand-in page cache, the limit, the pages.
 */
async function serve(limit: Partial<PageLimit>, options: { now?: () => number; cached?: string } = {}) {
  const pages = heldPages();
  const full: PageLimit = { max: 1, queueLength: 1, queueTargetMs: 10_000, queueWaitMs: 10_000, ...limit };
  const limiter = createPageLimiter(full, options.now);
  const reachedWork: string[] = [];
  const app = express();
  app.use(shedAtFront(limiter, full, (_req, path) => path === options.cached));
  app.use((req, _res, next) => {
    reachedWork.push(req.path);
    void sleep(5).then(() => next());
  });
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.get("/assets/app.js", (_req, res) => void res.type("js").send("ok"));
  if (options.cached) app.get(options.cached, (_req, res) => void res.send("from the cache"));
  app.all("*splat", admitPage(limiter, full), pages.handler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, pages, limiter, reachedWork };
}

/**
 * The same, as `npm start` runs it (app.ts, createHttpServer): the decision is made in the
 * server's own request listener, and Express only sees what was let through. `reachedExpress`
 * lists what Express saw; `sockets` the server's side of each page's connection, by `?n=`.
 */
async function serveBeforeExpress(limit: Partial<PageLimit>) {
  const pages = heldPages();
  const full: PageLimit = { max: 1, queueLength: 1, queueTargetMs: 10_000, queueWaitMs: 10_000, ...limit };
  const limiter = createPageLimiter(full);
  const reachedExpress: string[] = [];
  const sockets = new Map<string, Socket>();
  const app = express();
  app.use((req, _res, next) => {
    reachedExpress.push(req.path);
    next();
  });
  // The app keeps its own front check (for the app alone); it must let through what was decided before.
  app.use(shedAtFront(limiter, full));
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.all("*splat", admitPage(limiter, full), pages.handler);
  const front = shedBeforeExpress(limiter, full);
  const server = createServer((req: IncomingMessage, res) => {
    const n = new URL(req.url ?? "/", "http://x").searchParams.get("n");
    if (n) sockets.set(n, req.socket);
    front(req, res, () => app(req, res));
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, pages, limiter, reachedExpress, sockets };
}

async function get(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000), ...init });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    type: response.headers.get("content-type"),
    body: await response.text(),
  };
}

/** Waits until the limiter shows the given state (the requests are on their way over HTTP). */
async function until(limiter: PageLimiter, state: { active: number; waiting: number }) {
  for (let i = 0; i < 500 && (limiter.active !== state.active || limiter.waiting !== state.waiting); i++) await sleep(2);
  expect({ active: limiter.active, waiting: limiter.waiting }).toEqual(state);
}

describe("load shedding (decision 038)", () => {
  it("with one page rendering and no line, answers the next 503 with Retry-After at the front, before any other work", async () => {
    const { base, pages, limiter, reachedWork } = await serve({ max: 1, queueLength: 0 });
    const first = get(`${base}/viewmore?n=1`);
    await until(limiter, { active: 1, waiting: 0 });

    const shed = await get(`${base}/viewmore?n=2`);
    expect(shed.status).toBe(503);
    expect(shed.retryAfter).toBe("30");
    expect(shed.type).toMatch(/^text\/html/);
    expect(shed.body).toContain('<html lang="en-IN"');
    // Shed at the front: the work before the limit never saw it.
    expect(reachedWork).toEqual(["/viewmore"]);

    await pages.finish("1");
    expect((await first).status).toBe(200);
    await until(limiter, { active: 0, waiting: 0 });
    const after = get(`${base}/viewmore?n=3`);
    await until(limiter, { active: 1, waiting: 0 });
    await pages.finish("3");
    expect((await after).status).toBe(200);
  });

  it("starts a page on a later turn of the event loop, so a request read in the same turn finds the place taken", async () => {
    // On SQLite a render never gives the loop back: started at once, it would free its place
    // before the next request in the same turn was looked at, and that one would render too.
    const limiter = createPageLimiter({ max: 1, queueLength: 0, queueTargetMs: 10, queueWaitMs: 100 });
    const started: Array<() => void> = [];
    limiter.enter((done) => started.push(done));
    expect(started).toEqual([]);
    expect(limiter.mustShed()).toBe("queue_full");
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(1);
    started[0]!();
    expect(limiter.mustShed()).toBeNull();
  });

  it("answers in the asker's language or as JSON, and a HEAD without a body", async () => {
    const { base, limiter } = await serve({ max: 1, queueLength: 0 });
    void get(`${base}/?n=1`).catch(() => {});
    await until(limiter, { active: 1, waiting: 0 });
    const hindi = await get(`${base}/view/7?n=2`, { headers: { "Accept-Language": "hi" } });
    expect(hindi.status).toBe(503);
    expect(hindi.body).toContain('<html lang="hi-IN"');
    const json = await get(`${base}/viewmore.data?n=3`, { headers: { Accept: "application/json" } });
    expect(json.status).toBe(503);
    expect(JSON.parse(json.body)).toMatchObject({ error: "unavailable", retryAfterSeconds: 30 });
    const head = await get(`${base}/?n=4`, { method: "HEAD" });
    expect(head).toMatchObject({ status: 503, retryAfter: "30", body: "" });
  });

  it("lets waiting pages in first come, first served, as places free up", async () => {
    const { base, pages, limiter } = await serve({ max: 1, queueLength: 3 });
    const replies = [get(`${base}/?n=1`)];
    await until(limiter, { active: 1, waiting: 0 });
    for (const n of ["2", "3", "4"]) {
      replies.push(get(`${base}/?n=${n}`));
      await until(limiter, { active: 1, waiting: Number(n) - 1 });
    }
    // The line is full: the fifth is turned away at once.
    expect((await get(`${base}/?n=5`)).status).toBe(503);

    for (const n of ["1", "2", "3", "4"]) {
      await until(limiter, { active: 1, waiting: 4 - Number(n) });
      await pages.finish(n);
      await sleep(10);
    }
    expect((await Promise.all(replies)).map((r) => r.body)).toEqual(["page 1", "page 2", "page 3", "page 4"]);
    expect(pages.entered).toEqual(["1", "2", "3", "4"]);
  });

  it("sheds new arrivals at once while the line stands above its target for 100 ms, and queues again once it has cleared", async () => {
    let clock = 0;
    const { base, pages, limiter } = await serve({ max: 1, queueLength: 10, queueTargetMs: 20 }, { now: () => clock });
    const first = get(`${base}/?n=1`);
    await until(limiter, { active: 1, waiting: 0 });
    const second = get(`${base}/?n=2`);
    await until(limiter, { active: 1, waiting: 1 });

    clock = 50; // the head has waited 50 ms > 20: above target, for now only a burst
    const third = get(`${base}/?n=3`);
    await until(limiter, { active: 1, waiting: 2 });

    clock = 160; // still above target 110 ms later: a standing line
    const shed = await get(`${base}/?n=4`);
    expect(shed.status).toBe(503);
    expect(shed.retryAfter).toBe("30");
    expect(limiter.waiting).toBe(2);

    for (const n of ["1", "2", "3"]) {
      await until(limiter, { active: 1, waiting: 3 - Number(n) });
      await pages.finish(n);
    }
    expect((await Promise.all([first, second, third])).map((r) => r.status)).toEqual([200, 200, 200]);

    // Cleared: the line takes pages again.
    await until(limiter, { active: 0, waiting: 0 });
    const fifth = get(`${base}/?n=5`);
    await until(limiter, { active: 1, waiting: 0 });
    const sixth = get(`${base}/?n=6`);
    await until(limiter, { active: 1, waiting: 1 });
    await pages.finish("5");
    await until(limiter, { active: 1, waiting: 0 });
    await pages.finish("6");
    expect((await Promise.all([fifth, sixth])).map((r) => r.status)).toEqual([200, 200]);
  });

  it("turns a page away at once when, at the pace of recent renders, its turn would come too late", async () => {
    let clock = 0;
    const { base, pages, limiter } = await serve({ max: 1, queueLength: 10, queueTargetMs: 50, queueWaitMs: 100 }, { now: () => clock });
    const first = get(`${base}/?n=1`);
    await until(limiter, { active: 1, waiting: 0 });
    await sleep(20); // started, on its own turn
    clock = 80;
    await pages.finish("1");
    expect((await first).status).toBe(200);
    expect(limiter.renderMs).toBe(80);

    const second = get(`${base}/?n=2`);
    await until(limiter, { active: 1, waiting: 0 });
    const third = get(`${base}/?n=3`); // one render ahead: its turn in about 80 ms of the 100 allowed
    await until(limiter, { active: 1, waiting: 1 });
    const fourth = await get(`${base}/?n=4`); // two renders ahead: 160 ms
    expect(fourth).toMatchObject({ status: 503, retryAfter: "30" });
    expect(limiter.waiting).toBe(1);
    await pages.finish("2");
    await pages.finish("3");
    expect((await Promise.all([second, third])).map((r) => r.status)).toEqual([200, 200]);
  });

  it("answers 503 a page let into the line that waited its longest", async () => {
    const { base, pages, limiter } = await serve({ max: 1, queueLength: 1, queueWaitMs: 50 });
    const first = get(`${base}/?n=1`);
    await until(limiter, { active: 1, waiting: 0 });
    const waited = await get(`${base}/?n=2`);
    expect(waited).toMatchObject({ status: 503, retryAfter: "30" });
    expect(limiter.waiting).toBe(0);
    await pages.finish("1");
    expect((await first).status).toBe(200);
  });

  it("never sheds health checks, static files, a page the cache holds, or a form being sent", async () => {
    const { base, pages, limiter } = await serve({ max: 1, queueLength: 0 }, { cached: "/cached" });
    const first = get(`${base}/?n=1`);
    await until(limiter, { active: 1, waiting: 0 });
    expect((await get(`${base}/healthz`)).status).toBe(200);
    expect((await get(`${base}/assets/app.js`)).status).toBe(200);
    expect((await get(`${base}/cached`)).status).toBe(200);
    // A seller's form goes straight on to its page, past the limit.
    const post = fetch(`${base}/?n=post`, { method: "POST", signal: AbortSignal.timeout(5_000) });
    await pages.finish("post");
    expect(limiter).toMatchObject({ active: 1, waiting: 0 });
    await pages.finish("1");
    expect((await post).status).toBe(200);
    expect((await first).status).toBe(200);
  });

  it("lets a phone's offline save in only while a place stays free for a person, and never makes it wait (decision 042)", async () => {
    const { base, pages, limiter } = await serve({ max: 3, queueLength: 2 });
    const save = { headers: { "X-Offline-Save": "1" } };
    // An idle server renders a save; one with a page rendering and two places free does too.
    const first = get(`${base}/view/a?n=1`, save);
    await until(limiter, { active: 1, waiting: 0 });
    const second = get(`${base}/view/b?n=2`, save);
    await until(limiter, { active: 2, waiting: 0 });
    // The last free place is a person's: a save is turned away at once, a person's page is let in.
    expect(await get(`${base}/view/c?n=3`, save)).toMatchObject({ status: 503, retryAfter: "30" });
    const person = get(`${base}/viewmore?n=4`);
    await until(limiter, { active: 3, waiting: 0 });
    // Every place taken: a person waits in line, a save does not.
    const waiting = get(`${base}/viewmore?n=5`);
    await until(limiter, { active: 3, waiting: 1 });
    expect(await get(`${base}/view/d?n=6`, save)).toMatchObject({ status: 503 });
    expect(limiter).toMatchObject({ active: 3, waiting: 1 });
    for (const n of ["1", "2", "4", "5"]) await pages.finish(n);
    for (const response of [first, second, person, waiting]) expect((await response).status).toBe(200);
    expect(pages.entered).toEqual(["1", "2", "4", "5"]);
  });

  it("on one place, a save is let in only when nothing renders; React Router's route list is never shed", async () => {
    const { base, pages, limiter } = await serve({ max: 1, queueLength: 1 });
    const first = get(`${base}/?n=1`);
    await until(limiter, { active: 1, waiting: 0 });
    expect((await get(`${base}/view/a?n=2`, { headers: { "X-Offline-Save": "1" } })).status).toBe(503);
    // `/__manifest` is not a page: it goes on to the app past a full limit and an empty line.
    const manifest = get(`${base}/__manifest?paths=%2Fview&n=m`);
    await pages.finish("m");
    expect((await manifest).status).toBe(200);
    expect(limiter).toMatchObject({ active: 1, waiting: 0 });
    await pages.finish("1");
    expect((await first).status).toBe(200);
  });

  it("gives back the place of a client that hung up, whether waiting or rendering", async () => {
    const { base, pages, limiter } = await serve({ max: 1, queueLength: 1 });
    const gone = new AbortController();
    void get(`${base}/?n=1`, { signal: gone.signal }).catch(() => {});
    await until(limiter, { active: 1, waiting: 0 });
    const waitingGone = new AbortController();
    void get(`${base}/?n=2`, { signal: waitingGone.signal }).catch(() => {});
    await until(limiter, { active: 1, waiting: 1 });
    waitingGone.abort();
    await until(limiter, { active: 1, waiting: 0 });
    gone.abort();
    await until(limiter, { active: 0, waiting: 0 });
    const next = get(`${base}/?n=3`);
    await until(limiter, { active: 1, waiting: 0 });
    await pages.finish("3");
    expect((await next).status).toBe(200);
  });

  it("starts one page per turn of the event loop, never two in the same turn", async () => {
    // Node runs every setImmediate queued before its check phase in that one phase: two pages
    // admitted in one turn would run their loaders back to back, with no read of the network.
    const limiter = createPageLimiter({ max: 3, queueLength: 0, queueTargetMs: 10, queueWaitMs: 100 });
    const started: string[] = [];
    for (const n of ["1", "2", "3"]) limiter.enter(() => started.push(n));
    expect(limiter.active).toBe(3);
    expect(started).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["1"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["1", "2"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["1", "2", "3"]);
  });

  it("decides in the server's request listener: a page shed there never reaches Express, one let in goes through it once", async () => {
    const { base, pages, limiter, reachedExpress } = await serveBeforeExpress({ max: 1, queueLength: 1 });
    const first = get(`${base}/viewmore?n=1`);
    await until(limiter, { active: 1, waiting: 0 });
    const second = get(`${base}/view/7?n=2`);
    await until(limiter, { active: 1, waiting: 1 });

    const shed = await get(`${base}/?n=3`, { headers: { "Accept-Language": "hi" } });
    expect(shed).toMatchObject({ status: 503, retryAfter: "30" });
    expect(shed.type).toMatch(/^text\/html/);
    expect(shed.body).toContain('<html lang="hi-IN"');
    const json = await get(`${base}/viewmore.data?n=4`, { headers: { Accept: "application/json" } });
    expect(json.status).toBe(503);
    expect(JSON.parse(json.body)).toMatchObject({ error: "unavailable", retryAfterSeconds: 30 });
    // What is not a page is never shed, and goes to Express at once.
    expect((await get(`${base}/healthz`)).status).toBe(200);
    // Express saw the page rendering and the health check, not the one waiting or the two shed.
    expect(reachedExpress).toEqual(["/viewmore", "/healthz"]);

    await pages.finish("1");
    await pages.finish("2");
    expect((await Promise.all([first, second])).map((r) => r.body)).toEqual(["page 1", "page 2"]);
    // The app's own front check and admitPage let the page through without a second place.
    expect(reachedExpress).toEqual(["/viewmore", "/healthz", "/view/7"]);
    expect(pages.entered).toEqual(["1", "2"]);
    await until(limiter, { active: 0, waiting: 0 });
  });

  it("never renders a page whose client hung up after its place came but before it started", async () => {
    const { base, pages, limiter, sockets } = await serveBeforeExpress({ max: 1, queueLength: 1 });
    void get(`${base}/?n=1`).catch(() => {});
    await until(limiter, { active: 1, waiting: 0 });
    await pages.reached("1"); // held there
    void get(`${base}/?n=2`).catch(() => {});
    await until(limiter, { active: 1, waiting: 1 });

    // Page 1's connection closes: its place goes to page 2, to start on the next turn. In the
    // same turn, page 2's connection closes too (as a server closing its connections does).
    const first = sockets.get("1")!;
    first.once("close", () => sockets.get("2")!.destroy());
    first.destroy();
    await until(limiter, { active: 0, waiting: 0 });
    expect(pages.entered).toEqual(["1"]);

    // The place is free for the next one.
    const third = get(`${base}/?n=3`);
    await until(limiter, { active: 1, waiting: 0 });
    await pages.finish("3");
    expect((await third).body).toBe("page 3");
    expect(pages.entered).toEqual(["1", "3"]);
  });

  it("gives the loop turns without a page while connections are being accepted, up to a bound, and renders a page on a turn after its loaders'", async () => {
    // Node accepts one connection per turn of the loop: a page in every turn would let 200 new
    // connections in at the pace of one per page.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const limiter = createPageLimiter({ max: 2, queueLength: 0, queueTargetMs: 10, queueWaitMs: 100 });
    const started: string[] = [];
    limiter.noteConnection();
    limiter.enter(() => started.push("1"));
    await turn();
    expect(started).toEqual([]); // that turn was for the connection
    await turn();
    expect(started).toEqual(["1"]);

    // Connections that never stop coming hold a page back MAX_ACCEPT_TURNS turns at most.
    limiter.enter(() => started.push("2"));
    let turns = 0;
    while (started.length < 2 && turns < MAX_ACCEPT_TURNS + 5) {
      limiter.noteConnection();
      await turn();
      turns++;
    }
    expect(started).toEqual(["1", "2"]);
    expect(turns).toBe(MAX_ACCEPT_TURNS + 1);

    // A render asked for (app/entry.server.tsx) comes on a turn of its own, before a page waiting to start.
    const order: string[] = [];
    const busy = createPageLimiter({ max: 2, queueLength: 0, queueTargetMs: 10, queueWaitMs: 100 });
    busy.enter(() => {
      order.push("loaders 1");
      void busy.nextTurn().then(() => order.push("render 1"));
    });
    busy.enter(() => order.push("loaders 2"));
    await turn();
    expect(order).toEqual(["loaders 1"]);
    await turn();
    expect(order).toEqual(["loaders 1", "render 1"]);
    await turn();
    expect(order).toEqual(["loaders 1", "render 1", "loaders 2"]);
  });
});
