import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatRupees } from "../money/money";
import { formatIndianNumber } from "./numbers";

const intl = (max: number, min = 0) => new Intl.NumberFormat("en-IN", { maximumFractionDigits: max, minimumFractionDigits: min });

describe("formatIndianNumber", () => {
  it("groups the Indian way", () => {
    expect(formatIndianNumber(0)).toBe("0");
    expect(formatIndianNumber(999)).toBe("999");
    expect(formatIndianNumber(1000)).toBe("1,000");
    expect(formatIndianNumber(100000)).toBe("1,00,000");
    expect(formatIndianNumber(12345678.9)).toBe("1,23,45,678.9");
    expect(formatIndianNumber(2.5)).toBe("2.5");
    expect(formatIndianNumber(-0)).toBe("0");
  });

  it("writes what Intl's en-IN writes, for whole numbers and decimals alike", () => {
    const values = fc.oneof(
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.double({ min: 0, max: 1e15, noNaN: true }),
      fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
      fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000 + 0.005),
    );
    fc.assert(
      fc.property(values, fc.constantFrom(0, 1, 2), (value, max) => {
        expect(formatIndianNumber(value, { maxFractionDigits: max })).toBe(intl(max).format(value));
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps the minimum decimals Intl keeps", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (paise) => {
        expect(formatIndianNumber(paise / 100, { maxFractionDigits: 2, minFractionDigits: 2 })).toBe(intl(2, 2).format(paise / 100));
      }),
    );
  });
});

describe("formatRupees", () => {
  it("matches Intl's INR currency format, with and without paise", () => {
    const whole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
    const withPaise = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (paise) => {
        expect(formatRupees(paise)).toBe((paise % 100 === 0 ? whole : withPaise).format(paise / 100));
      }),
      { numRuns: 5000 },
    );
  });
});
