import { describe, expect, it } from "vitest";
import { canCreateListing, canEditListing } from "./policies";

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


describe("canEditListing", () => {
  it("lets the seller who listed it change it", () => {
    expect(canEditListing({ id: "user-1" }, { sellerId: "user-1" })).toBe(true);
  });

  it.each([
    ["someone else", { id: "user-2" }],
    ["nobody", null],
    ["an actor without an id", { id: "" }],
  ])("refuses %s", (_label, actor) => {
    expect(canEditListing(actor, { sellerId: "user-1" })).toBe(false);
  });
});
