import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/support/vitest-setup.ts"],
    testTimeout: 20_000,
    // Many files build their marketplace in a beforeAll through the real services (photos through
    // sharp, PostgreSQL), under Vitest's default 10 s hook budget unless they set their own: the
    // suite "nearest first, on postgres" (11 listings) failed once as a whole at a load average of
    // 10, two files at a time beside other work, and passed alone and on the next run.
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest runs one file at a time on a 2-core machine (its default is cores − 1), yet these files
    // spend over half their time waiting on PostgreSQL, SQLite's disk, child processes and sockets.
    // Two at a time keeps both cores busy; every file has its own database, folder and ports.
    maxWorkers: 2,
  },
});
