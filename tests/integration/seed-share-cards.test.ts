/**
 * `npm run seed` leaves no share cards to draw (issue 42, item 11): its listings' cards, English
 * and Hindi, are stored before it ends, so a fresh demo's first share is answered from storage
 * instead of waiting seconds behind the server's backlog of cards to draw.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

describe("npm run seed and share cards", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-seed-cards-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("stores every seeded listing's card in English and Hindi before it ends", async () => {
    const tsx = createRequire(import.meta.url).resolve("tsx/cli");
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    await promisify(execFile)(process.execPath, [tsx, "scripts/seed.ts", "--listings", "4", "--days", "5"], { env });
    const cards = path.join(dataDir, "media", "share-cards");
    expect(existsSync(cards)).toBe(true);
    const listings = readdirSync(cards);
    expect(listings).toHaveLength(4);
    for (const id of listings) {
      const files = readdirSync(path.join(cards, id));
      expect(
        files.filter((file) => /^en-\w+\.jpg$/.test(file)),
        id,
      ).toHaveLength(1);
      expect(
        files.filter((file) => /^hi-\w+\.jpg$/.test(file)),
        id,
      ).toHaveLength(1);
    }
  }, 300_000);
});
