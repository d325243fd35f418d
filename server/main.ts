/** Production entry, bundled by `react-router build` into build/server/index.js. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { ConfigError } from "./config";
import { StartupError } from "./db/wait-for-database";
import { startServer } from "./http/start-server";

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

startServer({ build, clientDir }).catch((error: unknown) => {
  // What the operator must fix is one clear message; anything else is a bug, with its stack.
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
