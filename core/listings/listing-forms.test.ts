import { describe, expect, it } from "vitest";
import { listingFieldsSchema } from "./listing-forms";
import { dataOf, errorsOf, MSG } from "../shared/form-fields.test-support";

describe("listingFieldsSchema", () => {
  const valid = {
    name: "Basmati rice",
    category: "Rice",
    price: "45",
    description: "Aged one year.",
    state: "maharashtra",
    district: "nashik",
  };

  it("accepts a complete form, with the price in paise, sold by the kg where the form does not say", () => {
    expect(dataOf(listingFieldsSchema, valid)).toEqual({
      ...valid,
      category: "rice",
      price: 4500,
      unit: "kg",
      gramsPerUnit: 1000,
      quantity: null,
      minOrder: null,
      variety: null,
      organic: false,
      availableFrom: null,
      produceChoice: null,
      grade: null,
      place: null,
      pin: null,
    });
  });

  it("reads the price per the unit chosen, and checks it per kg", () => {
    expect(dataOf(listingFieldsSchema, { ...valid, price: "2,400", unit: "quintal" })).toMatchObject({
      price: 240000,
      unit: "quintal",
      gramsPerUnit: 100_000,
    });
    expect(dataOf(listingFieldsSchema, { ...valid, price: "600", unit: "crate", unitKg: "20" })).toMatchObject({
      price: 60000,
      gramsPerUnit: 20_000,
    });
    // ₹1,00,00,000 a tonne is ₹10,000 a kg: fine. The same a kg is not.
    expect(dataOf(listingFieldsSchema, { ...valid, price: "1,00,00,000", unit: "tonne" }).price).toBe(1_000_000_000);
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "1,00,00,000" })).toEqual({ price: MSG.priceHigh });
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "0.01", unit: "tonne" })).toEqual({
      price: "That price is too low for one tonne. Please check it.",
    });
  });

  it("reports the place's problems beside their own fields, with the others", () => {
    expect(errorsOf(listingFieldsSchema, { ...valid, state: "", district: "", price: "" })).toEqual({
      price: MSG.price,
      state: "Please choose your state.",
      district: "Please choose your district.",
    });
    expect(errorsOf(listingFieldsSchema, { ...valid, district: "agra" })).toEqual({ district: "Please choose a district in Maharashtra." });
    expect(errorsOf(listingFieldsSchema, { ...valid, pin: "110001" })).toEqual({
      pin: "PIN code 110001 is in Delhi, not Maharashtra. Please check it.",
    });
    expect(errorsOf(listingFieldsSchema, { ...valid, quantity: "-5" }).quantity).toMatch(/above 0/);
  });

  it("trims the name and description", () => {
    const data = dataOf(listingFieldsSchema, { ...valid, name: "  Basmati rice ", description: "\n Aged one year.\n" });
    expect(data.name).toBe("Basmati rice");
    expect(data.description).toBe("Aged one year.");
  });

  it.each([
    ["Vegetable", "vegetables"],
    ["Vegetables", "vegetables"],
    ["Oil Seeds", "oil-seeds"],
    ["oil-seeds", "oil-seeds"],
    ["Nuts & Dry Fruits", "nuts-dry-fruits"],
    ["Nuts and Dry fruits", "nuts-dry-fruits"],
    ["chawal", "rice"],
    ["गेहूँ", "wheat"],
  ])("resolves the category %j to %s", (category, slug) => {
    expect(dataOf(listingFieldsSchema, { ...valid, category }).category).toBe(slug);
  });

  it.each<[string, unknown]>([
    ["the 'Select Category' placeholder value", ""],
    ["the placeholder's text", "Select Category"],
    ["a legacy category", "Cars"],
    ["a missing category", undefined],
    ["a file", new File([""], "x")],
  ])("asks for a category given %s", (_label, category) => {
    expect(errorsOf(listingFieldsSchema, { ...valid, category })).toEqual({ category: MSG.category });
  });

  it.each<[string, number]>([
    ["45", 4500],
    ["45.5", 4550],
    ["45.50", 4550],
    [" 45.50 ", 4550],
    ["0.01", 1],
    ["₹ 95", 9500],
    ["1,250", 125000],
    ["10,00,000", 100000000],
  ])("reads the price %j as %i paise", (price, paise) => {
    expect(dataOf(listingFieldsSchema, { ...valid, price }).price).toBe(paise);
  });

  it.each([["0"], ["0.00"], ["-5"], ["45.555"], ["1.234"], ["abc"], ["1e3"], ["45 rupees"]])("rejects the price %j", (price) => {
    expect(errorsOf(listingFieldsSchema, { ...valid, price })).toEqual({ price: MSG.priceInvalid });
  });

  it("refuses a price over ₹10,00,000 per kg (and a typed price over a thousand times that for any unit)", () => {
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "1000000.01" })).toEqual({ price: MSG.priceHigh });
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "50,00,000" })).toEqual({ price: MSG.priceHigh });
  });

  it("asks for every missing field", () => {
    expect(errorsOf(listingFieldsSchema, { category: "" })).toEqual({
      name: MSG.productName,
      category: MSG.category,
      price: MSG.price,
      description: MSG.description,
      state: "Please choose your state.",
      district: "Please choose your district.",
    });
  });

  it("treats a price of only spaces as missing", () => {
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "   " })).toEqual({ price: MSG.price });
  });

  it("limits the name to 80 and the description to 2000 characters", () => {
    expect(dataOf(listingFieldsSchema, { ...valid, name: "n".repeat(80), description: "d".repeat(2000) })).toMatchObject({
      name: "n".repeat(80),
      description: "d".repeat(2000),
    });
    expect(errorsOf(listingFieldsSchema, { ...valid, name: "n".repeat(81), description: "d".repeat(2001) })).toEqual({
      name: "Please keep the product name under 80 characters.",
      description: "Please keep a description under 2000 characters.",
    });
  });
});
