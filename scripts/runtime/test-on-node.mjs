#!/usr/bin/env node
// The unit and integration suites (the same `vitest run` that `npm test` runs, on PostgreSQL too
// when TEST_DATABASE_URL is set) on a second Node version, beside the one `npm test` ran on:
//
//   npm run test:node24   on Node 24 LTS from the npm registry (node24.mjs), for a machine whose
//                         own Node is older;
//   npm run test:node20   on the machine's own older Node (20.19 or newer, found on PATH), for a
//                         pass that ran on Node 24, as CI's does (decision 055).
//
// better-sqlite3 is a native module built for one Node ABI, so the other Node gets its own copy
// of the working tree with its own node_modules, installed by that Node. Both are kept in
// NODE24_CACHE_DIR (default .cache/node24/, gitignored): a second run only copies the sources and
// runs the tests. Prints vitest's summary; exits non-zero when anything fails.
import { createHash } from "node:crypto";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cacheDir, installNode24, node24Env, node24Paths } from "./node24.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const INSTALL_TIMEOUT_MS = 30 * 60_000;
const TEST_TIMEOUT_MS = 60 * 60_000;
const which = process.argv[2];
const started = Date.now();
const cache = cacheDir();

const { node, env } = which === "24" ? node24() : which === "20" ? olderNode() : usage();
const version = run(node, ["--version"]).trim();
const tree = path.join(cache, `tree-node-${version}`);
copyWorkingTree();
installDependencies();
const prepared = Date.now();

const tests = spawnSync(node, [path.join(tree, "node_modules", "vitest", "vitest.mjs"), "run", ...process.argv.slice(3)], {
  cwd: tree,
  env,
  stdio: "inherit",
  timeout: TEST_TIMEOUT_MS,
});
const ok = tests.status === 0;
const seconds = (from, to = Date.now()) => `${((to - from) / 1000).toFixed(1)} s`;
console.log(
  `\nNode ${version} unit and integration tests: ${ok ? "passed" : "FAILED"} (${seconds(started)} in all, ${seconds(started, prepared)} of it preparing)`,
);
process.exit(ok ? 0 : 1);

function usage() {
  fail("say which Node: `test-on-node.mjs 24` (from npm) or `test-on-node.mjs 20` (this machine's older Node).");
}

function node24() {
  try {
    installNode24(cache, console.log);
  } catch (error) {
    fail(error.message);
  }
  return { node: node24Paths(cache).node, env: node24Env(cache) };
}

/**
 * The first `node` on PATH (then /usr/bin, /usr/local/bin) older than 24 and at least 20.19. Its
 * own npm settings build better-sqlite3 (node-gyp finds its headers as it did for the main
 * install), so Node 24's header folder, which a Node 24 pass exports, is dropped.
 */
function olderNode() {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/bin", "/usr/local/bin"];
  for (const dir of dirs) {
    const candidate = path.join(dir, "node");
    if (!dir || !existsSync(candidate)) continue;
    let found;
    try {
      found = run(candidate, ["-p", "process.versions.node"]).trim();
    } catch {
      continue;
    }
    const [major, minor] = found.split(".").map(Number);
    if (major >= 24 || major < 20 || (major === 20 && minor < 19)) continue;
    const { npm_config_nodedir: _node24Headers, ...base } = process.env;
    return {
      node: candidate,
      env: { ...base, PATH: `${dir}${path.delimiter}${process.env.PATH}`, npm_config_audit: "false", npm_config_fund: "false" },
    };
  }
  fail("no Node from 20.19 up to (not including) 24 was found on PATH, /usr/bin or /usr/local/bin.");
}

/** The files git would see (tracked and new, not ignored), so untracked tests run too. */
function copyWorkingTree() {
  let listed;
  try {
    listed = run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root });
  } catch (error) {
    fail(`could not list the working tree's files with git (${error.message.split("\n")[0]}). Run it from a git checkout.`);
  }
  const files = listed.split("\0").filter((file) => file && existsSync(path.join(root, file)));
  // Start from a clean copy each run, so deleted or renamed files do not linger; keep the install.
  mkdirSync(tree, { recursive: true });
  for (const entry of readdirSync(tree))
    if (entry !== "node_modules" && entry !== ".install-stamp") rmSync(path.join(tree, entry), { recursive: true, force: true });
  for (const file of files) cpSync(path.join(root, file), path.join(tree, file));
}

/** npm install with the other Node, only when the dependencies or that Node changed. */
function installDependencies() {
  const stampFile = path.join(tree, ".install-stamp");
  const stamp = createHash("sha256")
    .update(version)
    .update(readFileSync(path.join(root, "package.json")))
    .update(readFileSync(path.join(root, "package-lock.json")))
    .digest("hex");
  if (existsSync(path.join(tree, "node_modules")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return;
  console.log(`Installing dependencies with Node ${version} (better-sqlite3 is built from source)…`);
  rmSync(stampFile, { force: true });
  // Its postinstall would prepare Node 24 a second time inside the copy: the copy needs none.
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], {
    cwd: tree,
    env: { ...env, MANDI_NODE: "system" },
    stdio: "inherit",
    timeout: INSTALL_TIMEOUT_MS,
  });
  if (result.status !== 0) fail(`npm install failed in ${tree} (${result.error?.message ?? `exit ${result.status}`}).`);
  writeFileSync(stampFile, stamp);
}

function run(command, args, options = {}) {
  return execFileSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
}

function fail(message) {
  console.error(`test-on-node: ${message}`);
  process.exit(1);
}
