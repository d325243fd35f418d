/**
 * Decision 035: a worker holds only the modules its configuration uses. On SQLite the PostgreSQL
 * driver is never loaded; sharp (libvips, about 30 MB) waits for the first photo or share card.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

function loadedAfterOpening(engine: "sqlite" | "postgres") {
  const script = path.join(import.meta.dirname, "driver-loading.script.ts");
  return JSON.parse(execFileSync(process.execPath, ["--import", "tsx", script, engine], { encoding: "utf8" })) as {
    opened: { pg: boolean; libvips: boolean };
    afterPhotoTools: { pg: boolean; libvips: boolean };
  };
}

describe("modules loaded on demand", () => {
  it("opens SQLite without the PostgreSQL driver or libvips; libvips arrives with the photo tools", () => {
    expect(loadedAfterOpening("sqlite")).toEqual({ opened: { pg: false, libvips: false }, afterPhotoTools: { pg: false, libvips: true } });
  });

  it("loads the PostgreSQL driver when a PostgreSQL database is opened", () => {
    expect(loadedAfterOpening("postgres").opened).toEqual({ pg: true, libvips: false });
  });
});
