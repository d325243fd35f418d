import { describe, expect, it } from "vitest";
import { pageLinks, type PageLink } from "./pagination";

describe("pageLinks", () => {
  it.each([
    [1, 0],
    [1, -3],
    [5, 0],
  ])("shows nothing for page %i of %i pages", (page, pageCount) => {
    expect(pageLinks(page, pageCount)).toEqual([]);
  });

  it("shows the only page", () => {
    expect(pageLinks(1, 1)).toEqual([1]);
  });

  it.each([1, 2, 3, 4, 5])("shows every page of five, on page %i", (page) => {
    expect(pageLinks(page, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it.each<[number, number, PageLink[]]>([
    [6, 120, [1, "gap", 4, 5, 6, 7, 8, "gap", 120]],
    [60, 120, [1, "gap", 58, 59, 60, 61, 62, "gap", 120]],
    [1, 120, [1, 2, 3, "gap", 120]],
    [120, 120, [1, "gap", 118, 119, 120]],
    [4, 120, [1, 2, 3, 4, 5, 6, "gap", 120]],
    [117, 120, [1, "gap", 115, 116, 117, 118, 119, 120]],
    [1, 6, [1, 2, 3, "gap", 6]],
    [4, 9, [1, 2, 3, 4, 5, 6, "gap", 9]],
  ])("windows page %i of %i with gaps", (page, pageCount, links) => {
    expect(pageLinks(page, pageCount)).toEqual(links);
  });

  it.each<[number, number, PageLink[]]>([
    [5, 120, [1, 2, 3, 4, 5, 6, 7, "gap", 120]],
    [116, 120, [1, "gap", 114, 115, 116, 117, 118, 119, 120]],
    [1, 5, [1, 2, 3, 4, 5]],
    [4, 8, [1, 2, 3, 4, 5, 6, 7, 8]],
  ])("fills a gap of exactly one page with its number (page %i of %i)", (page, pageCount, links) => {
    expect(pageLinks(page, pageCount)).toEqual(links);
  });

  it.each<[number, number, PageLink[]]>([
    [999, 120, [1, "gap", 118, 119, 120]],
    [0, 120, [1, 2, 3, "gap", 120]],
    [-5, 10, [1, 2, 3, "gap", 10]],
  ])("clamps the out-of-range page %i of %i", (page, pageCount, links) => {
    expect(pageLinks(page, pageCount)).toEqual(links);
  });

  it("takes a narrower window", () => {
    expect(pageLinks(6, 120, 1)).toEqual([1, "gap", 5, 6, 7, "gap", 120]);
  });

  it("always shows the first, last and current page, in order, with no gap that hides just one page", () => {
    for (let pageCount = 1; pageCount <= 30; pageCount++) {
      for (let page = 1; page <= pageCount; page++) {
        const links = pageLinks(page, pageCount);
        const numbers = links.filter((l): l is number => typeof l === "number");
        expect(numbers).toContain(1);
        expect(numbers).toContain(pageCount);
        expect(numbers).toContain(page);
        expect(links[0]).toBe(1);
        expect(links.at(-1)).toBe(pageCount);
        expect(new Set(numbers).size).toBe(numbers.length);
        for (let i = 1; i < links.length; i++) {
          const link = links[i]!;
          const previous = links[i - 1]!;
          if (link === "gap") {
            expect(previous).not.toBe("gap");
            const next = links[i + 1];
            expect(typeof previous === "number" && typeof next === "number" && next - previous).toBeGreaterThan(2);
          } else if (previous !== "gap") {
            expect(link).toBe(previous + 1);
          }
        }
        expect(links.length).toBeLessThanOrEqual(9);
      }
    }
  });
});
