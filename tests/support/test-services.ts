/**
 * Real services on a fresh database for one test file: a new SQLite file in a temp folder, or a
 * fresh PostgreSQL schema when TEST_DATABASE_URL is set. Nothing is mocked.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { createServices, type Services } from "../../server/services";

export interface TestServices extends Services {
  clock: { now: number };
  dataDir: string;
  cleanup(): Promise<void>;
}

export async function createTestServices(): Promise<TestServices> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    LOG_LEVEL: "silent",
  });
  const clock = { now: Date.UTC(2026, 10, 22, 6, 30) };
  const services = await createServices(config, { logger: createLogger("silent"), now: () => clock.now });
  return {
    ...services,
    clock,
    dataDir,
    async cleanup() {
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
