#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + integration tests, production build, bundle check, then
// end-to-end tests in Chromium. With TEST_DATABASE_URL (a PostgreSQL server; CI sets it) the
// service tests run on PostgreSQL too and the end-to-end suite runs a second time against it.
// Ends with one line: "Tests: N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** The Vitest steps that failed, to say why at the end (CI shows only the tail). */
const failedVitestSteps = [];
/** Lines naming the end-to-end tests that failed (or passed only on retry), printed at the end. */
const endToEndFailures = [];
const perEngine = [];
const postgresUrl = process.env.TEST_DATABASE_URL;
mkdirSync("test-results", { recursive: true });

function step(name, command, args, env = {}, { log } = {}) {
  console.log(`\n━━ ${name} ━━ ${[command, ...args].join(" ")}`);
  const started = Date.now();
  // With a log, the output is also kept in a file, so the end of the run can say why a step failed
  // (CI shows only the last lines of a long run).
  const result = log
    ? spawnSync("bash", ["-o", "pipefail", "-c", `"$@" 2>&1 | tee ${log}`, "bash", command, ...args], {
        stdio: "inherit",
        env: { ...process.env, ...env },
      })
    : spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`━━ ${name}: ${ok ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

/**
 * Steps that need one core each and not each other (typecheck and lint), run side by side. Each
 * one's output is held and printed whole when it ends, so the log reads as if they ran in turn.
 */
async function stepsSideBySide(steps) {
  const results = await Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on("close", (code) =>
            resolve({ name, command, args, ok: code === 0, output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 }),
          );
        }),
    ),
  );
  for (const { name, command, args, ok, output, seconds } of results) {
    console.log(`\n━━ ${name} ━━ ${[command, ...args].join(" ")}`);
    process.stdout.write(output);
    console.log(`━━ ${name}: ${ok ? "ok" : "FAILED"} (${seconds.toFixed(1)} s, beside the other)`);
    if (!ok) failedSteps.push(name);
  }
}

async function withPostgres(run) {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Why a Vitest step failed, in a few lines for the end of the run: the tests and files that failed,
 * tests that never finished, and Vitest's own sections on failed suites (a hook that threw) and
 * unhandled errors (an error outside any test, or a worker that exited), which are in its output only.
 */
function whyVitestFailed(title, report, logFile) {
  const lines = [`Why the ${title} step failed:`];
  for (const file of report?.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, "");
    if (file.status === "failed" && file.message) lines.push(`  file ${name}: ${file.message.split("\n")[0]}`);
    for (const test of file.assertionResults)
      if (!["passed", "skipped", "pending", "todo"].includes(test.status))
        lines.push(`  ${test.status}: ${name} › ${test.fullName}: ${(test.failureMessages?.[0] ?? "").split("\n")[0]}`);
  }
  const log = existsSync(logFile) ? readFileSync(logFile, "utf8").replace(/\x1b\[[0-9;]*m/g, "") : "";
  // Vitest's own account: failed suites (a hook that threw), failed tests, unhandled errors.
  const starts = ["Failed Suites", "Failed Tests", "Unhandled Error"].map((title) => log.indexOf(title)).filter((at) => at >= 0);
  if (starts.length) {
    const from = Math.min(...starts);
    const end = log.indexOf("Test Files", from);
    lines.push(
      ...log
        .slice(from, end > 0 ? end : undefined)
        .trim()
        .split("\n")
        .slice(0, 60)
        .map((line) => `  ${line}`),
    );
  }
  if (!report) lines.push("  (Vitest wrote no report: it stopped before the end; see its output above.)");
  return lines;
}

/** Service tests end a describe title with their engine ("on sqlite" / "on postgres"); the rest are engine-free. */
function unitEngineSummary(report) {
  const tally = { sqlite: 0, postgres: 0, other: 0 };
  for (const file of report.testResults)
    for (const test of file.assertionResults) {
      if (test.status !== "passed") continue;
      const engine = test.ancestorTitles.map((title) => /\bon (sqlite|postgres)$/.exec(title)?.[1]).find(Boolean);
      tally[engine ?? "other"] += 1;
    }
  return `${tally.sqlite} on SQLite, ${tally.postgres} on PostgreSQL, ${tally.other} engine-free (passed)`;
}

/** The fuzzing totals printed by tests/e2e/security-fuzz.spec.ts, summed over its workers. */
function fuzzSummary(report) {
  const sum = { cases: 0, serverErrors: 0, partialWrites: 0, badText: 0 };
  const walk = (suite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          for (const { text } of result.stdout ?? []) {
            const m = /^fuzz: (\d+) cases, (\d+) 5xx, (\d+) partial writes, (\d+) badly/m.exec(text ?? "");
            if (!m) continue;
            sum.cases += Number(m[1]);
            sum.serverErrors += Number(m[2]);
            sum.partialWrites += Number(m[3]);
            sum.badText += Number(m[4]);
          }
  };
  walk(report);
  return sum.cases
    ? `${sum.cases} cases fuzzed, ${sum.serverErrors} 5xx, ${sum.partialWrites} partial writes, ${sum.badText} badly formed texts stored`
    : null;
}

/**
 * The end-to-end tests that failed, in a few lines each for the end of the run: CI shows only the
 * log's tail, so a failure far up the list reporter's output would otherwise go unnamed.
 */
function whyEndToEndFailed(engine, report) {
  const lines = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const last = test.results.at(-1) ?? {};
        const where = `${spec.file}:${spec.line}`;
        const name = [...titles.slice(1), spec.title].join(" › ");
        const verdict = test.status === "flaky" ? "passed on retry" : (last.status ?? "failed");
        lines.push(`  ${where} [${test.projectName}] ${name} (${verdict}, ${Math.round((last.duration ?? 0) / 100) / 10} s)`);
        const failed = test.results.find((result) => result.status !== "passed" && result.status !== "skipped");
        const message = (failed?.error?.message ?? failed?.errors?.[0]?.message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
        for (const line of message
          .split("\n")
          .filter((l) => l.trim())
          .slice(0, 6))
          lines.push(`      ${line.slice(0, 300)}`);
      }
  };
  walk(report, []);
  return lines.length ? [`End-to-end tests on ${engine} that did not pass at once:`, ...lines.slice(0, 80)] : [];
}

function runEndToEnd(engine, env) {
  const report = `test-results/e2e-${engine}.json`;
  rmSync(report, { force: true });
  step(`end-to-end tests on ${engine} (Chromium)`, "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    CHROMIUM_PATH: chromium,
    ...env,
  });
  const e2e = readJson(report);
  if (e2e) {
    counts.passed += e2e.stats.expected + e2e.stats.flaky;
    counts.failed += e2e.stats.unexpected;
    counts.skipped += e2e.stats.skipped;
    const scope = env.E2E_ENGINE_PASS === "1" ? " (the specs that touch data; the engine-free ones ran on SQLite)" : "";
    perEngine.push(`end-to-end on ${engine}: ${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed${scope}`);
    endToEndFailures.push(...whyEndToEndFailed(engine, e2e));
    const fuzz = fuzzSummary(e2e);
    if (fuzz) perEngine.push(`fuzzing on ${engine}: ${fuzz}`);
  } else {
    counts.failed += 1;
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// The typecheck reads the route types; the lint does not, and runs beside it.
const typed = step("route types", "npx", ["react-router", "typegen"]);
await stepsSideBySide([
  ...(typed ? [{ name: "typecheck", command: "npx", args: ["tsc", "--noEmit"] }] : []),
  { name: "lint", command: "npx", args: ["eslint", "."] },
  // The formatter (Prettier, .prettierrc.json): code as `npm run format` leaves it.
  { name: "format", command: "npx", args: ["prettier", "--check", "."] },
]);

// The alerting rules (docs/monitoring), with Prometheus's own checker and rule tester.
const promtool = process.env.PROMTOOL_PATH ?? "promtool";
if (spawnSync(promtool, ["--version"], { stdio: "ignore" }).status !== 0) {
  console.log(`\npromtool was not found: install it with \`apt-get install -y prometheus\` (or set PROMTOOL_PATH).`);
  failedSteps.push("alerting rules (promtool missing)");
} else if (step("alerting rules are valid", promtool, ["check", "rules", "docs/monitoring/alerts.yml"])) {
  if (step("alerting rules fire as tested", promtool, ["test", "rules", "docs/monitoring/alerts.test.yml"])) counts.passed += 1;
  else counts.failed += 1;
}

