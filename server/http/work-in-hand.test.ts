/**
 * What a stopping server waits for (work-in-hand.ts), over real HTTP: a request is in hand until
 * its response has been sent or its connection closed, and the work a handler holds until it
 * settles, however early its client left. tests/multi-instance/shutdown.test.ts drives the whole
 * shutdown through the production build.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkInHand } from "./work-in-hand";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose handler holds a promise the test settles (`finish`), and answers once it has. */
async function serve() {
  const work = createWorkInHand();
  let finish!: () => void;
  const held = new Promise<void>((resolve) => (finish = resolve));
  server = createServer((req, res) => {
    if (!work.take(req, res)) {
      res.shouldKeepAlive = false;
      return void res.writeHead(503).end();
    }
    void work.hold(held.then(() => res.end("done")));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { work, finish, port };
}

function send(port: number) {
  const sent = request({ port, host: "127.0.0.1", path: "/", agent: false });
  sent.on("error", () => {});
  const reply = new Promise<{ status: number; connection: string | undefined }>((resolve) =>
    sent.on("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
    }),
  );
  sent.end();
  return { sent, reply };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("work in hand", () => {
  it("counts a request whose client has gone until the work its handler holds has settled", async () => {
    const { work, finish, port } = await serve();
    const { sent } = send(port);
    await until(() => work.counts().requests === 1);
    expect(work.counts()).toEqual({ requests: 1, handlers: 1 });
    let idle = false;
    void work.idle().then(() => (idle = true));
    sent.destroy();
    await until(() => work.counts().requests === 0);
    await turn();
    // The connection is gone; the handler's work is not.
    expect(work.counts()).toEqual({ requests: 0, handlers: 1 });
    expect(idle).toBe(false);
    finish();
    await until(() => idle);
    expect(idle).toBe(true);
    expect(work.counts()).toEqual({ requests: 0, handlers: 0 });
  });

  it("once stopped, takes no request, and closes the connection of one in hand after its response", async () => {
    const { work, finish, port } = await serve();
    const first = send(port);
    await until(() => work.counts().requests === 1);
    work.stop();
    expect(work.stopping).toBe(true);
    const second = send(port);
    expect(await second.reply).toEqual({ status: 503, connection: "close" });
    finish();
    expect(await first.reply).toEqual({ status: 200, connection: "close" });
    await work.idle();
  });
});
