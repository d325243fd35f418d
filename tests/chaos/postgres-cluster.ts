/**
 * A throwaway PostgreSQL cluster the chaos tests start, stop and restart themselves (initdb and
 * pg_ctl on their own port), so a real restart can be done without touching the shared server.
 * initdb refuses to run as root: as root it runs as the `postgres` user through runuser.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const BIN = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

export interface Cluster {
  url: string;
  start(): void;
  /** `pg_ctl stop -m fast`: every connection gets 57P01, as in a restart or failover. */
  stop(): void;
  destroy(): void;
}

/** Why a cluster cannot be made here, or null when it can. */
export function clusterUnavailableReason(): string | null {
  if (!existsSync(path.join(BIN, "initdb"))) return `no PostgreSQL binaries in ${BIN} (set PG_BIN_DIR)`;
  if (process.getuid?.() === 0 && !existsSync("/usr/sbin/runuser") && !existsSync("/sbin/runuser"))
    return "running as root without runuser";
  return null;
}

export function createCluster(port: number): Cluster {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-chaos-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o777);
    execFileSync("chown", ["postgres:postgres", dir]);
  }
  const run = (binary: string, args: string[]) => {
    const [command, all] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(BIN, binary), ...args]] : [path.join(BIN, binary), args];
    execFileSync(command as string, all as string[], { stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 });
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "--no-instructions"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]),
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]),
    destroy() {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
