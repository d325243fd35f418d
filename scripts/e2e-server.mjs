#!/usr/bin/env node
// The server the end-to-end tests drive: the production build on a fresh, empty data folder and,
// when DATABASE_URL names PostgreSQL, a freshly made database (its name must contain mandi_e2e,
// because it is dropped first).
import { rmSync } from "node:fs";
import pg from "pg";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes("mandi-e2e")) {
  console.error("e2e-server: DATA_DIR must be set to a mandi-e2e folder (it is wiped first).");
  process.exit(2);
}
rmSync(dataDir, { recursive: true, force: true });

const databaseUrl = process.env.DATABASE_URL ?? "";
if (/^postgres(ql)?:/.test(databaseUrl)) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^mandi_e2e\w*$/.test(name)) {
    console.error("e2e-server: a PostgreSQL DATABASE_URL must name a mandi_e2e… database (it is dropped first).");
    process.exit(2);
  }
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

process.env.NODE_ENV = "production";
await import("../build/server/index.js");
