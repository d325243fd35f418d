/**
 * Several instances behind a load balancer: two production app processes on different ports,
 * each with its own empty data folder, share one PostgreSQL database and one S3 server. Nothing
 * a person does may depend on which instance answers. Needs the production build and
 * TEST_DATABASE_URL; `npm test` runs it after the build (see scripts/test.mjs).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { openDatabase } from "../../server/db/database";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { freePort, startAppInstance, type AppInstance } from "../support/app-instance";

const SIGN_INS_PER_MINUTE = 3;

type Instance = AppInstance;

let database: TestDatabase;
let s3: S3TestServer;
let a: Instance;
let b: Instance;
const publicUrl = "http://mandi.test";

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must point at PostgreSQL for the two-instance test");
  const scratch = mkdtempSync(path.join(tmpdir(), "mandi-two-"));
  database = await createTestDatabase("postgres", scratch);
  s3 = await startS3Server({ port: await freePort() });
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

  it("a person who signs up on one instance is signed in on the other with the same cookie", async () => {
    const signUp = await postJson(a, "/api/auth/sign-up/email", {
      name: seller.name,
      email: seller.email,
      password: seller.password,
      phone: `+91${seller.phone}`,
    });
    expect(signUp.status, signUp.text).toBe(200);
    const signIn = await postForm(a, "/login", { email: seller.email, password: seller.password });
    expect(signIn.status, signIn.text).toBe(302);
    cookie = cookiesOf(signIn);
    expect(cookie).toContain("session_token");

    expect((await get(b, "/", { cookie })).text).toContain(seller.name);
    expect((await get(b, "/")).text).not.toContain(seller.name);
  });

  it("a listing created through one instance is visible, with its photo, through the other", async () => {
    const body = await multipart(
      {
        name: "Two Instance Basmati",
        category: "rice",
        price: "95",
        description: "Listed on instance A",
        state: "punjab",
        district: "amritsar",
      },
      { bytes: await makeProducePhoto("rice", 3, { width: 800, height: 600 }), name: "basmati.jpg" },
    );
    const created = await send(a, "POST", "/create", { body: body.bytes, headers: { cookie, "content-type": body.contentType } });
    expect(created.status, created.text).toBe(302);

    const found = (await get(b, "/viewmore?q=two+instance+basmati")).text;
    const listingId = /href="\/view\/([^"]+)"/.exec(found)?.[1] ?? "";
    expect(listingId).not.toBe("");
    const page = (await get(b, `/view/${listingId}`)).text;
    expect(page).toContain("Two Instance Basmati");
    const photoPath = /src="(\/media\/[^"]+\.webp)"/.exec(page)?.[1];
    expect(photoPath).toBeTruthy();
    const served = await fetch(`${b.url}${photoPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Neither instance kept the photo on its own disk: it is in the shared bucket.
    for (const instance of [a, b]) expect(existsSync(path.join(instance.dataDir, "media"))).toBe(false);
  });

  it("an edit on one instance and a sale on the other are what both show at once", async () => {
    const body = await multipart(
      {
        name: "Two Instance Wheat",
        category: "wheat",
        price: "2,400",
        unit: "quintal",
        description: "Listed on A",
        state: "punjab",
        district: "ludhiana",
      },
      { bytes: await makeProducePhoto("wheat", 4, { width: 640, height: 480 }), name: "wheat.jpg" },
    );
    expect((await send(a, "POST", "/create", { body: body.bytes, headers: { cookie, "content-type": body.contentType } })).status).toBe(
      302,
    );
    const listingId = /href="\/view\/([^"]+)"/.exec((await get(b, "/viewmore?q=two+instance+wheat")).text)?.[1] ?? "";
    expect(listingId).not.toBe("");
    const photo = /name="photo" value="([^"]+)"/.exec((await get(b, `/my/listings/${listingId}/edit`, { cookie })).text)?.[1] ?? "";
    expect(photo).toMatch(/^k:listings\//);

    // Edited through B (the photo kept), seen through A.
    const edit = await multipart({
      name: "Two Instance Wheat",
      category: "wheat",
      price: "2,600",
      unit: "quintal",
      description: "Edited on B",
      state: "punjab",
      district: "ludhiana",
      photo,
    });
    expect(
      (await send(b, "POST", `/my/listings/${listingId}/edit`, { body: edit.bytes, headers: { cookie, "content-type": edit.contentType } }))
        .status,
    ).toBe(302);
    const onA = (await get(a, `/view/${listingId}`)).text;
    expect(onA).toContain("Edited on B");
    expect(onA).toContain("₹2,600 / quintal (₹26 / kg)");

    // Sold through A: gone from B's search at once, and B's page for it says so.
    const sold = await send(a, "POST", "/my/listings", {
      body: Buffer.from(new URLSearchParams({ intent: "sold", id: listingId }).toString()),
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(sold.status).toBe(302);
    expect((await get(b, "/viewmore?q=two+instance+wheat")).text).not.toContain(`/view/${listingId}`);
    expect((await get(b, `/view/${listingId}`)).text).toContain("The seller has sold this produce.");
  });

  it("a sign-in limit reached on one instance holds on the other", async () => {
    const from = { "x-forwarded-for": "203.0.113.9" };
    for (let i = 0; i < SIGN_INS_PER_MINUTE; i++) {
      const attempt = await postForm(i % 2 ? b : a, "/login", { email: seller.email, password: "not-the-password" }, from);
      expect(attempt.status).toBe(401);
    }
    const blocked = await postForm(b, "/login", { email: seller.email, password: seller.password }, from);
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain("Too many tries");
    // Someone else, from another address, is not held back.
    const other = await postForm(a, "/login", { email: seller.email, password: seller.password }, { "x-forwarded-for": "203.0.113.10" });
    expect(other.status).toBe(302);
  });

  it("a moderator's hiding and ban through one instance hold on the other at once", async () => {
    // A moderator, as `npm run admin:grant` makes one.
    const moderator = makeSeller(4343);
    expect(
      (
        await postJson(b, "/api/auth/sign-up/email", {
          name: moderator.name,
          email: moderator.email,
          password: moderator.password,
          phone: `+91${moderator.phone}`,
        })
      ).status,
    ).toBe(200);
    const db = openDatabase(database.url, { poolSize: 1 });
    let sellerId = "";
    try {
      await db.kysely.updateTable("user").set({ role: "moderator" }).where("email", "=", moderator.email.toLowerCase()).execute();
      sellerId = (await db.kysely.selectFrom("user").select("id").where("email", "=", seller.email.toLowerCase()).executeTakeFirstOrThrow())
        .id;
    } finally {
      await db.close();
    }
    // Sign-ins from addresses of their own: the per-address limit is low here (see above).
    const from = (n: number) => ({ "x-forwarded-for": `203.0.113.${20 + n}` });
    const staff = cookiesOf(await postForm(b, "/login", { email: moderator.email, password: moderator.password }, from(0)));
    const listingId = /href="\/view\/([^"]+)"/.exec((await get(a, "/viewmore?q=two+instance+basmati")).text)?.[1] ?? "";
    expect(listingId).not.toBe("");

    // Hidden through B: A's page, search and suggestions lose it on the very next request.
    const hidden = await postForm(b, `/admin/listings/${listingId}`, { intent: "hide", reason: "Checking the photo" }, { cookie: staff });
    expect(hidden.status, hidden.text).toBe(302);
    expect((await get(a, `/view/${listingId}`)).status).toBe(404);
    expect((await get(a, "/viewmore?q=two+instance+basmati")).text).not.toContain(`/view/${listingId}`);
    expect((await get(a, "/api/suggestions?q=two+instance+bas")).text).not.toContain("Two Instance Basmati");
    expect((await postForm(a, `/admin/listings/${listingId}`, { intent: "restore" }, { cookie: staff })).status).toBe(302);
    expect((await get(b, `/view/${listingId}`)).status).toBe(200);

    // Banned through A: B no longer knows the seller's session, and refuses their sign-in.
    expect((await get(b, "/my/listings", { cookie })).status).toBe(200);
    expect(
      (await postForm(a, "/admin/people", { intent: "ban", personId: sellerId, reason: "Two-instance check" }, { cookie: staff })).status,
    ).toBe(302);
    const next = await get(b, "/my/listings", { cookie });
    expect(next.status).toBe(302);
    expect(next.headers.location).toMatch(/^\/login/);
    const refused = await postForm(b, "/login", { email: seller.email, password: seller.password }, from(1));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("This account is blocked");
    expect((await get(b, `/view/${listingId}`)).status).toBe(404);

    // Lifted through B; the seller signs in again (the tests after this one use their session).
    expect((await postForm(b, "/admin/people", { intent: "unban", personId: sellerId }, { cookie: staff })).status).toBe(302);
    const again = await postForm(a, "/login", { email: seller.email, password: seller.password }, from(2));
    expect(again.status).toBe(302);
    cookie = cookiesOf(again);
    expect((await get(a, `/view/${listingId}`)).status).toBe(200);
  });

  it("both answer health and readiness checks", async () => {
    for (const instance of [a, b]) {
      expect((await get(instance, "/healthz")).status).toBe(200);
      expect(JSON.parse((await get(instance, "/readyz")).text)).toEqual({ status: "ready" });
    }
  });

  it("on SIGTERM an instance finishes the request in flight, then exits 0", async () => {
    // A sell form whose body arrives slowly is in flight when the signal comes.
    const body = await multipart(
      {
        name: "Slow Upload Wheat",
        category: "wheat",
        price: "31",
        description: "Sent while the instance stops",
        state: "punjab",
        district: "ludhiana",
      },
      { bytes: await makeProducePhoto("wheat", 5, { width: 640, height: 480 }), name: "wheat.jpg" },
    );
    const half = body.bytes.length >> 1;
    let sendRest!: () => void;
    const rest = new Promise<Uint8Array>((resolve) => (sendRest = () => resolve(body.bytes.subarray(half))));
    const reply = send(b, "POST", "/create", {
      headers: { cookie, "content-type": body.contentType, "content-length": String(body.bytes.length) },
      bodyParts: [Promise.resolve(body.bytes.subarray(0, half)), rest],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    b.process.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // New connections are refused once it is stopping.
    await expect(fetch(`${b.url}/healthz`)).rejects.toThrow();
    sendRest();
    expect((await reply).status).toBe(302);
    expect(await b.exited).toBe(0);
    // The listing it stored is there for the other instance.
    expect((await get(a, "/viewmore?q=slow+upload+wheat")).text).toContain("Slow Upload Wheat");
  });
});

function startInstance(): Promise<Instance> {
  return startAppInstance({
    env: {
      DATABASE_URL: database.url,
      BASE_URL: publicUrl,
      AUTH_SECRET: "two-instances-share-this-secret-0123456789",
      AUTH_SIGNIN_PER_MINUTE: String(SIGN_INS_PER_MINUTE),
      ...s3.env,
    },
  });
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A request as the load balancer forwards it: Host is the public site's (fetch cannot set Host),
 * POSTs carry the site's Origin as a browser's do. `bodyParts` are sent one after another, each
 * when its promise resolves, so a test can hold a request open.
 */
