import { describe, expect, it } from "vitest";
import { MAX_PHOTOS_PER_LISTING } from "./photos";

describe("photo limits", () => {
  it("allows at most five photos on a listing", () => expect(MAX_PHOTOS_PER_LISTING).toBe(5));
});
