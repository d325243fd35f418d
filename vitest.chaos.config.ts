// The chaos suite (`npm run test:chaos`): real faults (PostgreSQL terminated, locked and restarted;
// the S3 server stopped; a full disk; SQLite's write lock held) against the production build in
// child processes. Runs after `react-router build`, one file at a time: the bounds it asserts
// are in seconds, and the machine is shared.
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

export default defineConfig({
  test: { ...base.test, include: ["tests/chaos/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false },
});
