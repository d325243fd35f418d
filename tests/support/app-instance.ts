/**
 * A production app process (build/server/index.js) for tests that run several instances, and a
 * free port for it. Needs `react-router build` first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
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
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`instance on port ${port} exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
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
 * A port nothing listens on, for an app started after this returns: the first free one in
 * TEST_PORTS (e.g. `4351-4359`; on a shared machine, with --no-file-parallelism), else one from a
 * random start below the kernel's ephemeral range. Not `listen(0)`: that hands out a port of the
 * ephemeral range, which any outgoing connection (to PostgreSQL, say) may take as its own before
 * the app binds it, and the app then exits with EADDRINUSE (seen in a CI run).
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? "");
  const [low, high] = range ? [Number(range[1]), Number(range[2])] : belowEphemeral();
  const span = high - low + 1;
  if (span < 1) return listenOn(0);
  const start = range ? 0 : Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = low + ((start + i) % span);
    if (handedOut.has(port)) continue;
    const free = await listenOn(port).then(
      () => true,
      () => false,
    );
    if (!free) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port left in ${low}-${high}`);
}

/** Ports from 20000 to just below where the kernel starts handing out ports to connections. */
function belowEphemeral(): [number, number] {
  let first = 32_768;
  try {
    first = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || first;
  } catch {
    // Not Linux: keep the IANA range's start.
  }
  return [Math.max(1_024, Math.min(20_000, first - 1_000)), first - 1];
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
