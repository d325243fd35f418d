import { describe, expect, it } from "vitest";
import { canCreateListing } from "./policies";

describe("canCreateListing", () => {
  it("lets a signed-in person create a listing", () => {
    expect(canCreateListing({ id: "user-1" })).toBe(true);
  });

  it.each([
    ["nobody (null)", null],
    ["nobody (undefined)", undefined],
    ["an actor without an id", { id: "" }],
  ])("refuses %s", (_label, actor) => {
    expect(canCreateListing(actor)).toBe(false);
  });
});

