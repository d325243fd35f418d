/**
 * Several instances behind a load balancer: two production app processes on different ports,
 * each with its own empty data folder, share one PostgreSQL database and one S3 server. Nothing
 * a person does may depend on which instance answers. Needs the production build and
 * TEST_DATABASE_URL; `npm test` runs it after the build (see scripts/test.mjs).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startS3Server, type TestS3Server } from "../support/s3-server";

const SIGN_INS_PER_MINUTE = 3;

interface Instance {
  url: string;
  process: ChildProcess;
  dataDir: string;
  exited: Promise<number | null>;
}

let database: TestDatabase;
let s3: TestS3Server;
let a: Instance;
let b: Instance;
const publicUrl = "http://mandi.test";

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must point at PostgreSQL for the two-instance test");
  const scratch = mkdtempSync(path.join(tmpdir(), "mandi-two-"));
  database = await createTestDatabase("postgres", scratch);
  s3 = await startS3Server();
  // Both start at once on an empty database, as in a rollout: one migrates, the other waits.
  [a, b] = await Promise.all([startInstance(), startInstance()]);
}, 120_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    if (!instance) continue;
    if (instance.process.exitCode === null) instance.process.kill("SIGKILL");
    rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await s3?.stop();
  await database?.drop();
});

describe("two app instances on one PostgreSQL and one S3", () => {
  const seller = makeSeller(4242);
  let cookie = "";
  let listingId = "";

  it("a person who signs up on one instance is signed in on the other with the same cookie", async () => {
    const signUp = await post(a, "/api/auth/sign-up/email", {
      json: { name: seller.name, email: seller.email, password: seller.password, phone: `+91${seller.phone}` },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const signIn = await post(a, "/login", { form: { email: seller.email, password: seller.password } });
    expect(signIn.status).toBe(302);
    cookie = cookiesOf(signIn);
    expect(cookie).toContain("session_token");

    const home = await fetch(`${b.url}/`, { headers: { cookie } });
    expect(await home.text()).toContain(seller.name);
  });

  it("a listing created through one instance is visible, with its photo, through the other", async () => {
    const form = new FormData();
    form.set("name", "Two Instance Basmati");
    form.set("category", "rice");
    form.set("price", "95");
    form.set("description", "Listed on instance A");
    const photo = await makeProducePhoto("rice", 3, { width: 800, height: 600 });
    form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "basmati.jpg");
    const created = await post(a, "/create", { body: form, headers: { cookie } });
    expect(created.status, await created.clone().text()).toBe(302);

    const found = await (await fetch(`${b.url}/viewmore?q=two+instance+basmati`)).text();
    listingId = /href="\/view\/([^"]+)"/.exec(found)?.[1] ?? "";
    expect(listingId).not.toBe("");
    const page = await (await fetch(`${b.url}/view/${listingId}`)).text();
    expect(page).toContain("Two Instance Basmati");
    const photoPath = /src="(\/media\/[^"]+\.webp)"/.exec(page)?.[1];
    expect(photoPath).toBeTruthy();
    const served = await fetch(`${b.url}${photoPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("a sign-in limit reached on one instance holds on the other", async () => {
    const from = { "x-forwarded-for": "203.0.113.9" };
    for (let i = 0; i < SIGN_INS_PER_MINUTE; i++) {
      const attempt = await post(i % 2 ? b : a, "/login", { form: { email: seller.email, password: "not-the-password" }, headers: from });
      expect(attempt.status).toBe(401);
    }
    const blocked = await post(b, "/login", { form: { email: seller.email, password: seller.password }, headers: from });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many tries");
    // Someone else, from another address, is not held back.
    const other = await post(a, "/login", { form: { email: seller.email, password: seller.password }, headers: { "x-forwarded-for": "203.0.113.10" } });
    expect(other.status).toBe(302);
  });

  it("both answer health and readiness checks", async () => {
    for (const instance of [a, b]) {
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${instance.url}/readyz`)).json()).toEqual({ status: "ready" });
    }
  });

  it("on SIGTERM an instance finishes the request in flight, then exits 0", async () => {
    // A sell form whose body arrives slowly is in flight when the signal comes.
    const photo = await makeProducePhoto("wheat", 5, { width: 640, height: 480 });
    const form = new FormData();
    form.set("name", "Slow Upload Wheat");
    form.set("category", "wheat");
    form.set("price", "31");
    form.set("description", "Sent while the instance stops");
    form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "wheat.jpg");
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const half = bytes.length >> 1;
    let sendRest!: () => void;
    const restSent = new Promise<void>((resolve) => (sendRest = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.subarray(0, half));
        await restSent;
        controller.enqueue(bytes.subarray(half));
        controller.close();
      },
    });
    const response = fetch(`${b.url}/create`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { cookie, origin: publicUrl, "content-type": encoded.headers.get("content-type")! },
      redirect: "manual",
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    b.process.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // New connections are refused once it is stopping.
    await expect(fetch(`${b.url}/healthz`)).rejects.toThrow();
    sendRest();
    expect((await response).status).toBe(302);
    expect(await b.exited).toBe(0);
    // The listing it stored is there for the other instance.
    expect(await (await fetch(`${a.url}/viewmore?q=slow+upload+wheat`)).text()).toContain("Slow Upload Wheat");
  });
});

async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-instance-"));
  const child = spawn(process.execPath, ["build/server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      BASE_URL: publicUrl,
      AUTH_SECRET: "two-instances-share-this-secret-0123456789",
      AUTH_SIGNIN_PER_MINUTE: String(SIGN_INS_PER_MINUTE),
      LOG_LEVEL: "warn",
      ...s3.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`instance on port ${port} exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (waited > 60_000) throw new Error(`instance on port ${port} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, process: child, dataDir, exited };
}

/** A POST as a browser on the public site sends it: with its Origin, redirects not followed. */
function post(
  instance: Instance,
  pathname: string,
  options: { json?: unknown; form?: Record<string, string>; body?: FormData; headers?: Record<string, string> },
): Promise<Response> {
  const headers: Record<string, string> = { origin: publicUrl, ...options.headers };
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  }
  return fetch(`${instance.url}${pathname}`, { method: "POST", headers, body, redirect: "manual" });
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
