import { describe, expect, it } from "vitest";
import { EMPTY_LISTING_VALUES } from "../listings/listing-form";
import { priceContext } from "./price-context";

const typed = (fields: Partial<typeof EMPTY_LISTING_VALUES>) => priceContext({ ...EMPTY_LISTING_VALUES, ...fields });

describe("priceContext", () => {
  it("reads the produce from the name in its category, however the category is spelled", () => {
    expect(typed({ name: "Nashik red onion", category: "vegetables" })).toMatchObject({
      produceId: "onion",
      chosen: false,
      fromName: { id: "onion" },
    });
    // The sell form's and the banner's spellings name the same category (the mandi rate once took the text as a slug).
    expect(typed({ name: "Sharbati", category: "Wheat" }).produceId).toBe("wheat");
    expect(typed({ name: "Sharbati", category: "गेहूँ" }).produceId).toBe("wheat");
    expect(typed({ name: "   ", category: "vegetables" })).toMatchObject({ produceId: null, produce: undefined, fromName: undefined });
  });

  it("follows the seller's choice over the name, and none of these means none", () => {
    expect(typed({ name: "Nashik red onion", produce: "garlic" })).toMatchObject({
      produceId: "garlic",
      chosen: true,
      fromName: { id: "onion" },
    });
    expect(typed({ name: "Nashik red onion", produce: "none" })).toMatchObject({ produceId: null, chosen: true });
    expect(typed({ name: "Nashik red onion", produce: "not-a-produce" })).toMatchObject({ produceId: "onion", chosen: false });
  });

  it("reads the place by slug or name, and drops what names none", () => {
    expect(typed({ state: "maharashtra", district: "nashik" })).toMatchObject({ state: "maharashtra", district: "nashik" });
    expect(typed({ state: "Maharashtra", district: "Ahmednagar" })).toMatchObject({ state: "maharashtra", district: "ahilyanagar" });
    expect(typed({ state: "x\u0000y", district: "nashik" })).toMatchObject({ state: null, district: null });
    expect(typed({ state: "maharashtra", district: "gurugram" })).toMatchObject({ state: "maharashtra", district: null });
  });

  it("reads the grade as a mandi writes it", () => {
    expect(typed({ grade: "grade a" }).grade).toBe("A");
    expect(typed({ grade: "faq" }).grade).toBe("FAQ");
    expect(typed({ grade: "premium" }).grade).toBeNull();
  });

  it("weighs the unit: fixed for kg, quintal and tonne, as typed for a dozen or a crate", () => {
    expect(typed({ unit: "quintal" })).toMatchObject({ unit: "quintal", gramsPerUnit: 100_000 });
    expect(typed({ unit: "", unitKg: "5" })).toMatchObject({ unit: "kg", gramsPerUnit: 1000 });
    expect(typed({ unit: "bag" })).toMatchObject({ unit: "kg", gramsPerUnit: 1000 });
    expect(typed({ unit: "crate", unitKg: "20" })).toMatchObject({ unit: "crate", gramsPerUnit: 20_000 });
    expect(typed({ unit: "dozen", unitKg: " 1.25 " }).gramsPerUnit).toBe(1250);
    // A weight the save would refuse is no weight yet.
    for (const unitKg of ["", "0", "1.255", "1,5", "1001", "heavy"]) expect(typed({ unit: "crate", unitKg }).gramsPerUnit).toBeNull();
    expect(typed({ unit: "crate", unitKg: "1,000" }).gramsPerUnit).toBe(1_000_000);
  });

  it("reads a saved listing's edit form as its save did", () => {
    const context = typed({
      name: "Onion",
      category: "vegetables",
      produce: "",
      unit: "crate",
      unitKg: "20",
      state: "maharashtra",
      district: "nashik",
      grade: "A",
    });
    expect(context).toMatchObject({
      produceId: "onion",
      state: "maharashtra",
      district: "nashik",
      grade: "A",
      unit: "crate",
      gramsPerUnit: 20_000,
    });
  });
});
