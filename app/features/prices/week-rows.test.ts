import { describe, expect, it } from "vitest";
import { weekRows } from "./week-rows";

const week = (from: string, to: string, figure: number | null) => ({ label: from, toLabel: to, figure });
const hasFigure = (w: { figure: number | null }) => w.figure !== null;

describe("weekRows: a run of weeks without a figure is one row", () => {
  it("twelve empty weeks then one with a figure: two rows, the first spanning the twelve", () => {
    const weeks = [
      ...Array.from({ length: 12 }, (_, i) => week(`week ${i + 1} start`, `week ${i + 1} end`, null)),
      week("30 Nov", "6 Dec", 2400),
    ];
    const rows = weekRows(weeks, hasFigure);
    expect(rows.map((row) => [row.range, row.week?.figure ?? null])).toEqual([
      ["week 1 start – week 12 end", null],
      ["30 Nov – 6 Dec", 2400],
    ]);
  });

  it("gaps between figures are kept in place, each run one row; weeks with figures stay apart", () => {
    const rows = weekRows(
      [week("a", "b", 1), week("c", "d", null), week("e", "f", null), week("g", "h", 2), week("i", "j", 3), week("k", "l", null)],
      hasFigure,
    );
    expect(rows.map((row) => [row.range, row.week?.figure ?? null])).toEqual([
      ["a – b", 1],
      ["c – f", null],
      ["g – h", 2],
      ["i – j", 3],
      ["k – l", null],
    ]);
  });

  it("no weeks, no rows; all empty, one row", () => {
    expect(weekRows([], hasFigure)).toEqual([]);
    expect(weekRows([week("a", "b", null), week("c", "d", null)], hasFigure)).toEqual([{ range: "a – d", week: null }]);
  });
});
