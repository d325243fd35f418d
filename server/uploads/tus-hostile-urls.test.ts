/**
 * Issue 9, finding 1: B, signed in and owning upload $B, must never read, change or delete A's
 * upload $A by dressing up the address (query strings, odd or encoded segments). Raw HTTP, so the
 * path reaches the server exactly as written (fetch would tidy `..` and `//` away first), through
 * the real /uploads router on each real upload datastore.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "../../tests/support/s3-server";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { signedInSeller, startUploadsServer } from "../../tests/support/uploads";

const TUS = { "Tus-Resumable": "1.0.0" };
const A_BYTES = Buffer.from("A-SECRET-PHOTO with EXIF and GPS 18.52N 73.85E ".repeat(40));
const A_NAME = "A-private-farm.jpg";

/** Addresses B might try, given A's and B's upload ids. */
const VARIANTS: Array<[string, (a: string, b: string) => string]> = [
  ["query with a slash", (a, b) => `/uploads/${b}?/${a}`],
  ["query parameter ending in the id", (a, b) => `/uploads/${b}?x=/${a}`],
  ["bare query", (a, b) => `/uploads/${b}?${a}`],
  ["semicolon segment", (a, b) => `/uploads/${b};/${a}`],
  ["encoded slash", (a, b) => `/uploads/${b}%2F${a}`],
  ["encoded slash, lower case", (a, b) => `/uploads/${b}%2f${a}`],
  ["encoded backslash", (a, b) => `/uploads/${b}%5C${a}`],
  ["dot-dot segment", (a, b) => `/uploads/${b}/../${a}`],
  ["encoded dot-dot segment", (a, b) => `/uploads/${b}/%2e%2e/${a}`],
  ["empty segment", (a) => `/uploads//${a}`],
  ["two segments", (a, b) => `/uploads/${b}/${a}`],
  ["doubled slashes between ids", (a, b) => `/uploads/${b}//${a}`],
  ["trailing slash", (a) => `/uploads/${a}/`],
  ["the plain address", (a) => `/uploads/${a}`],
];
const METHODS = ["HEAD", "GET", "PATCH", "DELETE", "POST", "OPTIONS"] as const;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with the path exactly as given; gives up after 5 s so a hung answer fails the test. */
function send(base: string, method: string, rawPath: string, headers: Record<string, string>, body?: Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: rawPath, headers, agent: false, timeout: 5_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString("latin1") }),
      );
    });
    request.on("timeout", () => request.destroy(new Error(`${method} ${rawPath} timed out`)));
    request.on("error", reject);
    request.end(body);
  });
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const STORES = [
  {
    name: "local disk",
    setUp: async () => ({ env: {} as Record<string, string>, stop: async () => {} }),
    /** Every file of the upload, by name, with a digest of its content. */
    snapshot: async (t: TestServices, id: string) => {
      const names = (await readdir(t.config.uploads.dir)).filter((name) => name.startsWith(id)).sort();
      return Promise.all(names.map(async (name) => [name, sha256(await readFile(path.join(t.config.uploads.dir, name)))]));
    },
  },
  {
    name: "S3",
    setUp: async () => {
      const s3: S3TestServer = await startS3Server();
      return { env: s3.env, stop: () => s3.stop() };
    },
    /** Every object of the upload in the bucket, by key, with a digest of its content. */
    snapshot: async (t: TestServices, id: string) => {
      const { storage } = t.config;
      if (storage.driver !== "s3") throw new Error("not on S3");
      const client = new S3Client({
        region: storage.region,
        endpoint: storage.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: storage.accessKeyId!, secretAccessKey: storage.secretAccessKey! },
      });
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: id }));
        const keys = (listed.Contents ?? []).map((object) => object.Key!).sort();
        return Promise.all(
          keys.map(async (key) => {
            const object = await client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
            return [key, sha256(await object.Body!.transformToByteArray())];
          }),
        );
      } finally {
        client.destroy();
      }
    },
  },
];

