/** The processes a benchmark measures: the production server on a marketplace, and a bare node:http baseline. */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { waitFor } from "./measure";

export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  // Exited already, by itself or by a signal.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The smallest server Node can run: what any HTTP answer on this machine costs at least. */
export async function startHelloWorld(port: number): Promise<ChildProcess> {
  const child = startProcess(["-e", `require("node:http").createServer((req, res) => res.end("hello")).listen(${port}, "127.0.0.1")`], {});
  await waitFor(`http://127.0.0.1:${port}/`);
  return child;
}

export function requireProductionBuild(): void {
  if (!existsSync("build/server/index.js")) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
}

/** The production server's settings on a port, a data folder and a database, on this machine only. */
export function productionEnv(options: { port: number; dataDir: string; databaseUrl: string }): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: "warn",
    // Every page a bench reads comes from 127.0.0.1: measure the pages with the seller's number (decision 046).
    PHONE_REVEALS_PER_HOUR: "100000000",
    PHONE_REVEAL_PRESSES_PER_HOUR: "100000000",
  };
}

/** A fixed secret, so every server a benchmark starts on one marketplace accepts the same sessions. */
export const BENCH_AUTH_SECRET = "bench-secret-bench-secret-bench-secret-0123";

/**
 * `npm start`'s server on the given database, answering once /healthz does; `env` adds to or
 * overrides its settings; `entry`: another build's server (default `build/server/index.js`);
 * `nodeArgs`: Node's own flags (`--cpu-prof`), which cluster workers inherit.
 */
export async function startMarketServer(options: {
  port: number;
  dataDir: string;
  databaseUrl: string;
  env: Record<string, string>;
  entry?: string;
  nodeArgs?: string[];
}): Promise<ChildProcess> {
  const child = startProcess([...(options.nodeArgs ?? []), options.entry ?? "build/server/index.js"], {
    ...productionEnv(options),
    AUTH_SECRET: BENCH_AUTH_SECRET,
    ...options.env,
  });
  try {
    await waitFor(`http://127.0.0.1:${options.port}/healthz`);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return child;
}
