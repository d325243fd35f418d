/**
 * A production app process (build/server/index.js) for tests that run several instances, and a
 * free port for it. Needs `react-router build` first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface AppInstance {
  url: string;
  process: ChildProcess;
  dataDir: string;
  exited: Promise<number | null>;
}

const READY_WITHIN_MS = 60_000;

/** Starts an instance on `port` (a free one if not given) and waits until /readyz answers. */
export async function startAppInstance(options: { env: Record<string, string>; port?: number; dataDir?: string }): Promise<AppInstance> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "mandi-instance-"));
  const child = spawn(process.execPath, ["build/server/index.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`instance on port ${port} exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (waited > READY_WITHIN_MS) {
      child.kill("SIGKILL");
      throw new Error(`instance on port ${port} did not become ready`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, process: child, dataDir, exited };
}

/**
 * A port nothing listens on: any free one, or on a shared machine the first free one in
 * TEST_PORTS (e.g. `4351-4359`; run the files one at a time then, with --no-file-parallelism).
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? "");
  if (!range) return listenOn(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (handedOut.has(port)) continue;
    const free = await listenOn(port).then(() => true, () => false);
    if (!free) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port left in TEST_PORTS=${process.env.TEST_PORTS}`);
}

/** Ports already given to an instance in this process, which may not be listening yet. */
const handedOut = new Set<number>();

function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}
