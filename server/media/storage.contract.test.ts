/**
 * One contract for every Storage driver: the local folder, and S3 through the AWS SDK against a
 * real S3 API server (s3rver) started here. A driver passes the same tests or it is not done.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../tests/support/s3-server";
import { createLocalDiskStorage } from "./local-disk-storage";
import { createS3Storage } from "./s3-storage";
import type { Storage, StoredObjectInfo } from "./storage";

interface DriverUnderTest {
  storage: Storage;
  /** Storages of this driver that cannot work, by what is wrong with them. */
  broken: Record<string, Storage>;
  stop(): Promise<void>;
}

async function startLocalDisk(): Promise<DriverUnderTest> {
  const dir = await mkdtemp(path.join(tmpdir(), "mandi-storage-"));
  // A folder cannot be made inside a plain file.
  const file = path.join(dir, "a-file");
  await writeFile(file, "not a folder");
  return {
    storage: createLocalDiskStorage(path.join(dir, "media")),
    broken: { "a folder that cannot be created": createLocalDiskStorage(path.join(file, "media")) },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

async function startS3(): Promise<DriverUnderTest> {
  const server = await startS3Server();
  return {
    storage: createS3Storage(server.storageOptions),
    broken: {
      "a bucket that does not exist": createS3Storage({ ...server.storageOptions, bucket: "no-such-bucket" }),
      "an endpoint nobody answers": createS3Storage({ ...server.storageOptions, endpoint: await unansweredEndpoint() }),
    },
    stop: () => server.stop(),
  };
}

/** An address on a port that was free a moment ago, so connections to it are refused. */
async function unansweredEndpoint(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const read = async (storage: Storage, key: string) => {
  const object = await storage.get(key);
  return object && { ...object, bytes: Buffer.concat(await object.body.toArray()) };
};

const listAll = async (storage: Storage, folder?: string) => {
  const found: Array<Omit<StoredObjectInfo, "lastModified">> = [];
  for await (const { key, size } of storage.list(folder)) found.push({ key, size });
  return found.sort((a, b) => a.key.localeCompare(b.key));
};

describe.each([
  { driver: "local disk", start: startLocalDisk },
  { driver: "S3 (s3rver)", start: startS3 },
])("Storage on $driver", ({ start }) => {
  let driver: DriverUnderTest;
  /** Each test works in its own folder, so lists are exact. */
  let folder: string;

  beforeAll(async () => {
    driver = await start();
  });
  afterAll(async () => {
    await driver?.stop();
  });

  const freshFolder = () => (folder = `t${randomBytes(4).toString("hex")}/`);

  it("gives back exactly the bytes and content type that were put", async () => {
    freshFolder();
    const photo = randomBytes(70_000);
    await driver.storage.put(`${folder}p1/w320.webp`, photo, "image/webp");
    await driver.storage.put(`${folder}p1/original.jpg`, Buffer.from("jpeg bytes"), "image/jpeg");

    const webp = await read(driver.storage, `${folder}p1/w320.webp`);
    expect(webp).toMatchObject({ size: photo.length, contentType: "image/webp" });
    expect(webp!.bytes.equals(photo)).toBe(true);
    // Validators for conditional requests, so a revalidating cache gets a 304.
    expect(webp!.etag).toMatch(/^(W\/)?".+"$/);
    expect(webp!.lastModified).toBeInstanceOf(Date);

    const jpeg = await read(driver.storage, `${folder}p1/original.jpg`);
    expect(jpeg).toMatchObject({ size: 10, contentType: "image/jpeg" });
    expect(jpeg!.bytes.toString()).toBe("jpeg bytes");
  });

  it("answers null for a key that holds nothing", async () => {
    freshFolder();
    expect(await driver.storage.get(`${folder}missing/w320.webp`)).toBeNull();
  });

  it("replaces an object put again under the same key", async () => {
    freshFolder();
    await driver.storage.put(`${folder}w320.webp`, Buffer.from("first version"), "image/webp");
    await driver.storage.put(`${folder}w320.webp`, Buffer.from("second"), "image/webp");
    const object = await read(driver.storage, `${folder}w320.webp`);
    expect(object!.bytes.toString()).toBe("second");
    expect(object!.size).toBe(6);
    expect(await listAll(driver.storage, folder)).toEqual([{ key: `${folder}w320.webp`, size: 6 }]);
  });

  it("deletes the keys it is given, missing ones included, and leaves the rest", async () => {
    freshFolder();
    await driver.storage.put(`${folder}a/w320.webp`, Buffer.from("a"), "image/webp");
    await driver.storage.put(`${folder}a/w640.webp`, Buffer.from("aa"), "image/webp");
    await driver.storage.put(`${folder}b/w320.webp`, Buffer.from("b"), "image/webp");

    await driver.storage.delete([`${folder}a/w320.webp`, `${folder}a/w640.webp`, `${folder}never-there.webp`]);
    await driver.storage.delete([]);

    expect(await driver.storage.get(`${folder}a/w320.webp`)).toBeNull();
    expect(await listAll(driver.storage, folder)).toEqual([{ key: `${folder}b/w320.webp`, size: 1 }]);
  });

  it("lists when each object was written, and removing leftovers never touches a stored object", async () => {
    freshFolder();
    const before = Date.now() - 60_000;
    await driver.storage.put(`${folder}listings/one/w320.webp`, Buffer.alloc(3), "image/webp");
    const listed: StoredObjectInfo[] = [];
    for await (const info of driver.storage.list(folder)) listed.push(info);
    expect(listed[0]!.lastModified.getTime()).toBeGreaterThan(before);
    expect(listed[0]!.lastModified.getTime()).toBeLessThan(Date.now() + 60_000);
    await driver.storage.removeLeftovers(new Date(Date.now() + 60 * 60_000));
    expect(await listAll(driver.storage, folder)).toEqual([{ key: `${folder}listings/one/w320.webp`, size: 3 }]);
  });

  it("lists and deletes more objects than one S3 page or request holds (1000)", async () => {
    freshFolder();
    const keys = Array.from({ length: 1003 }, (_, i) => `${folder}k${i}.webp`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => driver.storage.put(key, Buffer.from("x"), "image/webp")));
    }
    expect(await listAll(driver.storage, folder)).toHaveLength(1003);
    await driver.storage.delete(keys);
    expect(await listAll(driver.storage, folder)).toEqual([]);
  }, 60_000);

  it("lists the objects under a folder with their sizes", async () => {
    freshFolder();
    await driver.storage.put(`${folder}listings/one/w320.webp`, Buffer.alloc(3), "image/webp");
    await driver.storage.put(`${folder}listings/two/w320.webp`, Buffer.alloc(5), "image/webp");
    await driver.storage.put(`${folder}other/x.webp`, Buffer.alloc(7), "image/webp");

    expect(await listAll(driver.storage, `${folder}listings/`)).toEqual([
      { key: `${folder}listings/one/w320.webp`, size: 3 },
      { key: `${folder}listings/two/w320.webp`, size: 5 },
    ]);
    expect(await listAll(driver.storage, folder)).toHaveLength(3);
    expect((await listAll(driver.storage)).map((o) => o.key)).toContain(`${folder}other/x.webp`);
    expect(await listAll(driver.storage, `${folder}nothing-here/`)).toEqual([]);
  });

  it("refuses keys the server would never make, before touching the storage", async () => {
    const bad = ["../etc/passwd", "/listings/a.webp", "listings//a.webp", "Listings/A.webp", "a/./b.webp", "", "a/"];
    for (const key of bad) {
      await expect(driver.storage.put(key, Buffer.from("x"), "image/webp"), key).rejects.toThrow(/Invalid storage key/);
      await expect(driver.storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(driver.storage.delete(["ok/w320.webp", key]), key).rejects.toThrow(/Invalid storage key/);
    }
    await expect(listAll(driver.storage, "../")).rejects.toThrow(/Invalid storage folder/);
    await expect(listAll(driver.storage, "listings")).rejects.toThrow(/Invalid storage folder/);
  });

  it("passes its check when usable and fails it when not", async () => {
    await expect(driver.storage.check()).resolves.toBeUndefined();
    for (const [problem, storage] of Object.entries(driver.broken)) {
      await expect(storage.check(), problem).rejects.toThrow();
    }
  });

  it("fails a read from a storage it cannot use, rather than answering 'no such photo'", async () => {
    for (const [problem, storage] of Object.entries(driver.broken)) {
      await expect(storage.get("listings/x/w320.webp"), problem).rejects.toThrow();
    }
  });
});
