import { describe, expect, it } from "vitest";
import { changesWhoIsSignedIn, isBrowsePage, isNeverKeptOffline } from "./offline-copy";

describe("what a phone may keep offline", () => {
  it("knows the browse pages, never their .data twins", () => {
    for (const path of ["/", "/viewmore", "/view/abc123", "/prices", "/prices/onion"]) expect(isBrowsePage(path), path).toBe(true);
    for (const path of [
      "/view",
      "/view/abc/report",
      "/_root.data",
      "/view/abc.data",
      "/viewmore.data",
      "/create",
      "/seller/x",
      "/my/listings",
      "/prices.data",
      "/prices/onion.data",
      "/prices/onion/x",
      "/pricesx",
    ]) {
      expect(isBrowsePage(path), path).toBe(false);
    }
  });

  it("never keeps uploads, sign-in, the sell form, a person's own pages, the back office or the worker", () => {
    for (const path of [
      "/uploads",
      "/uploads/0123abcd",
      "/api/auth/get-session",
      "/create",
      "/create.data",
      "/my/listings",
      "/my/account",
      "/admin",
      "/admin/people",
      "/login",
      "/signup.data",
      "/logout",
      "/sw.js",
    ]) {
      expect(isNeverKeptOffline(path), path).toBe(true);
    }
    for (const path of ["/", "/viewmore", "/view/abc", "/seller/x", "/created-by", "/myself", "/administer"])
      expect(isNeverKeptOffline(path), path).toBe(false);
  });

  it("drops saved pages whenever something is sent that may change who is signed in", () => {
    for (const path of [
      "/login",
      "/login.data",
      "/signup",
      "/logout",
      "/logout.data",
      "/my/account",
      "/my/account.data",
      "/api/auth/sign-out",
      "/api/auth/sign-in/email",
    ]) {
      expect(changesWhoIsSignedIn("POST", path), path).toBe(true);
    }
    expect(changesWhoIsSignedIn("GET", "/logout")).toBe(false);
    expect(changesWhoIsSignedIn("HEAD", "/api/auth/get-session")).toBe(false);
    expect(changesWhoIsSignedIn("POST", "/create")).toBe(false);
    expect(changesWhoIsSignedIn("POST", "/view/abc/report")).toBe(false);
  });
});
