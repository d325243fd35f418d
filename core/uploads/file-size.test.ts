import { describe, expect, it } from "vitest";
import { formatBytes } from "./file-size";

describe("formatBytes", () => {
  it.each([
    [0, "0 bytes"],
    [900, "900 bytes"],
    [1024, "1 KB"],
    [317_000, "310 KB"],
    [4_404_019, "4.2 MB"],
  ])("%d is %s", (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});
