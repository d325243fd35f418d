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
  const listing = { sellerId: "seller-1" };

  it("lets the seller edit their own listing", () => {
    expect(canEditListing({ id: "seller-1" }, listing)).toBe(true);
  });

  it("refuses another signed-in person", () => {
    expect(canEditListing({ id: "seller-2" }, listing)).toBe(false);
  });

  it("compares ids exactly", () => {
    expect(canEditListing({ id: "SELLER-1" }, listing)).toBe(false);
    expect(canEditListing({ id: "seller-1 " }, listing)).toBe(false);
  });

  it.each([
    ["nobody (null)", null],
    ["nobody (undefined)", undefined],
  ])("refuses %s", (_label, actor) => {
    expect(canEditListing(actor, listing)).toBe(false);
  });

  it("refuses an actor without an id even when the listing has no seller id", () => {
    expect(canEditListing({ id: "" }, { sellerId: "" })).toBe(false);
  });
});
