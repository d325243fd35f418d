import { describe, expect, it } from "vitest";
import { isCrossSiteRequest, serializedOrigin } from "./same-site";

const own = ["https://mandi.example"];
const check = (signals: { method?: string; origin?: string; fetchSite?: string; fetchMode?: string }, ownOrigins = own) =>
  isCrossSiteRequest({ method: "POST", ...signals, ownOrigins });

describe("isCrossSiteRequest", () => {
  it("never refuses a safe method", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(check({ method, origin: "https://evil.example", fetchSite: "cross-site" })).toBe(false);
  });

  it.each([
    [{}],
    [{ origin: "https://mandi.example" }],
    [{ origin: "https://mandi.example:443" }],
    [{ origin: "https://mandi.example", fetchSite: "same-origin" }],
    [{ fetchSite: "same-origin" }],
    [{ origin: "https://mandi.example", fetchSite: "same-site" }],
    [{ fetchSite: "none", fetchMode: "navigate" }],
  ])("accepts %j", (signals) => {
    expect(check(signals)).toBe(false);
  });

  it.each([
    [{ origin: "http://mandi.example" }],
    [{ origin: "https://mandi.example:8443" }],
    [{ origin: "https://shop.mandi.example" }],
    [{ origin: "https://evil.example" }],
    [{ origin: "null" }],
    [{ origin: "" }],
    [{ origin: "mandi.example" }],
    [{ fetchSite: "cross-site" }],
    [{ fetchSite: "cross-site", fetchMode: "navigate" }],
    [{ fetchSite: "same-site" }],
    [{ origin: "https://shop.mandi.example", fetchSite: "same-site" }],
    [{ fetchSite: "none" }],
    [{ fetchSite: "none", fetchMode: "cors" }],
    [{ fetchSite: "something-new" }],
    [{ origin: "https://evil.example", fetchSite: "same-origin" }],
  ])("refuses %j", (signals) => {
    expect(check(signals)).toBe(true);
  });

  it("accepts any of the site's own origins, e.g. the one a proxy forwarded", () => {
    expect(check({ origin: "https://shop.example:8443" }, ["http://127.0.0.1:3000", "https://shop.example:8443"])).toBe(false);
    expect(check({ origin: "https://shop.example" }, ["http://127.0.0.1:3000", "https://shop.example:8443"])).toBe(true);
  });
});

describe("serializedOrigin", () => {
  it("drops default ports, paths and case, and refuses what is not an origin", () => {
    expect(serializedOrigin("HTTPS://Mandi.Example:443/path?x")).toBe("https://mandi.example");
    expect(serializedOrigin("http://127.0.0.1:4310")).toBe("http://127.0.0.1:4310");
    expect(serializedOrigin("null")).toBeUndefined();
    expect(serializedOrigin("not a url")).toBeUndefined();
    expect(serializedOrigin("data:text/html,x")).toBeUndefined();
  });
});
