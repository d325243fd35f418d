#!/usr/bin/env node
// `npm start`: build the app when there is no build (or the sources are newer), then serve it.
// Migrations run inside the server at start-up.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync, readdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepared } from "./runtime/node24.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entry = path.join(root, "build/server/index.js");
const SOURCES = ["app", "core", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestSource(file) {
  const info = statSync(file);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newestSource(path.join(file, name))));
}

const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
const changed = Math.max(
  ...SOURCES.map((s) => path.join(root, s))
    .filter(existsSync)
    .map(newestSource),
);
if (built < changed) {
  console.log(built ? "Sources changed since the last build; building…" : "No build yet; building…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Node 24 LTS is the runtime (decision 055). On a machine whose Node is older, `npm start` runs this
// script on the Node 24 that `npm install` prepared (scripts/runtime/node24.mjs), which loads its
// own better-sqlite3 build; workers inherit the variable. Node 20.19 still works, with a warning.
// Workers inherit the primary's environment, so only the primary looks.
const node24 = cluster.isPrimary ? prepared() : null;
if (node24 && process.execPath === node24.node) process.env.MANDI_SQLITE_BINDING ??= node24.binding;
const major = Number(process.versions.node.split(".")[0]);
if (cluster.isPrimary && major < 24)
  console.warn(
    `Node ${process.versions.node}: Mandi runs on it, but Node 20 has had no security fixes since April 2026. Use Node 24 LTS (.nvmrc), or run \`node scripts/runtime/node24.mjs prepare\` and npm start uses it.`,
  );

process.env.NODE_ENV ??= "production";
// One server process per core (decision 017); WEB_CONCURRENCY=1 runs a single process.
process.env.WEB_CONCURRENCY ??= String(availableParallelism());
await import(entry);
