import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirects";

describe("safeRedirectPath", () => {
  it.each([["/"], ["/create"], ["/viewmore?q=rice&page=2"], ["/listings/abc#photo"], ["/a//b"]])(
    "allows the same-site path %j",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    [""],
    ["create"],
    ["//evil.com"],
    ["//evil.com/create"],
    ["https://evil.com"],
    ["http://evil.com/create"],
    ["/\\evil.com"],
    ["\\\\evil.com"],
    ["/create\\..\\evil"],
    ["javascript:alert(1)"],
    [" /create"],
  ])("falls back to / for %j", (path) => {
    expect(safeRedirectPath(path)).toBe("/");
  });

  // Browsers drop tabs and newlines from URLs, so these are read as "//evil.com".
  it.each([["/\t/evil.com"], ["/\n/evil.com"], ["/\r/evil.com"]])(
    "falls back to / for %j, which a browser reads as another site",
    (path) => {
      expect(new URL(path, "https://mandi.example").host).toBe("evil.com");
      expect(safeRedirectPath(path)).toBe("/");
    },
  );

  it.each([[undefined], [null], [42], [["/create"]], [{ path: "/create" }]])("falls back to / for %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//evil.com", "/home")).toBe("/home");
    expect(safeRedirectPath(undefined, "/home")).toBe("/home");
    expect(safeRedirectPath("/create", "/home")).toBe("/create");
  });
});
