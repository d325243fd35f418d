/**
 * The VAPID pair (decision 027): from the variables (both or neither), else made once in
 * DATA_DIR, and the same pair for processes that start at the same moment.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { ConfigError, loadConfig, prepareDataDir } from "../config";

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-vapid-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("VAPID keys", () => {
  it("are taken from the variables, both or neither, and refused when malformed", () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: tempDir(),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "mailto:ops@mandi.example.in",
    });
    expect(config.push).toMatchObject({ vapid: keys, subject: "mailto:ops@mandi.example.in" });
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY: must be set together/);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "ops" }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "ops" }),
    ).toThrow(/VAPID_PUBLIC_KEY[\s\S]*VAPID_SUBJECT/);
  });

  it("are made once into DATA_DIR and kept; the subject is BASE_URL when it is https", () => {
    const dataDir = tempDir();
    const first = prepareDataDir({ DATA_DIR: dataDir, BASE_URL: "https://mandi.example.in" });
    expect(first.push.vapid.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(first.push.subject).toBe("https://mandi.example.in");
    expect(loadConfig({ DATA_DIR: dataDir }).push.vapid).toEqual(first.push.vapid);
    expect(readdirSync(dataDir).sort()).toEqual(["auth-secret", "vapid-keys.json"]);
  });

  it("agree between processes that start together", async () => {
    const dataDir = tempDir();
    const script = `import { readOrCreateVapidKeys } from ${JSON.stringify(path.resolve("server/push/vapid-keys.ts"))}; console.log(JSON.stringify(readOrCreateVapidKeys(${JSON.stringify(dataDir)})));`;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script])),
    );
    const pairs = outputs.map((o) => o.stdout.trim());
    expect(new Set(pairs).size).toBe(1);
    expect(readdirSync(dataDir)).toEqual(["vapid-keys.json"]);
  }, 60_000);
});
