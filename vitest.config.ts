import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/support/vitest-setup.ts"],
    testTimeout: 20_000,
    pool: "forks",
    // Vitest runs one file at a time on a 2-core machine (its default is cores − 1), yet these files
    // spend over half their time waiting on PostgreSQL, SQLite's disk, child processes and sockets.
    // Two at a time keeps both cores busy; every file has its own database, folder and ports.
    maxWorkers: 2,
  },
});
