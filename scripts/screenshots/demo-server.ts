/**
 * The production build on a freshly seeded demo market in a temporary folder, for the screenshot
 * scripts beside this file: `npm run seed`'s data, `build/server/index.js`, one port.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitFor } from "../bench/measure";

export interface DemoServer {
  app: string;
  /** A folder of the server's own, removed by stop(). */
  work: string;
  stop(): void;
}

/** `env`: more settings for the server (e.g. SMTP_URL and MAIL_FROM, for the pages that send mail). */
export async function startDemoServer(port: number, env: Record<string, string> = {}): Promise<DemoServer> {
  const work = mkdtempSync(path.join(os.tmpdir(), "mandi-screenshots-"));
  const dataDir = path.join(work, "data");
  const app = `http://127.0.0.1:${port}`;
  const seedEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, "mandi.sqlite")}`, LOG_LEVEL: "warn" };
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: seedEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("seeding failed");
  const log = openSync(path.join(work, "server.log"), "w");
  const server = spawn(process.execPath, ["build/server/index.js"], {
    env: { ...seedEnv, ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", BASE_URL: app },
    stdio: ["ignore", log, log],
  });
  const stop = () => {
    server.kill();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitFor(`${app}/healthz`);
  } catch (error) {
    stop();
    throw error;
  }
  return { app, work, stop };
}
