/** A notification's tap opens a page of this site only, whatever its payload names (decision 027). */
import { describe, expect, it } from "vitest";
import { sameOriginUrl } from "./push";

describe("sameOriginUrl", () => {
  const origin = "https://mandi.example.in";
  it("opens the listing's page on this site", () => {
    expect(sameOriginUrl("/view/abc", origin)).toBe("https://mandi.example.in/view/abc");
    expect(sameOriginUrl("https://mandi.example.in/view/abc?x=1", origin)).toBe("https://mandi.example.in/view/abc?x=1");
  });
  it("opens My alerts instead of anywhere else", () => {
    for (const url of [
      "https://evil.example/view/abc",
      "//evil.example/x",
      "javascript:alert(1)",
      42,
      null,
      "http://mandi.example.in/view/abc",
    ]) {
      expect(sameOriginUrl(url, origin)).toBe("https://mandi.example.in/my/alerts");
    }
  });
});
