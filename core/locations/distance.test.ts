import { describe, expect, it } from "vitest";
import { distanceKm, inIndia, roughDistanceText, roughKm, roundCoordinate } from "./distance";
import { CATALOGUES } from "../i18n/catalogues";
import { createTranslator, type MessageTree } from "../i18n/translate";

describe("distanceKm", () => {
  it("measures great-circle distances", () => {
    // Mumbai (18.94, 72.84) to Delhi (28.61, 77.21): about 1,150 km as the crow flies.
    expect(distanceKm({ lat: 18.94, lon: 72.84 }, { lat: 28.61, lon: 77.21 })).toBeGreaterThan(1130);
    expect(distanceKm({ lat: 18.94, lon: 72.84 }, { lat: 28.61, lon: 77.21 })).toBeLessThan(1170);
    expect(distanceKm({ lat: 20, lon: 73.8 }, { lat: 20, lon: 73.8 })).toBe(0);
    // One degree of latitude is about 111 km.
    expect(distanceKm({ lat: 20, lon: 78 }, { lat: 21, lon: 78 })).toBeCloseTo(111.2, 0);
  });
});

describe("roundCoordinate", () => {
  it("keeps one decimal place (about 11 km)", () => {
    expect(roundCoordinate(19.99734)).toBe(20);
    expect(roundCoordinate(73.78912)).toBe(73.8);
    expect(roundCoordinate(-0.04)).toBe(-0);
  });
});

describe("inIndia", () => {
  it("accepts India and refuses elsewhere", () => {
    expect(inIndia({ lat: 20, lon: 73.8 })).toBe(true);
    expect(inIndia({ lat: 51.5, lon: -0.1 })).toBe(false);
    expect(inIndia({ lat: 0, lon: 0 })).toBe(false);
  });
});

describe("rough distance wording", () => {
  it("rounds coarser the further it is", () => {
    expect(roughKm(3)).toBe(0);
    expect(roughKm(38)).toBe(40);
    expect(roughKm(163)).toBe(160);
    expect(roughKm(1_234)).toBe(1_250);
    expect(roughKm(Number.NaN)).toBe(0);
  });
  it("says it in the catalogue's words", () => {
    const t = createTranslator("en", CATALOGUES.en as unknown as MessageTree);
    const en = { nearby: t("near.nearby"), about: (km: string) => t("near.about", { km }) };
    expect(roughDistanceText(38, en)).toBe("about 40 km");
    expect(roughDistanceText(2, en)).toBe("nearby");
    expect(roughDistanceText(1_234, en)).toBe("about 1,250 km");
  });
});