if (postgresUrl) {
  // Asked for PostgreSQL: say so plainly if it cannot be reached, rather than testing less.
  const reachable = await withPostgres((client) => client.query("select 1")).then(
    () => true,
    (error) => {
      console.log(`\nTEST_DATABASE_URL is set but PostgreSQL cannot be reached: ${error.message}`);
      return false;
    },
  );
  if (!reachable) failedSteps.push("PostgreSQL (TEST_DATABASE_URL unreachable)");
}

rmSync("test-results/unit.json", { force: true });
const unitOk = step(
  "unit and integration tests",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit.json"],
  {},
  { log: "test-results/unit.log" },
);
const unit = readJson("test-results/unit.json");
if (!unitOk) failedVitestSteps.push({ title: "unit", report: unit, log: "test-results/unit.log" });
if (unit) {
  counts.passed += unit.numPassedTests;
  counts.failed += unit.numFailedTests;
  counts.skipped += unit.numPendingTests + unit.numTodoTests;
  perEngine.push(`unit and service tests: ${unitEngineSummary(unit)}`);
} else {
  counts.failed += 1;
}

const buildLog = "test-results/build.log";
let built = step("production build", "npx", ["react-router", "build"], {}, { log: buildLog });
// The build says nothing untrue (issue 42): no "source maps are public" (none are made) and no
// deprecated option of React Router's (patches/, decision 055).
if (built) {
  const untrue = ["Source maps are enabled in production", "The `envFile` option is deprecated"].filter((line) =>
    readFileSync(buildLog, "utf8").includes(line),
  );
  if (untrue.length) {
    console.log(`\n!! The build printed: ${untrue.join("; ")}`);
    failedSteps.push("quiet build");
    counts.failed += 1;
    built = false;
  }
}
if (built) step("browser bundle check", "node", ["scripts/check-bundle.mjs"]);

