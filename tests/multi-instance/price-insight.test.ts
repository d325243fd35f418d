/**
 * Price insight across instances (issue 23, decision 020): each instance caches insight by the
 * content version, so a listing saved through one instance must move the insight the other
 * answers at once. Two production instances on one PostgreSQL database (TEST_DATABASE_URL);
 * needs the production build.
 */
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProducePhoto, makeSeller } from "../../server/seed/factories";
import { startAppInstance, type AppInstance } from "../support/app-instance";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const publicUrl = "http://mandi.test";
let scratch: string;
let database: TestDatabase;
let a: AppInstance;
let b: AppInstance;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must point at PostgreSQL for the two-instance test");
  scratch = mkdtempSync(path.join(tmpdir(), "mandi-insight-"));
  database = await createTestDatabase("postgres", scratch);
  const env = {
    DATABASE_URL: database.url,
    BASE_URL: publicUrl,
    AUTH_SECRET: "insight-instances-share-this-secret-0123",
    AUTH_SIGNUP_PER_MINUTE: "100",
    AUTH_SIGNIN_PER_MINUTE: "100",
  };
  a = await startAppInstance({ env });
  b = await startAppInstance({ env });
}, 120_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    if (!instance) continue;
    instance.process.kill("SIGTERM");
    await Promise.race([instance.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (instance.process.exitCode === null) instance.process.kill("SIGKILL");
    rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await database?.drop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("price insight on two instances", () => {
  it("a listing saved on one instance moves the insight the other answers", async () => {
    const photo = await makeProducePhoto("vegetables", 2, { width: 320, height: 240 });
    const cookies: string[] = [];
    for (let n = 0; n < 3; n++) {
      const seller = makeSeller(5100 + n);
      expect(
        (
          await postJson(a, "/api/auth/sign-up/email", {
            name: seller.name,
            email: seller.email,
            password: seller.password,
            phone: `+91${seller.phone}`,
          })
        ).status,
      ).toBe(200);
      const signIn = await postForm(a, "/login", { email: seller.email, password: seller.password });
      expect(signIn.status).toBe(302);
      cookies.push(cookiesOf(signIn));
    }
    const sell = async (instance: AppInstance, cookie: string, price: string) => {
      const body = await multipart(
        { name: "Nashik onion", category: "vegetables", price, description: "Red onion", state: "maharashtra", district: "nashik" },
        photo,
      );
      const reply = await send(instance, "POST", "/create", { body: body.bytes, headers: { cookie, "content-type": body.contentType } });
      expect(reply.status, reply.text).toBe(302);
    };
    const insightOn = async (instance: AppInstance) => {
      const reply = await send(
        instance,
        "GET",
        "/api/price-insight?name=onion&category=vegetables&unit=quintal&state=maharashtra&district=nashik",
      );
      expect(reply.status).toBe(200);
      return JSON.parse(reply.text) as {
        note: { enough: boolean; listings: number; lowPaise: number; highPaise: number; lowUnitPaise: number | null } | null;
      };
    };

    await sell(a, cookies[0]!, "18");
    await sell(a, cookies[1]!, "20");
    await sell(a, cookies[2]!, "22");
    await sell(a, cookies[0]!, "24");
    // Both instances have asked, and cached, "not enough".
    for (const instance of [a, b]) expect((await insightOn(instance)).note).toMatchObject({ enough: false, listings: 4 });

    await sell(a, cookies[1]!, "26");
    // One vote per seller: 21, 22 and 23 ₹/kg; the band 21.50–22.50, read in whole rupees.
    const onB = (await insightOn(b)).note;
    expect(onB).toMatchObject({ enough: true, listings: 5, lowPaise: 2200, highPaise: 2300, lowUnitPaise: 215_000 });

    // And the other way round: saved on B, seen on A.
    await sell(b, cookies[2]!, "28");
    expect((await insightOn(a)).note).toMatchObject({ enough: true, listings: 6 });
  });
});

interface Reply {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** A request as the load balancer forwards it: the public Host, and a browser's Origin on a POST. */
function send(
  instance: AppInstance,
  method: "GET" | "POST",
  pathname: string,
  options: { headers?: Record<string, string>; body?: Uint8Array | string } = {},
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
    });
    request.end(options.body);
  });
}

const postJson = (instance: AppInstance, pathname: string, json: unknown) =>
  send(instance, "POST", pathname, { body: JSON.stringify(json), headers: { "content-type": "application/json" } });
const postForm = (instance: AppInstance, pathname: string, form: Record<string, string>) =>
  send(instance, "POST", pathname, {
    body: new URLSearchParams(form).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

async function multipart(fields: Record<string, string>, photo: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "onion.jpg");
  const encoded = new Response(form);
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

const cookiesOf = (reply: Reply) => (reply.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
