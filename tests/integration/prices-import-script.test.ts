/**
 * `npm run prices:import` as an operator runs it (issue 23 part 3, decision 021): a real process,
 * its exit status and what it prints; killed with SIGKILL part-way and started again, it ends with
 * every record once. Both engines in CI.
 */
import { execFile, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMandiRatesRepository } from "../../server/mandi-rates/mandi-rates.repository";
import { writeSyntheticCsv } from "../support/mandi-rates";
import { testEngines } from "../support/test-database";
import { createTestServices, type TestServices } from "../support/test-services";

const TSX_CLI = createRequire(import.meta.url).resolve("tsx/cli");
const ROWS = 60_000;

describe.each(testEngines())("npm run prices:import on %s", (engine) => {
  let t: TestServices;
  let env: NodeJS.ProcessEnv;
  const count = () => createMandiRatesRepository(t.db.kysely).countRates();
  const importFile = async (file: string) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [TSX_CLI, "scripts/prices-import.ts", "--", file], {
        env,
        maxBuffer: 1 << 24,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  beforeAll(async () => {
    t = await createTestServices({ engine });
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.config.databaseUrl,
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      LOG_LEVEL: "silent",
    };
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("refuses a file with the wrong headers in one line, exit 1, nothing written", async () => {
    const { code, stderr } = await importFile(path.resolve("package.json"));
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(
      /Expected "records"|Expected: State, District, Market, Commodity, Variety, Grade, Arrival_Date, Min_x0020_Price, Max_x0020_Price, Modal_x0020_Price/,
    );
    expect(await count()).toBe(0);
  });

  it("imports the sample and reports what it could not match", async () => {
    const { code, stdout } = await importFile(path.resolve("docs/samples/mandi-rates-sample.csv"));
    expect(code).toBe(0);
    expect(stdout).toMatch(/Read 13 records \(CSV\) in [\d.]+ s: 13 stored, 0 already stored, 0 skipped\./);
    // Every commodity and district of the sample is known (Cotton since issue 41).
    expect(stdout).not.toMatch(/does not know/);
    await t.db.kysely.deleteFrom("mandi_rate").execute();
  });

  it("killed with SIGKILL part-way and run again, ends with every record once", async () => {
    const file = path.join(t.dataDir, "big.csv");
    await writeSyntheticCsv(file, ROWS);
    // tsx's CLI runs the script in a child process of its own: load tsx into this one instead, so the kill reaches the importer.
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/prices-import.ts", "--", file], { env, stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    // Kill it once some batches are in, well before the end.
    const deadline = Date.now() + 60_000;
    while ((await count()) < 2_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const partial = await count();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(ROWS);

    const { code, stdout } = await importFile(file);
    expect(code).toBe(0);
    expect(stdout).toContain(`Read ${ROWS.toLocaleString("en-IN")} records`);
    expect(stdout).toContain(`${partial.toLocaleString("en-IN")} already stored, 0 skipped`);
    expect(await count()).toBe(ROWS);
  }, 180_000);
});
