// The two-instance test drives the production build in child processes, so it runs after
// `react-router build` (scripts/test.mjs), apart from the main suite, one file at a time: each
// file starts several app processes and waits on them in seconds.
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

export default defineConfig({
  test: { ...base.test, include: ["tests/multi-instance/**/*.test.ts"], testTimeout: 60_000, fileParallelism: false },
});
