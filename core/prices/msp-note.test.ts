import { describe, expect, it } from "vitest";
import { comparedProduce } from "../catalogue/price-context";
import { mspNote, mspNoteForForm } from "./msp-note";

const DATE = "2026-11-26";

describe("the MSP note", () => {
  it("notes wheat at ₹24 / kg: MSP ₹2,585 / quintal, ₹25.85 / kg", () => {
    const note = mspNoteForForm({ produce: "wheat", price: "24", unit: "kg", unitKg: "", date: DATE });
    expect(note).toMatchObject({
      produce: "wheat",
      perQuintalPaise: 258_500,
      perKgPaise: 2585,
      perUnitPaise: 2585,
      unit: "kg",
      inForce: true,
    });
    expect(note?.season.name.en).toBe("Rabi marketing season 2026-27");
  });

  it("says nothing at or above the MSP, or for produce without one", () => {
    expect(mspNoteForForm({ produce: "wheat", price: "25.85", unit: "kg", unitKg: "", date: DATE })).toBeUndefined();
    expect(mspNoteForForm({ produce: "wheat", price: "2585", unit: "quintal", unitKg: "", date: DATE })).toBeUndefined();
    expect(mspNoteForForm({ produce: "onion", price: "1", unit: "kg", unitKg: "", date: DATE })).toBeUndefined();
    expect(mspNoteForForm({ produce: "", price: "1", unit: "kg", unitKg: "", date: DATE })).toBeUndefined();
  });

  it("works in every unit: quintal, tonne, and a crate by its weight", () => {
    expect(mspNoteForForm({ produce: "wheat", price: "2,500", unit: "quintal", unitKg: "", date: DATE })).toMatchObject({
      perUnitPaise: 258_500,
      perKgPaise: 2585,
    });
    expect(mspNoteForForm({ produce: "wheat", price: "25000", unit: "tonne", unitKg: "", date: DATE })).toMatchObject({
      perUnitPaise: 2_585_000,
      unit: "tonne",
    });
    // A 20 kg crate at ₹500 is ₹25 / kg: below; its MSP is ₹517 a crate.
    expect(mspNoteForForm({ produce: "wheat", price: "500", unit: "crate", unitKg: "20", date: DATE })).toMatchObject({
      perUnitPaise: 51_700,
      unit: "crate",
    });
    expect(mspNoteForForm({ produce: "wheat", price: "520", unit: "crate", unitKg: "20", date: DATE })).toBeUndefined();
  });

  it("waits while the price or weight is not yet a number", () => {
    expect(mspNoteForForm({ produce: "wheat", price: "", unit: "kg", unitKg: "", date: DATE })).toBeUndefined();
    expect(mspNoteForForm({ produce: "wheat", price: "2x", unit: "kg", unitKg: "", date: DATE })).toBeUndefined();
    expect(mspNoteForForm({ produce: "wheat", price: "500", unit: "crate", unitKg: "", date: DATE })).toBeUndefined();
    expect(mspNoteForForm({ produce: "wheat", price: "5", unit: "bag", unitKg: "", date: DATE })).toBeUndefined();
    expect(mspNote({ produce: "wheat", unitPricePaise: 0, unit: "kg", gramsPerUnit: 1000, date: DATE })).toBeUndefined();
  });

  it("compares paddy with its lowest MSP (common) and names the season past its end", () => {
    const note = mspNoteForForm({ produce: "paddy", price: "20", unit: "kg", unitKg: "", date: DATE });
    expect(note).toMatchObject({ perQuintalPaise: 236_900, variety: { en: "common" }, inForce: false });
    expect(mspNoteForForm({ produce: "paddy", price: "23.80", unit: "kg", unitKg: "", date: DATE })).toBeUndefined();
  });
});

describe("the produce a form is compared with", () => {
  it("reads the name, unless the seller chose a produce or none", () => {
    expect(comparedProduce({ name: "Nashik red onion", category: "vegetables", choice: "" })).toMatchObject({
      produce: { id: "onion" },
      chosen: false,
    });
    expect(comparedProduce({ name: "Nashik red onion", category: "vegetables", choice: "none" })).toMatchObject({
      produce: undefined,
      chosen: true,
      fromName: { id: "onion" },
    });
    expect(comparedProduce({ name: "Nashik red onion", category: "vegetables", choice: "garlic" }).produce?.id).toBe("garlic");
    expect(comparedProduce({ name: "", category: "", choice: "" }).produce).toBeUndefined();
    expect(comparedProduce({ name: "Sharbati", category: "wheat", choice: "not-a-produce" }).produce?.id).toBe("wheat");
  });
});
