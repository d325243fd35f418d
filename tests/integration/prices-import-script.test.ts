/**
 * `npm run prices:import` as an operator runs it (issue 23 part 3, decision 021; issue 41,
 * decision 048): a real process, its exit status and what it prints; `--check`, a folder and
 * several files; the usable share per file and the unknown names shortened; killed with SIGKILL
 * part-way through a folder of history and started again, it ends with every record once. Both
 * engines in CI.
 */
import { execFile, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
  const importFile = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [TSX_CLI, "scripts/prices-import.ts", "--", ...args], {
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
  beforeEach(async () => {
    await t.db.kysely.deleteFrom("mandi_rate").execute();
  });

  it("refuses a file with the wrong headers in one line, exit 1, nothing written", async () => {
    const { code, stderr } = await importFile(path.resolve("package.json"));
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(
      /Expected "records"|Expected: State, District, Market, Commodity, Variety, Grade, Arrival_Date, Min_x0020_Price, Max_x0020_Price, Modal_x0020_Price/,
    );
    expect(await count()).toBe(0);
  }, 60_000);

  it("imports the sample and reports what it could not match", async () => {
    const { code, stdout } = await importFile(path.resolve("docs/samples/mandi-rates-sample.csv"));
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /Read 13 records in [\d.]+ s, daily prices CSV \(Min_x0020_Price headers\): 13 stored, 0 already stored, 0 skipped\./,
    );
    expect(stdout).toMatch(/Usable: \d+ of 13 records \([\d.]+%\) matched to a produce and a district; to a produce [\d.]+%/);
    // Every commodity and district of the sample is known (Cotton since issue 41).
    expect(stdout).not.toMatch(/does not know/);
  }, 60_000);

  it("checks files with --check and writes nothing; reads a folder as its files, and several at once", async () => {
    const fixtures = path.resolve("tests/fixtures/mandi-rates");
    const checked = await importFile("--check", fixtures);
    // The new portal's report is refused by its shape; the other files are read all the same.
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(/new-portal-report\.json: This is AGMARKNET's new-portal report JSON/);
    expect(checked.stdout).toContain("Checking mandi rates from");
    expect(checked.stdout).toMatch(/Read 4 records in [\d.]+ s, variety-wise daily prices \(Commodity_Code\): 3 good, 1 skipped\./);
    expect(checked.stdout).toMatch(/\n6 files in [\d.]+ s: 20 records read, 6 skipped\./);
    expect(checked.stdout).toMatch(/ {2}api-csv-2019\.csv: [\d.]+% of 3 usable/);
    expect(await count()).toBe(0);

    const two = await importFile(path.join(fixtures, "daily-x0020.csv"), path.join(fixtures, "api.json"));
    expect(two.code).toBe(0);
    expect(two.stdout).toMatch(/\n2 files in [\d.]+ s: 7 records read, 5 stored, 0 already stored, 2 skipped\./);
    expect(await count()).toBe(5);
    const missing = await importFile("--check", path.join(fixtures, "nothing-here.csv"));
    expect([missing.code, missing.stderr.trim()]).toEqual([1, `${path.join(fixtures, "nothing-here.csv")}: no such file or folder`]);
    const unknown = await importFile("--dry", path.join(fixtures, "api.json"));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--dry'[\s\S]*Usage: npm run prices:import -- \[--check\]/);
  }, 120_000);

  it("shortens the unknown names to the 20 most frequent with their counts, and a total", async () => {
    const file = path.join(t.dataDir, "many-names.csv");
    const rows = Array.from({ length: 25 }, (_, name) =>
      Array.from(
        { length: name + 1 },
        (_, i) => `Maharashtra,Nashik,Lasalgaon,Moonfruit ${String(name + 1).padStart(2, "0")},V${i},FAQ,02-01-2025,100,200,150`,
      ),
    ).flat();
    await writeFile(
      file,
      ["State,District,Market,Commodity,Variety,Grade,Arrival_Date,Min_Price,Max_Price,Modal_Price", ...rows].join("\n"),
    );
    const { code, stdout } = await importFile("--check", file);
    expect(code).toBe(0);
    const names = stdout.slice(stdout.indexOf("Commodities the produce catalogue does not know"));
    expect(names.split("\n")[0]).toBe("Commodities the produce catalogue does not know: 25 names, 325 records (kept, not matched):");
    expect(names).toContain("\n  Moonfruit 25: 25\n  Moonfruit 24: 24\n");
    expect(names).toContain("\n  Moonfruit 06: 6\n  … and 5 more names: 15 records\n");
    expect(names).not.toContain("Moonfruit 05");
  }, 60_000);

  it("killed with SIGKILL part-way through a folder of history and run again, ends with every record once", async () => {
    // Two files, as the history comes: the daily export's shape and the variety-wise one's.
    const folder = path.join(t.dataDir, "history");
    mkdirSync(folder, { recursive: true });
    await writeSyntheticCsv(path.join(folder, "a-daily.csv"), ROWS / 2, Date.now(), "daily");
    await writeSyntheticCsv(path.join(folder, "b-variety-wise.csv"), ROWS / 2, Date.now(), "variety-wise", ROWS / 2);
    // tsx's CLI runs the script in a child process of its own: load tsx into this one instead, so the kill reaches the importer.
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/prices-import.ts", "--", folder], { env, stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    // Kill it once some batches are in, well before the end.
    const deadline = Date.now() + 60_000;
    while ((await count()) < 2_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const partial = await count();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(ROWS);

    const { code, stdout } = await importFile(folder);
    expect(code).toBe(0);
    expect(stdout).toContain(`Read ${(ROWS / 2).toLocaleString("en-IN")} records in`);
    expect(stdout).toContain("variety-wise daily prices (Commodity_Code)");
    expect(stdout).toContain(`2 files in`);
    expect(stdout).toContain(
      `${ROWS.toLocaleString("en-IN")} records read, ${(ROWS - partial).toLocaleString("en-IN")} stored, ${partial.toLocaleString("en-IN")} already stored, 0 skipped`,
    );
    expect(await count()).toBe(ROWS);
  }, 180_000);
});
