#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + integration tests, production build, bundle check, then
// end-to-end tests in Chromium. Ends with one line: "Tests: N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
mkdirSync("test-results", { recursive: true });

function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━ ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`━━ ${name}: ${ok ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

if (step("route types", "npx", ["react-router", "typegen"])) step("typecheck", "npx", ["tsc", "--noEmit"]);
step("lint", "npx", ["eslint", "."]);

rmSync("test-results/unit.json", { force: true });
step("unit and integration tests", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/unit.json"]);
const unit = readJson("test-results/unit.json");
if (unit) {
  counts.passed += unit.numPassedTests;
  counts.failed += unit.numFailedTests;
  counts.skipped += unit.numPendingTests + unit.numTodoTests;
} else {
  counts.failed += 1;
}

const built = step("production build", "npx", ["react-router", "build"]);
if (built) step("browser bundle check", "node", ["scripts/check-bundle.mjs"]);

if (!built) {
  console.log("\nEnd-to-end tests skipped: the build failed.");
} else if (!existsSync(chromium)) {
  const bar = "!".repeat(78);
  console.log(`\n${bar}\n!! END-TO-END TESTS NOT RUN: Chromium was not found at ${chromium}.`);
  console.log("!! Install it with:  sudo apt-get update && sudo apt-get install -y chromium");
  console.log(`!! (or set CHROMIUM_PATH). CI installs it and always runs these tests.\n${bar}`);
  if (process.env.CI) failedSteps.push("end-to-end tests (Chromium missing in CI)");
} else {
  rmSync("test-results/e2e.json", { force: true });
  step("end-to-end tests (Chromium)", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: "test-results/e2e.json",
    CHROMIUM_PATH: chromium,
  });
  const e2e = readJson("test-results/e2e.json");
  if (e2e) {
    counts.passed += e2e.stats.expected + e2e.stats.flaky;
    counts.failed += e2e.stats.unexpected;
    counts.skipped += e2e.stats.skipped;
  } else {
    counts.failed += 1;
  }
}

console.log("");
if (failedSteps.length) console.log(`Failed steps: ${[...new Set(failedSteps)].join(", ")}`);
if (failedSteps.length && counts.failed === 0) counts.failed = failedSteps.length;
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`);
process.exit(failedSteps.length || counts.failed ? 1 : 0);