if (built) {
  const report = "test-results/multi-instance.json";
  rmSync(report, { force: true });
  // Several workers on one SQLite file need nothing else; two instances need PostgreSQL and S3.
  const files = postgresUrl ? [] : ["tests/multi-instance/workers.test.ts", "tests/multi-instance/npm-start-signals.test.ts"];
  // The shared-cache test needs nginx; like Chromium, missing is said loudly (and fails in CI).
  const nginx = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
  const withoutNginx = !postgresUrl || existsSync(nginx) ? [] : ["--exclude", "tests/multi-instance/shared-cache.test.ts"];
  if (withoutNginx.length) {
    console.log(`\n!! SHARED-CACHE TEST NOT RUN: nginx was not found at ${nginx}. Install it with: sudo apt-get install -y nginx-light`);
    if (process.env.CI) failedSteps.push("shared-cache test (nginx missing in CI)");
  }
  const log = "test-results/multi-instance.log";
  const multiOk = step(
    postgresUrl ? "workers, and two app instances on PostgreSQL and S3 behind nginx" : "workers on one SQLite file",
    "npx",
    [
      "vitest",
      "run",
      "--config",
      "vitest.multi-instance.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...withoutNginx,
      ...files,
    ],
    {},
    { log },
  );
  const multi = readJson(report);
  if (!multiOk) failedVitestSteps.push({ title: "multi-instance", report: multi, log });
  if (multi) {
    counts.passed += multi.numPassedTests;
    counts.failed += multi.numFailedTests;
    perEngine.push(`workers, two-instance and shared-cache tests: ${multi.numPassedTests} passed, ${multi.numFailedTests} failed`);
  } else {
    counts.failed += 1;
  }
}

if (!built) {
  console.log("\nEnd-to-end tests skipped: the build failed.");
} else if (!existsSync(chromium)) {
  const bar = "!".repeat(78);
  console.log(`\n${bar}\n!! END-TO-END TESTS NOT RUN: Chromium was not found at ${chromium}.`);
  console.log("!! Install it with:  sudo apt-get update && sudo apt-get install -y chromium");
  console.log(`!! (or set CHROMIUM_PATH). CI installs it and always runs these tests.\n${bar}`);
  if (process.env.CI) failedSteps.push("end-to-end tests (Chromium missing in CI)");
} else {
  runEndToEnd("sqlite", { E2E_PORT: process.env.E2E_PORT ?? "4173" });
  if (postgresUrl) {
    const database = `mandi_e2e_${process.pid}`;
    const url = new URL(postgresUrl);
    url.pathname = `/${database}`;
    // The specs about pages, headers and scripts rather than data ran above; this pass runs the
    // rest (ENGINE_FREE_SPECS in playwright.config.ts, decision 031).
    runEndToEnd("postgres", {
      E2E_ENGINE_PASS: "1",
      E2E_PORT: String(Number(process.env.E2E_PORT ?? "4173") + 1),
      E2E_DATA_DIR: `${process.env.E2E_DATA_DIR ?? "/tmp/mandi-e2e"}-postgres`,
      E2E_DATABASE_URL: url.toString(),
    });
    await withPostgres((client) => client.query(`drop database if exists ${database} with (force)`)).catch(() => {});
  }
}

if (!postgresUrl) {
  console.log("\nPostgreSQL suite not run: TEST_DATABASE_URL is not set. To run it, point it at a server you can");
  console.log("create databases on, e.g.  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test");
  console.log("(The two-instance test, which needs it, was not run either.)");
}

console.log("");
for (const { title, report, log } of failedVitestSteps) for (const line of whyVitestFailed(title, report, log)) console.log(line);
for (const line of endToEndFailures) console.log(line);
for (const line of perEngine) console.log(line);
if (failedSteps.length) console.log(`Failed steps: ${[...new Set(failedSteps)].join(", ")}`);
if (failedSteps.length && counts.failed === 0) counts.failed = failedSteps.length;
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`);
process.exit(failedSteps.length || counts.failed ? 1 : 0);
