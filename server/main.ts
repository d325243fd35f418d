/** Production entry, bundled by `react-router build` into build/server/index.js. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { ConfigError } from "./config";
import { startServer } from "./http/start-server";

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

startServer({ build, clientDir }).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
