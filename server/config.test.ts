import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mandi-config-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("runs with no variables: SQLite in DATA_DIR and a secret generated once and kept", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, host: "127.0.0.1", env: "production", baseUrl: "http://localhost:3000" });
    expect(config.databaseUrl).toBe(`sqlite:${path.join(dataDir, "mandi.sqlite")}`);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it("lists every bad variable in one message", () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: tempDir(), PORT: "eighty", DATABASE_URL: "mysql://x", AUTH_SECRET: "short", LOG_LEVEL: "loud" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "AUTH_SECRET", "LOG_LEVEL"]) expect(message).toContain(name);
    }
  });

  it("has upload limits with defaults, set from the environment, and refuses nonsense", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).uploads).toEqual({
      maxPhotosPerListing: 5,
      maxInFlightPerUser: 10,
      expiryMs: 24 * 3_600_000,
      dir: path.join(dataDir, "uploads"),
    });
    expect(loadConfig({ DATA_DIR: dataDir, MAX_PHOTOS_PER_LISTING: "3", MAX_UPLOADS_IN_FLIGHT: "4", UPLOAD_EXPIRY_HOURS: "0.5" }).uploads).toMatchObject({
      maxPhotosPerListing: 3,
      maxInFlightPerUser: 4,
      expiryMs: 1_800_000,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, MAX_PHOTOS_PER_LISTING: "6", MAX_UPLOADS_IN_FLIGHT: "0", UPLOAD_EXPIRY_HOURS: "-1" })).toThrow(
      /MAX_PHOTOS_PER_LISTING[\s\S]*MAX_UPLOADS_IN_FLIGHT[\s\S]*UPLOAD_EXPIRY_HOURS/,
    );
  });

  it("takes PostgreSQL and a public base URL from the environment", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "postgres://127.0.0.1/test", BASE_URL: "https://mandi.example" });
    expect(config.databaseUrl).toBe("postgres://127.0.0.1/test");
    expect(config.baseUrl).toBe("https://mandi.example");
  });
});
