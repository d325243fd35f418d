#!/usr/bin/env node
// The server the end-to-end tests drive: the production build on a fresh, empty data folder.
import { rmSync } from "node:fs";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes("mandi-e2e")) {
  console.error("e2e-server: DATA_DIR must be set to a mandi-e2e folder (it is wiped first).");
  process.exit(2);
}
rmSync(dataDir, { recursive: true, force: true });
process.env.NODE_ENV = "production";
await import("../build/server/index.js");