function send(
  instance: Instance,
  method: "GET" | "POST",
  pathname: string,
  options: { headers?: Record<string, string>; body?: Uint8Array | string; bodyParts?: Array<Promise<Uint8Array>> } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${instance.url}${pathname}`, {
      method,
      headers: { host: new URL(publicUrl).host, ...(method === "POST" ? { origin: publicUrl } : {}), ...options.headers },
    });
    request.once("error", reject);
    request.once("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }),
      );
      response.once("error", reject);
    });
    void (async () => {
      if (options.body !== undefined) request.write(options.body);
      for (const part of options.bodyParts ?? []) request.write(await part);
      request.end();
    })().catch(reject);
  });
}

const get = (instance: Instance, pathname: string, headers: Record<string, string> = {}) => send(instance, "GET", pathname, { headers });

function postJson(instance: Instance, pathname: string, json: unknown, headers: Record<string, string> = {}) {
  return send(instance, "POST", pathname, { body: JSON.stringify(json), headers: { "content-type": "application/json", ...headers } });
}

function postForm(instance: Instance, pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return send(instance, "POST", pathname, {
    body: new URLSearchParams(form).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
}

/** A multipart body as a browser encodes it. */
async function multipart(fields: Record<string, string>, photo?: { bytes: Buffer; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (photo) form.set("image", new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }), photo.name);
  const encoded = new Response(form);
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

function cookiesOf(reply: Reply): string {
  return (reply.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}
