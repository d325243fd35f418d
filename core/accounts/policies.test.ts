import { describe, expect, it } from "vitest";
import { AppError } from "../shared/app-error";
import { MESSAGES } from "../i18n/messages";
import { canCreateListing, canEditListing, requireActor } from "./policies";

describe("requireActor", () => {
  it("lets a signed-in person through", () => {
    expect(() => requireActor({ id: "user-1" })).not.toThrow();
  });

  it.each([
    ["nobody (null)", null],
    ["nobody (undefined)", undefined],
    ["an actor without an id", { id: "" }],
  ])("refuses %s with the sign-in message", (_label, actor) => {
    let refusal: unknown;
    try {
      requireActor(actor);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "UNAUTHENTICATED", status: 401, message: MESSAGES.mustLogin });
  });
});

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
