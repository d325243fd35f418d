/**
 * Real services on a fresh database for one test file: a new SQLite file in a temp folder, or a
 * new PostgreSQL database (see test-database.ts). Nothing is mocked.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { prepareDataDir } from "../../server/config";
import { routeContextOf } from "../../server/http/load-context";
import { createLogger } from "../../server/logger";
import { createServices, type Services } from "../../server/services";
import { createTestDatabase, type TestEngine } from "./test-database";

export interface TestServices extends Services {
  clock: { now: number };
  dataDir: string;
  engine: TestEngine;
  cleanup(): Promise<void>;
}

/** `env` overrides configuration (e.g. low rate limits for the test that checks them). */
export async function createTestServices(options: { engine?: TestEngine; env?: Record<string, string> } = {}): Promise<TestServices> {
  const engine = options.engine ?? "sqlite";
  const dataDir = mkdtempSync(path.join(tmpdir(), "mandi-test-"));
  const database = await createTestDatabase(engine, dataDir);
  const config = prepareDataDir({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    LOG_LEVEL: "silent",
    AUTH_SIGNIN_PER_MINUTE: "1000",
    AUTH_SIGNUP_PER_MINUTE: "1000",
    // The test clock stands still, so every page with a phone number falls in one hour (decision 046).
    PHONE_REVEALS_PER_HOUR: "1000000",
    PHONE_REVEAL_PRESSES_PER_HOUR: "1000000",
    ...options.env,
  });
  const clock = { now: Date.UTC(2026, 10, 22, 6, 30) };
  const services = await createServices(config, { logger: createLogger("silent"), now: () => clock.now });
  return {
    ...services,
    clock,
    dataDir,
    engine,
    async cleanup() {
      await services.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The context React Router would hand a loader or action, with whoever the cookie names signed in; `t` may be a second instance's services. */
export function routeContextFor(t: Services, cookie?: string): AppLoadContext {
  return {
    ...routeContextOf(t),
    cspNonce: "test-nonce",
    requestId: "test-request",
    clientAddress: "127.0.0.1",
    currentUser: () => (cookie ? t.accounts.getSessionUser(new Headers({ cookie })) : Promise.resolve(null)),
  };
}
