import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirects";

describe("safeRedirectPath", () => {
  it.each([["/"], ["/create"], ["/viewmore?q=rice&page=2"], ["/listings/abc#photo"], ["/a//b"]])("allows the same-site path %j", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

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

/** A redirect target must be sendable as a Location header (ASCII only) and stay on the site. */
function expectSameSitePath(result: string) {
  expect(result).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
  expect(new URL(result, "https://mandi.example").origin).toBe("https://mandi.example");
}

describe("safeRedirectPath with characters a Location header cannot carry raw", () => {
  it("percent-encodes a Devanagari search, which still reads back as the same words", () => {
    const result = safeRedirectPath("/viewmore?q=चावल");
    expect(result).toBe("/viewmore?q=%E0%A4%9A%E0%A4%BE%E0%A4%B5%E0%A4%B2");
    expect(new URL(result, "https://mandi.example").searchParams.get("q")).toBe("चावल");
    expect(safeRedirectPath(result)).toBe(result);
  });

  it.each([
    ["/／/x"],
    ["/＼/x"],
    ["/⁄/x"],
    ["/∕/x"],
    ["/．．/x"],
    ["/．/．/evil.com"],
    ["/\uff0f\uff0fevil.com"],
    ["/\u2028/evil.com"],
    ["/\u2029/evil.com"],
    ["/a\u2028b?c=\u2029#\u2028"],
    ["/%0D%0ALocation:%20https://evil.com"],
    ["/%0d%0a//evil.com"],
    ["/%09/evil.com"],
    ["/%2F/evil.com"],
    ["/%2f%2fevil.com"],
    ["/%5C/evil.com"],
    ["/%5c%5cevil.com"],
    ["/viewmore?q=\u0000"],
    ["/x#\uD800"],
    ["/🌾?q=🍚#🥭"],
  ])("keeps %j on the site, percent-encoded", (value) => {
    expectSameSitePath(safeRedirectPath(value));
  });

  it.each([
    ["/./evil.com", "/evil.com"],
    ["/.//evil.com"],
    ["/..//evil.com"],
    ["/a/..//evil.com"],
    ["/%2e//evil.com"],
    ["/%2e%2e//evil.com"],
    ["//"],
    ["/\t\t/evil.com"],
    ["/\\\\evil.com"],
  ])("never answers a path a browser would read as another site, for %j", (value, expected = "/") => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it("falls back for a huge value rather than sending a huge header", () => {
    expect(safeRedirectPath(`/viewmore?q=${"a".repeat(100_000)}`)).toBe("/");
    expect(safeRedirectPath(`/viewmore?q=${"च".repeat(1_000)}`)).toBe("/");
    expect(safeRedirectPath(`/viewmore?q=${"a".repeat(500)}`)).toBe(`/viewmore?q=${"a".repeat(500)}`);
  });
});
