import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
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
    expect(listed).toEqual([{ key: "listings/a/w320.webp", size: 5 }]);
  });

  it("lists nothing, without failing, before the first photo made its folder", async () => {
    const storage = createLocalDiskStorage(path.join(dir, "not-yet"));
    const listed = [];
    for await (const object of storage.list("listings/")) listed.push(object);
    expect(listed).toEqual([]);
  });
});
