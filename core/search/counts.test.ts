import { describe, expect, it } from "vitest";
import { formatCount } from "./counts";

describe("formatCount", () => {
  it("groups digits the Indian way and marks a count that stopped short", () => {
    expect(formatCount(7)).toBe("7");
    expect(formatCount(125000)).toBe("1,25,000");
    expect(formatCount(10000, true)).toBe("10,000+");
  });
});
