import { describe, expect, it } from "vitest";
import { formatRateDate, rateAgeDays, rateBand } from "./mandi-rate";

describe("a mandi rate's words", () => {
  it("writes its date as the issue does, in English and Hindi", () => {
    expect(formatRateDate("2026-11-24", "en")).toBe("24 Nov 2026");
    expect(formatRateDate("2026-11-24", "hi")).toBe("24 नव॰ 2026");
    expect(formatRateDate("2027-01-05", "en")).toBe("5 Jan 2027");
  });

  it("writes the band per kg from paise, in rupees", () => {
    expect(rateBand({ minPerKg: 1900, maxPerKg: 2300 })).toBe("₹19–23");
    expect(rateBand({ minPerKg: 1950, maxPerKg: 2325 })).toBe("₹19.50–23.25");
    expect(rateBand({ minPerKg: 2000, maxPerKg: 2000 })).toBe("₹20");
  });

  it("counts days in India's calendar", () => {
    // 25 Nov 2026 at 19:00 UTC is already 26 Nov in India.
    expect(rateAgeDays("2026-11-24", Date.UTC(2026, 10, 25, 19, 0))).toBe(2);
    expect(rateAgeDays("2026-11-24", Date.UTC(2026, 10, 24, 3, 0))).toBe(0);
    expect(rateAgeDays("2026-11-30", Date.UTC(2026, 10, 24, 3, 0))).toBe(0);
  });
});
