import { describe, expect, it } from "vitest";
import { offlineScopeOf } from "./cache-control";

describe("whose page a phone keeps for offline use (decision 016)", () => {
  it("is anonymous without credentials, and an opaque token that follows the credentials otherwise", () => {
    expect(offlineScopeOf({ headers: {} })).toBe("anonymous");
    expect(offlineScopeOf({ headers: { cookie: "  " } })).toBe("anonymous");
    const session = { headers: { cookie: "better-auth.session_token=abc.def" } };
    const scope = offlineScopeOf(session);
    expect(scope).toMatch(/^[\w-]{32}$/);
    expect(offlineScopeOf(session)).toBe(scope);
    expect(scope).not.toContain("abc");
    expect(offlineScopeOf({ headers: { cookie: "better-auth.session_token=xyz.def" } })).not.toBe(scope);
    expect(offlineScopeOf({ headers: { authorization: "Bearer token" } })).not.toBe("anonymous");
  });
});
