import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chooseInsight,
  median,
  MIN_LISTINGS,
  MIN_SELLERS,
  percentFromUsual,
  perUnitPaise,
  quantile,
  roundForBand,
  summarise,
  summariseBy,
  weeklyTrend,
  type PricePoint,
} from "./price-insight";

function point(sellerId: string, pricePaise: number, extra: Partial<PricePoint> = {}): PricePoint {
  return { sellerId, pricePaise, grade: null, state: "maharashtra", district: "nashik", day: 20_000, ...extra };
}

const pointsArb = fc.array(
  fc.record({ sellerId: fc.constantFrom("a", "b", "c", "d", "e", "f"), pricePaise: fc.integer({ min: 1, max: 1_000_000 }) }),
  { maxLength: 60 },
);

describe("quantile and median", () => {
  it("interpolates between neighbours", () => {
    expect(quantile([10, 20, 30, 40], 0.5)).toBe(25);
    expect(quantile([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(quantile([10, 20, 30, 40], 0.25)).toBe(17.5);
    expect(median([3, 1, 2])).toBe(2);
    expect(() => quantile([], 0.5)).toThrow(RangeError);
  });

  it("lies between the smallest and the largest, and grows with q", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, q1, q2) => {
          const sorted = [...values].sort((a, b) => a - b);
          const [lo, hi] = q1 <= q2 ? [q1, q2] : [q2, q1];
          expect(quantile(sorted, lo)).toBeGreaterThanOrEqual(sorted[0]!);
          expect(quantile(sorted, hi)).toBeLessThanOrEqual(sorted.at(-1)!);
          expect(quantile(sorted, lo)).toBeLessThanOrEqual(quantile(sorted, hi));
        },
      ),
    );
  });
});

describe("summarise", () => {
  it("says nothing below the minimum sample", () => {
    expect(summarise([point("a", 1800), point("b", 2000), point("c", 2200), point("a", 1900)])).toBeUndefined();
    // Enough listings, too few sellers.
    expect(summarise([point("a", 1800), point("a", 2000), point("b", 2200), point("b", 1900), point("a", 2000)])).toBeUndefined();
    expect(MIN_LISTINGS).toBe(5);
    expect(MIN_SELLERS).toBe(3);
  });

  it("gives the median and the middle half of the sellers' figures", () => {
    const summary = summarise([point("a", 1800), point("b", 2000), point("c", 2200), point("d", 2400), point("e", 2600)]);
    expect(summary).toEqual({ medianPaise: 2200, lowPaise: 2000, highPaise: 2400, listings: 5, sellers: 5 });
  });

  it("counts each seller once: twenty listings by one seller cannot move the median", () => {
    const fair = [point("a", 1800), point("b", 2000), point("c", 2200), point("d", 2400), point("e", 2600)];
    const flooded = [...fair, ...Array.from({ length: 20 }, () => point("f", 100))];
    const summary = summarise(flooded)!;
    expect(summary.listings).toBe(25);
    expect(summary.sellers).toBe(6);
    expect(summary.medianPaise).toBe(2100);
  });

  it("property: one seller's extra listings at their own price never move the median", () => {
    fc.assert(
      fc.property(pointsArb, fc.integer({ min: 1, max: 30 }), (points, copies) => {
        const base = summarise(points);
        if (!base) return;
        const first = points[0]!;
        // Repeat one seller's figure: their median stays the same, so the summary does.
        const ownFigure = median(points.filter((p) => p.sellerId === first.sellerId).map((p) => p.pricePaise));
        if (!Number.isInteger(ownFigure)) return;
        const more = [...points, ...Array.from({ length: copies }, () => ({ sellerId: first.sellerId, pricePaise: ownFigure }))];
        const after = summarise(more)!;
        expect(after.medianPaise).toBe(base.medianPaise);
        expect(after.sellers).toBe(base.sellers);
      }),
    );
  });

  it("property: the band holds the median and lies within the prices", () => {
    fc.assert(
      fc.property(pointsArb, (points) => {
        const summary = summarise(points);
        if (!summary) {
          expect(points.length < MIN_LISTINGS || new Set(points.map((p) => p.sellerId)).size < MIN_SELLERS).toBe(true);
          return;
        }
        const prices = points.map((p) => p.pricePaise);
        expect(summary.lowPaise).toBeLessThanOrEqual(summary.medianPaise);
        expect(summary.medianPaise).toBeLessThanOrEqual(summary.highPaise);
        expect(summary.lowPaise).toBeGreaterThanOrEqual(Math.min(...prices));
        expect(summary.highPaise).toBeLessThanOrEqual(Math.max(...prices));
        expect(summary.listings).toBe(points.length);
      }),
    );
  });

  it("property: the order of the listings does not matter", () => {
    fc.assert(
      fc.property(pointsArb, (points) => {
        expect(summarise([...points].reverse())).toEqual(summarise(points));
      }),
    );
  });
});

