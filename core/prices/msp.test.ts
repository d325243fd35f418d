import { describe, expect, it } from "vitest";
import { MSP_SEASONS, mspFor } from "./msp";
import { produceById } from "../catalogue/produce";
import { LANGUAGE_SCRIPT } from "../i18n/language-scripts";

describe("the MSP table", () => {
  it("words every season and variety in each language's own script (issue 40)", () => {
    const words = MSP_SEASONS.flatMap((season) => [
      season.name,
      ...season.prices.flatMap((price) => (price.variety ? [price.variety] : [])),
    ]);
    const strays = words.flatMap((word) =>
      Object.entries(LANGUAGE_SCRIPT)
        .filter(([language, script]) => [...word[language as keyof typeof word]].some((c) => /\p{L}/u.test(c) && !script.test(c)))
        .map(([language]) => `${language}: ${word[language as keyof typeof word]}`),
    );
    expect(strays).toEqual([]);
  });

  it("names only produce the catalogue knows, and seasons that do not overlap for one produce", () => {
    for (const season of MSP_SEASONS) {
      expect(season.from < season.to).toBe(true);
      for (const price of season.prices) {
        expect(produceById(price.produce), price.produce).toBeDefined();
        expect(Number.isInteger(price.perQuintalPaise) && price.perQuintalPaise > 0).toBe(true);
      }
    }
  });

  it("holds the Cabinet's figures for kharif 2025-26 and rabi 2026-27, per quintal", () => {
    const rupees = (produce: string, date: string) => mspFor(produce, date).map((msp) => msp.perQuintalPaise / 100);
    expect(rupees("paddy", "2026-01-15")).toEqual([2369, 2389]);
    expect(rupees("wheat", "2026-11-25")).toEqual([2585]);
    expect(rupees("mustard", "2026-11-25")).toEqual([6200]);
    expect(rupees("tur", "2026-01-15")).toEqual([8000]);
    expect(rupees("cotton", "2026-01-15")).toEqual([7710, 8110]); // medium and long staple
    expect(rupees("onion", "2026-11-25")).toEqual([]);
    expect(rupees("wheat", "2026-03-31")).toEqual([]); // rabi 2026-27 begins on 1 April 2026
  });

  it("keeps the last season known after it ends, marked as no longer in force", () => {
    const [paddy] = mspFor("paddy", "2026-11-25");
    expect(paddy?.inForce).toBe(false);
    expect(paddy?.season.name.en).toBe("Kharif marketing season 2025-26");
    expect(mspFor("wheat", "2026-11-25")[0]?.inForce).toBe(true);
  });
});
