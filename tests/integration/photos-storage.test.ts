/**
 * A listing's photos through the whole server, on each storage driver: createListing stores the
 * variants, GET /media/… over real HTTP streams them back with long-lived cache headers, and
 * /readyz answers for the storage. On S3 the bucket is a real s3rver started here.
 */
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { connect } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "../../core/shared/constants";
import { imageUrl, imageVariantKey } from "../../core/uploads/images";
import { createHttpApp } from "../../server/http/app";
import { PRIVATE_CACHE_CONTROL } from "../../server/http/cache-control";
import { createS3Storage } from "../../server/media/s3-storage";
import type { Storage } from "../../server/media/storage";
import { createMangoListing } from "../support/listings";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { createTestServices, type TestServices } from "../support/test-services";

describe.each(["local", "s3"] as const)("photos on %s storage", (driver) => {
  let s3: S3TestServer | undefined;
  let t: TestServices;
  let server: Server;
  let origin: string;
  let imageKey: string;

  beforeAll(async () => {
    s3 = driver === "s3" ? await startS3Server() : undefined;
    t = await createTestServices({ env: s3?.env ?? {} });
    const app = createHttpApp({
      services: t,
      // Only /media and /readyz are asked for here; they never reach React Router.
      build: () => Promise.reject(new Error("no React Router build in this test")),
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

    imageKey = (await createMangoListing(t, { width: 900, height: 600 })).imageKey;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.cleanup();
    await s3?.stop();
  });

  it("keeps the variants where the configuration says", async () => {
    const expected = IMAGE_WIDTHS.map((width) => imageVariantKey(imageKey, width)).sort();
    const listed = async (storage: Storage) => {
      const keys: string[] = [];
      for await (const { key } of storage.list("listings/")) keys.push(key);
      return keys.sort();
    };
    expect(t.config.storage.driver).toBe(driver);
    expect(await listed(t.storage)).toEqual(expected);
    if (s3) {
      // In the bucket itself (seen by a client of its own), and nothing on the local disk.
      expect(await listed(createS3Storage(s3.storageOptions))).toEqual(expected);
      expect(existsSync(t.config.mediaDir)).toBe(false);
    }
  });

  it("serves each variant with its type, length, validators and a year of immutable caching", async () => {
    for (const width of IMAGE_WIDTHS) {
      const response = await fetch(origin + imageUrl(imageKey, width));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("etag")).toBeTruthy();
      expect(response.headers.get("last-modified")).toBeTruthy();
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get("content-length"))).toBe(bytes.length);

      const stored = await t.storage.get(imageVariantKey(imageKey, width));
      expect(bytes.equals(Buffer.concat(await stored!.body.toArray()))).toBe(true);
    }
  });

  it("answers a revalidating cache with 304 and a HEAD with headers only", async () => {
    const url = origin + imageUrl(imageKey, 320);
    const first = await fetch(url);
    await first.arrayBuffer();

    // As a browser revalidates (fetch would otherwise add "no-cache", which asks for the bytes).
    const revalidated = await fetch(url, { headers: { "If-None-Match": first.headers.get("etag")!, "Cache-Control": "max-age=0" } });
    expect(revalidated.status).toBe(304);
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
    expect(head.headers.get("content-type")).toBe("image/webp");
  });

  it("lets a visitor leave before their photo is sent: no error logged, nothing answered", async () => {
    // The storage is held until the visitor has gone (a phone that lost signal, a closed tab).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const reached = new Promise<void>((resolve) => (asked = resolve));
    const storage: Storage = { ...t.storage, get: async (key) => (asked(), await held, t.storage.get(key)) };
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void lines.push(line) });
    const app = createHttpApp({
      services: { ...t, storage, logger },
      build: () => Promise.reject(new Error("no React Router build in this test")),
    });
    const leaving = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const socket = connect((leaving.address() as { port: number }).port, "127.0.0.1");
      socket.on("error", () => {});
      const path = imageUrl(imageKey, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
      expect((await fetch(origin + path)).status).toBe(200);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await reached;
      socket.destroy();
      await expect.poll(() => new Promise((resolve) => leaving.getConnections((_error, count) => resolve(count)))).toBe(0);
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines).toEqual([]);
    } finally {
      await new Promise((resolve) => leaving.close(resolve));
    }
  });

  it("answers 404 for a photo that does not exist and for a key we would never make", async () => {
    for (const path of [
      imageUrl("listings/00000000-0000-0000-0000-000000000000", 320),
      "/media/..%2fauth-secret",
      "/media/Listings/X.webp",
    ]) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(404);
      // Never kept: not as the photo's year-long immutable answer, and not by a shared cache.
      expect(response.headers.get("cache-control"), path).toBe(PRIVATE_CACHE_CONTROL);
    }
  });

  it("is ready while its storage answers", async () => {
    const response = await fetch(`${origin}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
  });

  // A server that can go away is the S3 one; the local folder's failure is in the contract suite.
  if (driver === "s3")
    it("is not ready once the S3 server has gone", async () => {
      await s3!.stop();
      const response = await fetch(`${origin}/readyz`);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("30");
      expect(await response.json()).toEqual({ status: "unavailable", checks: { database: "ok", storage: "unavailable" } });
    });
});
