import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { linkLanguageAlternates } from "./request-language";

/** The Link header the middleware sets for a request line, or undefined. */
function linkFor(originalUrl: string, method = "GET"): string | undefined {
  const headers: Record<string, string> = {};
  let passed = false;
  linkLanguageAlternates(
    { method, originalUrl } as Request,
    { append: (name: string, value: string) => void (headers[name] = value) } as unknown as Response,
    () => void (passed = true),
  );
  expect(passed).toBe(true);
  return headers.Link;
}

describe("hreflang alternates as a Link header (issue 40)", () => {
  it("names the page in every language by ?lang=, and x-default without it", () => {
    const link = linkFor("/view/abc?lang=hi&page=2")!;
    expect(link).toContain('</view/abc?page=2&lang=ta>; rel="alternate"; hreflang="ta-IN"');
    expect(link).toContain('</view/abc?page=2&lang=ur>; rel="alternate"; hreflang="ur-IN"');
    expect(link).toContain('</view/abc?page=2>; rel="alternate"; hreflang="x-default"');
    expect(link.split(", ")).toHaveLength(13);
  });

  it("gives none for what is not a plain page: files, data, other methods, odd or long addresses", () => {
    for (const address of [
      "///",
      "//..%2F..%2Fauth-secret",
      "/api/listings",
      "/assets/x.js",
      "/view/1.data",
      "/a<b>",
      `/viewmore?q=${"a".repeat(300)}`,
    ])
      expect(linkFor(address), address).toBeUndefined();
    expect(linkFor("/", "POST")).toBeUndefined();
  });
});
