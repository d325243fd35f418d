import { createHash, randomBytes } from "node:crypto";
import { listingFields } from "../../tests/support/listings";
import { readdirSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_CHUNK_BYTES } from "../../core/uploads/upload-task";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { signedInSeller, startUploadsServer } from "../../tests/support/uploads";

const TUS = { "Tus-Resumable": "1.0.0" };
const b64 = (s: string) => Buffer.from(s).toString("base64");

describe.each(testEngines())("the /uploads tus endpoint on %s", (engine) => {
  let t: TestServices;
  let server: { url: string; close(): Promise<void> };
  let seller: { id: string; cookie: string };
  let other: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestServices({ engine, env: { MAX_UPLOADS_IN_FLIGHT: "3", MAX_IMAGE_BYTES: String(4 * 1024 * 1024) } });
    server = await startUploadsServer(t);
    seller = await signedInSeller(t, 1);
    other = await signedInSeller(t, 2);
  });
  afterAll(async () => {
    await server.close();
    await t.cleanup();
  });

  async function create(cookie: string, size: number, name = "IMG_0001.jpg"): Promise<Response> {
    return fetch(`${server.url}/uploads`, {
      method: "POST",
      headers: { ...TUS, cookie, "Upload-Length": String(size), "Upload-Metadata": `filename ${b64(name)},filetype ${b64("image/jpeg")}` },
    });
  }
  const idOf = (response: Response) => response.headers.get("location")!.split("/").pop()!;
  function send(method: "HEAD" | "PATCH", id: string, cookie: string, body?: BodyInit): Promise<Response> {
    const offset: Record<string, string> =
      method === "PATCH" ? { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" } : {};
    return fetch(`${server.url}/uploads/${id}`, { method, headers: { ...TUS, cookie, ...offset }, body });
  }

  it("refuses anyone not signed in", async () => {
    const response = await create("", 100);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe("You must login first");
  });

  it("answers someone else's upload as not found, and lets its owner cancel it", async () => {
    const created = await create(seller.cookie, 100);
    expect(created.status).toBe(201);
    const id = idOf(created);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const theirs = await fetch(`${server.url}/uploads/${id}`, { method: "HEAD", headers: { ...TUS, cookie: other.cookie } });
    expect(theirs.status).toBe(404);
    const patch = await fetch(`${server.url}/uploads/${id}`, {
      method: "PATCH",
      headers: { ...TUS, cookie: other.cookie, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body: "x",
    });
    expect(patch.status).toBe(404);

    const canceled = await fetch(`${server.url}/uploads/${id}`, { method: "DELETE", headers: { ...TUS, cookie: seller.cookie } });
    expect(canceled.status).toBe(204);
    await expect(t.uploadDatastore.getUpload(id)).rejects.toBeDefined();
    await expect.poll(() => t.uploads.isOwner({ id, ownerId: seller.id })).toBe(false);
  });

  it("refuses an empty file, one over the size limit, and uploads past the per-person limit, with a message", async () => {
    const empty = await create(seller.cookie, 0);
    expect([empty.status, await empty.text()]).toEqual([400, "This file is empty. Please choose a photo."]);
    const huge = await create(seller.cookie, 4 * 1024 * 1024 + 1);
    expect(huge.status).toBe(413);

    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(idOf(await create(seller.cookie, 10)));
    const fourth = await create(seller.cookie, 10);
    expect([fourth.status, await fourth.text()]).toEqual([429, "Too many photos are uploading at once. Please wait for one to finish."]);
    await t.uploads.discardUploads(ids);
  });

  it("refuses a parallel upload (tus's concatenation, which it does not offer) with a 400 and a message, not tus's 501", async () => {
    for (const concat of ["partial", "final;/uploads/a /uploads/b", ""]) {
      const response = await fetch(`${server.url}/uploads`, {
        method: "POST",
        headers: { ...TUS, cookie: seller.cookie, "Upload-Length": "10", "Upload-Concat": concat },
      });
      expect([response.status, await response.text()], concat).toEqual([
        400,
        "Please send the photo in one piece: uploading it in parallel parts is not supported.",
      ]);
    }
  });

  it("lets a seller whose uploads were stranded (a crash, a closed tab) start new ones; live uploads still count", async () => {
    const stranded = [];
    for (let i = 0; i < 3; i++) {
      const id = idOf(await create(seller.cookie, 1000));
      expect((await send("PATCH", id, seller.cookie, Buffer.alloc(300))).status).toBe(204);
      stranded.push(id);
      t.clock.now += 60_000;
    }
    t.clock.now += 60 * 60_000;
    // The newest stranded one is picked up again (its offset asked, as a resuming client does).
    expect((await send("HEAD", stranded[2]!, seller.cookie)).status).toBe(200);

    const first = await create(seller.cookie, 10);
    expect(first.status).toBe(201);
    expect((await send("HEAD", stranded[0]!, seller.cookie)).status).toBe(404);
    await expect(t.uploadDatastore.getUpload(stranded[0]!)).rejects.toBeDefined();
    const second = await create(seller.cookie, 10);
    expect(second.status).toBe(201);
    expect((await send("HEAD", stranded[1]!, seller.cookie)).status).toBe(404);
    // Three live ones now (one resumed, two new): a fourth still waits.
    const third = await create(seller.cookie, 10);
    expect([third.status, await third.text()]).toEqual([429, "Too many photos are uploading at once. Please wait for one to finish."]);
    expect(Number((await send("HEAD", stranded[2]!, seller.cookie)).headers.get("upload-offset"))).toBe(300);
    await t.uploads.discardUploads([stranded[2]!, idOf(first), idOf(second)]);
  });

  it("does not keep an upload tus refused: a body longer than its Upload-Length leaves nothing behind", async () => {
    const filesBefore = readdirSync(t.config.uploads.dir).length;
    const response = await fetch(`${server.url}/uploads`, {
      method: "POST",
      headers: { ...TUS, cookie: seller.cookie, "Upload-Length": "10", "Content-Type": "application/offset+octet-stream" },
      body: Buffer.alloc(5000, 1),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("location")).toBeNull();
    const rows = await t.db.kysely.selectFrom("photo_upload").select("id").where("owner_id", "=", seller.id).execute();
    expect(rows).toEqual([]);
    expect(readdirSync(t.config.uploads.dir).length).toBe(filesBefore);
  });

  it("stores a text file named .jpg as bytes only: the listing step refuses it by its content", async () => {
    const bytes = Buffer.from("this is not a photo");
    const id = idOf(await create(seller.cookie, bytes.length, "../../photo.jpg"));
    const patch = await fetch(`${server.url}/uploads/${id}`, {
      method: "PATCH",
      headers: { ...TUS, cookie: seller.cookie, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body: bytes,
    });
    expect(patch.status).toBe(204);
    const fields = listingFields({ name: "Rice", category: "rice", price: "50", description: "d" });
    await expect(t.listings.createListingFromUploads({ actor: { id: seller.id }, fields, uploadIds: [id] })).rejects.toMatchObject({
      status: 415,
      message: "This file is not a photo we can use. Please choose a JPEG, PNG or WebP picture.",
    });
    expect(await t.listings.countListings()).toBe(0);
    await t.uploads.discardUploads([id]);
  });

  it("resumes uploads whose connections were killed at random offsets: byte-identical, at most one chunk re-sent per break", async () => {
    const random = seeded(42);
    for (let round = 0; round < 3; round++) {
      const file = randomBytes(UPLOAD_CHUNK_BYTES * 5 + 12_345);
      const id = idOf(await create(seller.cookie, file.length));
      let sent = 0;
      let breaks = 0;
      let worstResend = 0;
      let offset = 0;
      while (offset < file.length) {
        const chunk = file.subarray(offset, offset + UPLOAD_CHUNK_BYTES);
        // Every round breaks at least once (its first request), then at random.
        const kill = sent === 0 || random() < 0.5 ? Math.floor(random() * chunk.length) : null;
        sent += await patch(id, offset, chunk, kill);
        const previous = offset;
        offset = await headOffset(id);
        if (kill !== null) {
          breaks++;
          // What this break cost: bytes that went out but were not kept, to be sent again.
          worstResend = Math.max(worstResend, previous + kill - offset);
        }
      }
      expect(offset).toBe(file.length);
      expect(breaks).toBeGreaterThan(0);
      expect(worstResend).toBeLessThanOrEqual(UPLOAD_CHUNK_BYTES);
      expect(sent - file.length).toBeLessThanOrEqual(breaks * UPLOAD_CHUNK_BYTES);
      const stored = await sha256(await t.uploadDatastore.read(id));
      expect(stored).toBe(createHash("sha256").update(file).digest("hex"));
      await t.uploads.discardUploads([id]);
    }
  });

  /** Sends one chunk; with `killAfter`, sends that many bytes and then drops the connection. Returns bytes sent. */
  function patch(id: string, offset: number, chunk: Buffer, killAfter: number | null): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${server.url}/uploads/${id}`, {
        method: "PATCH",
        headers: {
          ...TUS,
          cookie: seller.cookie,
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
          "Content-Length": String(chunk.length),
        },
      });
      if (killAfter === null) {
        request.on("response", (response) => {
          response.resume();
          response.on("end", () =>
            response.statusCode === 204 ? resolve(chunk.length) : reject(new Error(`PATCH ${response.statusCode}`)),
          );
        });
        request.on("error", reject);
        request.end(chunk);
        return;
      }
      request.on("error", () => {}); // the break is ours
      request.write(chunk.subarray(0, killAfter), () => {
        // Give the server a moment to take what arrived, as a real dropped connection would.
        setTimeout(() => {
          request.destroy();
          setTimeout(() => resolve(killAfter), 50);
        }, 30);
      });
    });
  }

  async function headOffset(id: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(`${server.url}/uploads/${id}`, { method: "HEAD", headers: { ...TUS, cookie: seller.cookie } });
      if (response.ok) return Number(response.headers.get("upload-offset"));
      if (attempt > 20) throw new Error(`HEAD ${response.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
});

async function sha256(stream: AsyncIterable<unknown>): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** mulberry32: the same "random" breaks on every run, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