describe("chooseInsight", () => {
  const nashik = [point("a", 1800), point("b", 2000), point("c", 2200), point("d", 2400), point("e", 2600)];
  const state = [...nashik, point("f", 3000, { district: "pune" }), point("g", 3200, { district: "pune" })];

  it("answers for the district when its sample is enough", async () => {
    const insight = await chooseInsight({ state: "maharashtra", district: "nashik" }, async (scope) =>
      scope === "district" ? nashik : state,
    );
    expect(insight).toMatchObject({ enough: true, scope: "district", district: "nashik", grade: null });
  });

  it("falls back to the state, then all India, reading a wider scope only when needed", async () => {
    const asked: string[] = [];
    const insight = await chooseInsight({ state: "maharashtra", district: "pune" }, async (scope) => {
      asked.push(scope);
      return scope === "district" ? state.filter((p) => p.district === "pune") : state;
    });
    expect(insight).toMatchObject({ enough: true, scope: "state", state: "maharashtra", district: null });
    expect(asked).toEqual(["district", "state"]);
    const india = await chooseInsight({ state: "bihar", district: "patna" }, async (scope) => (scope === "india" ? state : []));
    expect(india).toMatchObject({ enough: true, scope: "india", state: null });
  });

  it("says not enough when no scope has the minimum", async () => {
    const insight = await chooseInsight({}, async () => nashik.slice(0, 3));
    expect(insight).toEqual({ enough: false, listings: 3, sellers: 3 });
  });

  it("compares like with like by grade when the sample allows, else every grade", async () => {
    const graded = [...nashik.map((p) => ({ ...p, grade: "A" })), point("x", 900, { grade: "C" })];
    const a = await chooseInsight({ state: "maharashtra", district: "nashik", grade: "A" }, async () => graded);
    expect(a).toMatchObject({ enough: true, grade: "A", summary: { listings: 5 } });
    const c = await chooseInsight({ state: "maharashtra", district: "nashik", grade: "C" }, async () => graded);
    expect(c).toMatchObject({ enough: true, grade: null, summary: { listings: 6 } });
  });
});

describe("readings", () => {
  it("says where a price stands", () => {
    expect(percentFromUsual(1860, 2000)).toBe(-7);
    expect(percentFromUsual(2000, 2000)).toBe(0);
    expect(percentFromUsual(2300, 2000)).toBe(15);
  });

  it("converts per kg to the seller's unit and rounds for the band", () => {
    expect(perUnitPaise(1800, 100_000)).toBe(180_000);
    expect(perUnitPaise(2400, 1000)).toBe(2400);
    expect(roundForBand(1849)).toBe(1800);
    expect(roundForBand(183_456)).toBe(183_000);
    expect(roundForBand(850)).toBe(850);
  });

  it("summarises by region and by week, leaving thin ones out", () => {
    const points = [
      point("a", 1800),
      point("b", 2000),
      point("c", 2200),
      point("d", 2400),
      point("e", 2600),
      point("f", 9000, { district: "pune" }),
    ];
    expect(summariseBy(points, (p) => p.district).map((row) => row.key)).toEqual(["nashik"]);
    const trend = weeklyTrend(points, 20_000);
    expect(trend).toHaveLength(13);
    expect(trend.at(-1)).toMatchObject({ toDay: 20_000, summary: { medianPaise: 2300, sellers: 6 } });
    expect(trend[0]!.summary).toBeUndefined();
  });
});
