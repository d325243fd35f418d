/**
 * For driver-loading.test.ts: in a fresh process (a test runner's own process has loaded
 * everything), opens a database of the engine given and prints which optional native or driver
 * modules the process then holds.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { openDatabase } from "./database";
import { loadSharp } from "../media/load-sharp";

const require = createRequire(import.meta.url);
const held = () => ({
  pg: Object.keys(require.cache).some((file) => file.includes("/node_modules/pg/")),
  libvips: readFileSync("/proc/self/maps", "utf8").includes("libvips"),
});

const url = process.argv[2] === "postgres" ? "postgres://mandi@127.0.0.1:1/never-connected" : "sqlite::memory:";
// A pool connects on its first query, never here: no PostgreSQL server is needed.
const db = openDatabase(url);
const opened = held();
await loadSharp();
console.log(JSON.stringify({ opened, afterPhotoTools: held() }));
await db.close();