describe.each(STORES)("odd /uploads addresses on $name", (store) => {
  let t: TestServices;
  let stopStore: () => Promise<void>;
  let server: { url: string; close(): Promise<void> };
  let a: { id: string; cookie: string };
  let b: { id: string; cookie: string };
  let uploadA: string;
  let uploadB: string;

  async function create(cookie: string, size: number, name: string): Promise<string> {
    const response = await send(server.url, "POST", "/uploads", {
      ...TUS,
      cookie,
      "Upload-Length": String(size),
      "Upload-Metadata": `filename ${Buffer.from(name).toString("base64")}`,
    });
    expect(response.status).toBe(201);
    return response.headers.location!.split("/").pop()!;
  }

  beforeAll(async () => {
    const s3 = await store.setUp();
    stopStore = s3.stop;
    t = await createTestServices({ env: { ...s3.env, MAX_UPLOADS_IN_FLIGHT: "200" } });
    server = await startUploadsServer(t);
    a = await signedInSeller(t, 1);
    b = await signedInSeller(t, 2);
    uploadA = await create(a.cookie, A_BYTES.length, A_NAME);
    uploadB = await create(b.cookie, 100, "IMG_B.jpg");
    // s3rver cannot answer ListParts, so chunks cannot be written there: A's upload stays empty.
    if (store.name === "local disk") {
      const half = A_BYTES.subarray(0, A_BYTES.length / 2);
      const patch = await send(
        server.url,
        "PATCH",
        `/uploads/${uploadA}`,
        { ...TUS, cookie: a.cookie, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
        half,
      );
      expect(patch.status).toBe(204);
    }
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    await t?.cleanup();
    await stopStore?.();
  });

  it.each(VARIANTS)("%s: B never reads, changes or deletes A's upload", async (_name, address) => {
    const url = address(uploadA, uploadB);
    const before = await store.snapshot(t, uploadA);
    expect(before.length).toBeGreaterThan(0);
    for (const method of METHODS) {
      const headers: Record<string, string> = { ...TUS, cookie: b.cookie };
      let body: Buffer | undefined;
      if (method === "PATCH") {
        Object.assign(headers, {
          "Upload-Offset": store.name === "local disk" ? String(A_BYTES.length / 2) : "0",
          "Content-Type": "application/offset+octet-stream",
        });
        body = Buffer.from("B-PICTURE");
      }
      if (method === "POST") Object.assign(headers, { "Upload-Length": "100" });
      const response = await send(server.url, method, url, headers, body);
      const what = `${method} ${url}`;
      // First what B must not get or do to A's upload, then how the refusal reads.
      expect(response.headers["upload-offset"], what).toBeUndefined();
      expect(response.headers["upload-length"], what).toBeUndefined();
      expect(response.headers["upload-metadata"], what).toBeUndefined();
      expect(response.headers.location, what).toBeUndefined();
      expect(response.body, what).not.toContain("A-SECRET");
      expect(await store.snapshot(t, uploadA), what).toEqual(before);
      expect(await t.uploads.isOwner({ id: uploadA, ownerId: a.id }), what).toBe(true);
      // A preflight to a well-formed address says nothing about the upload behind it.
      const preflight = method === "OPTIONS" && url === `/uploads/${uploadA}`;
      expect(preflight ? [204] : [400, 404], what).toContain(response.status);
      if (method !== "HEAD" && !preflight) expect(response.headers["content-type"], what).toMatch(/^text\/plain/);
    }
  });

  it("refuses a query string or a trailing slash even on one's own upload, with a plain message", async () => {
    for (const url of [`/uploads/${uploadA}?x=1`, `/uploads/${uploadA}?`, `/uploads?x=1`, `/uploads/`, `/UPLOADS/${uploadA}`]) {
      const response = await send(server.url, "HEAD", url, { ...TUS, cookie: a.cookie });
      expect(response.status, url).toBe(400);
      const get = await send(server.url, "GET", url, { ...TUS, cookie: a.cookie });
      expect([get.status, get.body], url).toEqual([400, "This upload address is not valid. Please add the photo again."]);
    }
    // The plain address still works for the owner (on S3 only where s3rver can answer ListParts: not here).
    if (store.name !== "local disk") return;
    const head = await send(server.url, "HEAD", `/uploads/${uploadA}`, { ...TUS, cookie: a.cookie });
    expect(head.status).toBe(200);
    expect(head.headers["upload-length"]).toBe(String(A_BYTES.length));
  });

  it("gives a Location on this site, whatever Host and X-Forwarded headers say", async () => {
    const response = await send(server.url, "POST", "/uploads", {
      ...TUS,
      cookie: b.cookie,
      "Upload-Length": "100",
      Host: "evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
      Forwarded: "host=evil.example;proto=https",
    });
    expect(response.status).toBe(201);
    expect(response.headers.location).toMatch(/^\/uploads\/[0-9a-f]{32}$/);
  });
});
