/**
 * The documented set-up behind nginx (docs/operations.md, "A sample setup"), against a client that
 * writes a new X-Forwarded-For on every request (issue 38, finding 3). nginx runs the site config
 * operators copy (deploy/nginx/mandi.conf) and TRUST_PROXY is read from the document itself, so
 * the test follows what operators are told.
 * The same set-up with TRUST_PROXY=true shows the hole the warning at start is about. Needs the
 * production build and nginx (`apt-get install -y nginx-light`; NGINX_PATH to use another).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppInstance } from "../support/app-instance";
import { startNginx } from "../support/nginx";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const OPERATIONS = readFileSync(path.resolve("docs/operations.md"), "utf8");
const SAMPLE = OPERATIONS.slice(OPERATIONS.indexOf("## A sample setup"));

/** The sample environment's TRUST_PROXY, as the document writes it. */
function documentedTrustProxy(): string {
  const value = /^TRUST_PROXY=(.+)$/m.exec(SAMPLE)?.[1];
  if (!value) throw new Error("docs/operations.md's sample setup no longer sets TRUST_PROXY");
  return value.trim();
}

interface Proxied {
  url: string;
  stop(): Promise<void>;
}

let scratch: string;
let database: TestDatabase;
const running: Proxied[] = [];

/** One instance with `trustProxy` behind nginx; both on a fresh database. */
async function behindNginx(name: string, trustProxy: string): Promise<Proxied> {
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const instance = await startAppInstance({
    env: {
      DATABASE_URL: database.url,
      BASE_URL: url,
      AUTH_SECRET: "trusted-proxy-instances-share-this-secret-0123",
      TRUST_PROXY: trustProxy,
      // The defaults for sign-in (10 a minute); the API's lowered so the test sends few requests.
      API_PER_MINUTE: "20",
      // better-auth warns of every unknown address; the start-up warning is a warn line too, but checked in config.test.ts.
      LOG_LEVEL: "error",
    },
    dataDir: path.join(scratch, name),
  });
  const nginx = await startNginx({
    dir: path.join(scratch, `nginx-${name}`),
    listenPort: proxyPort,
    upstreams: [new URL(instance.url).host],
    // The site config an operator copies, deploy/nginx/mandi.conf, as it is but for its addresses.
    shipped: true,
  });
  const proxied = {
    url,
    async stop() {
      nginx.process.kill("SIGTERM");
      instance.process.kill("SIGTERM");
      await Promise.race([Promise.all([nginx.exited, instance.exited]), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      for (const child of [nginx.process, instance.process]) if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
  running.push(proxied);
  return proxied;
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "mandi-trusted-proxy-"));
  database = await createTestDatabase(process.env.TEST_DATABASE_URL ? "postgres" : "sqlite", scratch);
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((proxied) => proxied.stop()));
  await database?.drop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

let spoofed = 0;
/** A made-up client address, new on every call: what a client escaping a per-address limit sends. */
const spoof = () => {
  spoofed++;
  return `203.0.113.${spoofed % 250}, 198.51.100.${Math.floor(spoofed / 250) % 250}`;
};

/** Statuses of `count` API reads and of `count` wrong-password sign-ins, each with a new X-Forwarded-For. */
async function spoofingClient(url: string, count: number): Promise<{ api: number[]; signIn: number[] }> {
  const api: number[] = [];
  const signIn: number[] = [];
  for (let i = 0; i < count; i++) {
    const read = await fetch(`${url}/api/v1/categories`, { headers: { "X-Forwarded-For": spoof() }, signal: AbortSignal.timeout(15_000) });
    api.push(read.status);
    await read.arrayBuffer();
  }
  for (let i = 0; i < count; i++) {
    const attempt = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url, "X-Forwarded-For": spoof() },
      body: JSON.stringify({ email: `nobody-${i}@example.in`, password: "not-the-password" }),
      signal: AbortSignal.timeout(15_000),
    });
    signIn.push(attempt.status);
    await attempt.arrayBuffer();
  }
  return { api, signIn };
}

describe("behind the documented nginx, a client that writes its own X-Forwarded-For", () => {
  it("documents a TRUST_PROXY that is not true", () => {
    expect(documentedTrustProxy()).not.toBe("true");
  });

  it("cannot escape the API's or sign-in's per-address limits", async () => {
    const proxied = await behindNginx("documented", documentedTrustProxy());
    const { api, signIn } = await spoofingClient(proxied.url, 30);
    // API: 20 a minute, so the 21st to 30th are refused. Sign-in: 10 a minute.
    expect(api.filter((status) => status === 200)).toHaveLength(20);
    expect(api.slice(20)).toEqual(Array(10).fill(429));
    expect(signIn.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(signIn.slice(10)).toEqual(Array(20).fill(429));
  }, 90_000);

  it("escapes them with TRUST_PROXY=true, the setting start-up warns about", async () => {
    const proxied = await behindNginx("trust-true", "true");
    const { api, signIn } = await spoofingClient(proxied.url, 30);
    expect(api).toEqual(Array(30).fill(200));
    expect(signIn).not.toContain(429);
  }, 90_000);
});
