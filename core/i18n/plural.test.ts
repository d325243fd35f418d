import { describe, expect, it } from "vitest";
import { pluralForm } from "./plural";

describe("pluralForm", () => {
  it("takes English's one for 1 only", () => {
    expect([0, 1, 2, 5, 21, 100].map((n) => pluralForm(n, "en"))).toEqual(["other", "one", "other", "other", "other", "other"]);
  });

  it("takes Hindi's one for 0 and 1, as CLDR says", () => {
    expect([0, 1, 2, 5, 21, 100].map((n) => pluralForm(n, "hi"))).toEqual(["one", "one", "other", "other", "other", "other"]);
  });
});
