import { describe, expect, it } from "vitest";
import { farFromWeek, plausibleFigures } from "./plausible-rate";

describe("plausible mandi figures (decision 050)", () => {
  it("shows the modal alone for a max written as 0, and never a ₹0 band", () => {
    expect(plausibleFigures({ min: 0, max: 0, modal: 213_100 })).toEqual({ shown: true, min: 213_100, max: 213_100, modal: 213_100 });
    expect(plausibleFigures({ min: 180_000, max: 0, modal: 200_000 })).toEqual({ shown: true, min: 200_000, max: 200_000, modal: 200_000 });
    expect(plausibleFigures({ min: 0, max: 250_000, modal: 200_000 })).toEqual({ shown: true, min: 200_000, max: 250_000, modal: 200_000 });
  });

  it("holds back a modal outside its min–max, a zero modal and a per-bunch figure under ₹1 a kg", () => {
    expect(plausibleFigures({ min: 240_000, max: 230_000, modal: 235_000 })).toEqual({ shown: false, reason: "modal-outside-band" });
    expect(plausibleFigures({ min: 100_000, max: 120_000, modal: 150_000 })).toEqual({ shown: false, reason: "modal-outside-band" });
    expect(plausibleFigures({ min: 0, max: 0, modal: 0 })).toEqual({ shown: false, reason: "no-modal" });
    expect(plausibleFigures({ min: 1_500, max: 2_000, modal: 1_800 })).toEqual({ shown: false, reason: "under-a-rupee" });
    expect(plausibleFigures({ min: 190_000, max: 230_000, modal: 215_000 })).toEqual({
      shown: true,
      min: 190_000,
      max: 230_000,
      modal: 215_000,
    });
  });

  it("finds a figure ten times away from the week's national median far, either way", () => {
    expect(farFromWeek(15_000, 200_000)).toBe(true);
    expect(farFromWeek(2_500_000, 200_000)).toBe(true);
    expect(farFromWeek(50_000, 200_000)).toBe(false);
    expect(farFromWeek(15_000, undefined)).toBe(false);
  });
});
