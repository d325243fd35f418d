import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "./local-disk-storage";

// What every driver does is in storage.contract.test.ts; this is what only a folder can hold.
describe("local disk storage", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "mandi-local-storage-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("lists only finished photos: not a put's temp file, nor files no key could name", async () => {
    const storage = createLocalDiskStorage(dir);
    await storage.put("listings/a/w320.webp", Buffer.from("photo"), "image/webp");
    await writeFile(path.join(dir, "listings", "a", "w640.webp.0f8e2c1a.tmp"), "half a photo");
    await mkdir(path.join(dir, "Thumbs"), { recursive: true });
    await writeFile(path.join(dir, "Thumbs", "Desktop.ini"), "x");
    await writeFile(path.join(dir, ".DS_Store"), "x");

    const listed = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed).toEqual([{ key: "listings/a/w320.webp", size: 5, lastModified: expect.any(Date) as unknown }]);
  });

  it("lists nothing, without failing, before the first photo made its folder", async () => {
    const storage = createLocalDiskStorage(path.join(dir, "not-yet"));
    const listed = [];
    for await (const object of storage.list("listings/")) listed.push(object);
    expect(listed).toEqual([]);
  });

  it("removes a killed put's temp files and empty folders older than the cutoff, and nothing else", async () => {
    const root = path.join(dir, "leftovers");
    const storage = createLocalDiskStorage(root);
    const at = (...parts: string[]) => path.join(root, ...parts);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await storage.put("listings/kept/w320.webp", Buffer.from("photo"), "image/webp");
    await mkdir(at("listings", "crashed"), { recursive: true });
    await writeFile(at("listings", "crashed", "w320.webp.1b2c.tmp"), "half a photo");
    await writeFile(at("listings", "kept", "w640.webp.3d4e.tmp"), "half a photo");
    await mkdir(at("listings", "empty"), { recursive: true });
    await mkdir(at("listings", "just-made"), { recursive: true });
    await writeFile(at("listings", "just-made", "w320.webp.5f6a.tmp"), "being written now");
    for (const old of [
      at("listings", "crashed", "w320.webp.1b2c.tmp"),
      at("listings", "kept", "w640.webp.3d4e.tmp"),
      at("listings", "kept", "w320.webp"),
      at("listings", "crashed"),
      at("listings", "empty"),
      at("listings", "kept"),
      at("listings"),
    ]) {
      await utimes(old, twoHoursAgo, twoHoursAgo);
    }

    const removed = await storage.removeLeftovers(new Date(Date.now() - 60 * 60_000));
    // Two temp files, then the two folders that were left empty.
    expect(removed).toBe(4);
    expect(existsSync(at("listings", "crashed"))).toBe(false);
    expect(existsSync(at("listings", "empty"))).toBe(false);
    expect(existsSync(at("listings", "kept", "w640.webp.3d4e.tmp"))).toBe(false);
    expect(existsSync(at("listings", "kept", "w320.webp"))).toBe(true);
    expect(existsSync(at("listings", "just-made", "w320.webp.5f6a.tmp"))).toBe(true);
    expect(existsSync(at("listings"))).toBe(true);
  });
});
