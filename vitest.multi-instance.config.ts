// The two-instance test drives the production build in child processes, so it runs after
// `react-router build` (scripts/test.mjs), apart from the main suite.
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

export default defineConfig({ test: { ...base.test, include: ["tests/multi-instance/**/*.test.ts"], testTimeout: 60_000 } });
