import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_PRICE_PAISE } from "../shared/constants";
import {
  produceFieldsSchema,
  produceFieldsSchemaAt,
  PRODUCE_MESSAGES,
  type ProduceFieldErrors,
  type ProduceFields,
} from "./produce-fields";
import {
  checkUnitPrice,
  formatQuantity,
  formatUnitPrice,
  isCountedUnit,
  pricePerKgPaise,
  UNIT_OPTIONS,
  UNITS,
  type Unit,
} from "../money/units";
import { fixedGramsPerUnit } from "../money/unit-weights";
import { parseWith } from "../shared/form-fields";

/** 15 June 2026, 11:30 in India. */
const NOW = Date.UTC(2026, 5, 15, 6);
const schema = produceFieldsSchemaAt(NOW);

function dataOf(input: unknown, s = schema): ProduceFields {
  const result = parseWith(s, input);
  if (!result.ok) throw new Error(`expected the input to be accepted, got ${JSON.stringify(result.errors)}`);
  return result.data;
}

function errorsOf(input: unknown, s = schema): ProduceFieldErrors {
  const result = parseWith(s, input);
  if (result.ok) throw new Error(`expected the input to be rejected, got ${JSON.stringify(result.data)}`);
  return result.errors as ProduceFieldErrors;
}

const DEFAULTS: ProduceFields = {
  unit: "kg",
  gramsPerUnit: 1000,
  quantity: null,
  minOrder: null,
  variety: null,
  organic: false,
  availableFrom: null,
  produceChoice: null,
  grade: null,
};

const MSG = {
  unit: "Please choose a unit.",
  crateKg: "Please enter how many kg one crate weighs, like 20.",
  dozenKg: "Please enter how many kg one dozen weighs, like 1.5.",
  crateKgDecimals: "Please enter the weight of one crate with at most 2 decimals, like 1.5.",
  crateKgTooLarge: "Please enter at most 1,000 kg for one crate.",
  quantity: "Please enter the quantity as a number above 0, like 20.",
  quantityDecimals: "Please enter the quantity with at most 2 decimals, like 2.5.",
  quantityTooLarge: "Please enter a quantity up to 10,00,000.",
  minOrder: "Please enter the minimum order as a number above 0, like 5.",
  minOrderDecimals: "Please enter the minimum order with at most 2 decimals, like 2.5.",
  minOrderTooLarge: "Please enter a minimum order up to 10,00,000.",
  minOrderAboveQuantity: "The minimum order cannot be more than the quantity you have.",
  varietyLong: "Please keep the variety under 60 characters.",
  varietyLetters: "Please use letters or numbers in the variety.",
  date: "Please enter a date like 2026-12-01.",
  dateTooLate: "Please choose a date within the next year.",
};

describe("units", () => {
  it("lists the five units, kg first", () => {
    expect(UNITS).toEqual(["kg", "quintal", "tonne", "dozen", "crate"]);
  });

  it("offers every unit, in order, with a label saying what the fixed ones weigh", () => {
    expect(UNIT_OPTIONS).toEqual([
      { value: "kg", label: "kg" },
      { value: "quintal", label: "Quintal (100 kg)" },
      { value: "tonne", label: "Tonne (1,000 kg)" },
      { value: "dozen", label: "Dozen" },
      { value: "crate", label: "Crate" },
    ]);
  });

  it.each<[Unit, boolean, number | undefined]>([
    ["kg", false, 1000],
    ["quintal", false, 100_000],
    ["tonne", false, 1_000_000],
    ["dozen", true, undefined],
    ["crate", true, undefined],
  ])("%s: counted %s, %s grams fixed", (unit, counted, grams) => {
    expect(isCountedUnit(unit)).toBe(counted);
    expect(fixedGramsPerUnit(unit)).toBe(grams);
  });
});

describe("pricePerKgPaise", () => {
  it.each<[string, number, number, number]>([
    ["₹24 a kg", 2400, 1000, 2400],
    ["₹2,400 a quintal", 240_000, 100_000, 2400],
    ["₹50,000 a tonne", 5_000_000, 1_000_000, 5000],
    ["₹600 a crate of 20 kg", 60_000, 20_000, 3000],
    ["₹90 a dozen of 1.5 kg", 9000, 1500, 6000],
    ["₹10 a dozen of 1.5 kg (666.67 paise)", 1000, 1500, 667],
    ["₹10 a crate of 3 kg (333.33 paise)", 1000, 3000, 333],
    ["3 paise for 2 kg (1.5 paise, half up)", 3, 2000, 2],
    ["5 paise for 2 kg (2.5 paise, half up)", 5, 2000, 3],
    ["7 paise for 2 kg (3.5 paise, half up)", 7, 2000, 4],
    ["₹10,00,000 a kg", MAX_PRICE_PAISE, 1000, MAX_PRICE_PAISE],
    ["₹10,00,00,000 a tonne", MAX_PRICE_PAISE * 1000, 1_000_000, MAX_PRICE_PAISE],
  ])("%s is %i paise a kg", (_, unitPrice, grams, perKg) => {
    expect(pricePerKgPaise(unitPrice, grams)).toBe(perKg);
  });

  it("never gives less than 1 paisa, so every listing has a price to sort by", () => {
    expect(pricePerKgPaise(1, 1_000_000)).toBe(1);
    expect(pricePerKgPaise(0, 1000)).toBe(1);
  });

  it.each<[number, number]>([
    [100, 0],
    [100, -1000],
    [100, 1.5],
    [100, Number.NaN],
    [-1, 1000],
    [1.5, 1000],
    [Number.NaN, 1000],
    [Number.POSITIVE_INFINITY, 1000],
  ])("refuses %s paise for %s grams", (unitPrice, grams) => {
    expect(() => pricePerKgPaise(unitPrice, grams)).toThrow(RangeError);
  });
});

describe("checkUnitPrice", () => {
  it.each<[number, number, Unit, number]>([
    [240_000, 100_000, "quintal", 2400],
    [60_000, 20_000, "crate", 3000],
    [5_000_000, 1_000_000, "tonne", 5000],
    [1, 1000, "kg", 1],
    [500, 1_000_000, "tonne", 1], // 0.5 paise a kg rounds up to 1
    [MAX_PRICE_PAISE, 1000, "kg", MAX_PRICE_PAISE],
    [MAX_PRICE_PAISE * 1000 + 499, 1_000_000, "tonne", MAX_PRICE_PAISE], // rounds down to the limit
  ])("accepts %i paise for %i grams (%s): %i paise a kg", (unitPrice, grams, unit, perKg) => {
    expect(checkUnitPrice(unitPrice, grams, unit)).toEqual({ pricePerKgPaise: perKg });
  });

  it.each<[number, number, Unit]>([
    [MAX_PRICE_PAISE + 1, 1000, "kg"],
    [MAX_PRICE_PAISE * 1000 + 500, 1_000_000, "tonne"], // rounds up past the limit
    [MAX_PRICE_PAISE * 100 + 100, 100_000, "quintal"],
    [MAX_PRICE_PAISE, 10, "dozen"], // ₹10 lakh for 10 g
    [1e20, 1000, "kg"], // too big to hold exactly, still an integer
  ])("says %s paise for %i grams (%s) looks too high", (unitPrice, grams, unit) => {
    expect(checkUnitPrice(unitPrice, grams, unit)).toEqual({ problem: "That price looks too high. Please check it." });
  });

  it.each<[number, number, Unit]>([
    [499, 1_000_000, "tonne"], // 0.499 paise a kg
    [1, 100_000, "quintal"],
    [0, 1000, "kg"],
    [-100, 20_000, "crate"],
  ])("says %i paise for %i grams is too low for one %s", (unitPrice, grams, unit) => {
    expect(checkUnitPrice(unitPrice, grams, unit)).toEqual({ problem: `That price is too low for one ${unit}. Please check it.` });
  });

  it("refuses a fractional price or a unit with no weight", () => {
    expect(() => checkUnitPrice(1.5, 1000, "kg")).toThrow(RangeError);
    expect(() => checkUnitPrice(Number.NaN, 1000, "kg")).toThrow(RangeError);
    expect(() => checkUnitPrice(100, 0, "crate")).toThrow(RangeError);
  });
});

describe("formatUnitPrice", () => {
  it.each<[number, Unit, number, string]>([
    [2400, "kg", 2400, "₹24 / kg"],
    [4550, "kg", 4550, "₹45.50 / kg"],
    [240_000, "quintal", 2400, "₹2,400 / quintal (₹24 / kg)"],
    [5_000_000, "tonne", 5000, "₹50,000 / tonne (₹50 / kg)"],
    [12_000_000, "tonne", 12_000, "₹1,20,000 / tonne (₹120 / kg)"],
    [60_000, "crate", 3000, "₹600 / crate (₹30 / kg)"],
    [4550, "dozen", 3033, "₹45.50 / dozen (₹30.33 / kg)"],
  ])("%i paise a %s (%i a kg) reads %j", (unitPricePaise, unit, perKg, text) => {
    expect(formatUnitPrice({ unitPricePaise, unit, pricePerKgPaise: perKg })).toBe(text);
  });
});

describe("formatQuantity", () => {
  it.each<[number, Unit, string]>([
    [500, "kg", "500 kg"],
    [1, "kg", "1 kg"],
    [2.5, "kg", "2.5 kg"],
    [1, "quintal", "1 quintal"],
    [20, "quintal", "20 quintals"],
    [0.5, "quintal", "0.5 quintals"],
    [1, "tonne", "1 tonne"],
    [2.5, "tonne", "2.5 tonnes"],
    [3, "dozen", "3 dozen"],
    [1, "dozen", "1 dozen"],
    [1, "crate", "1 crate"],
    [12, "crate", "12 crates"],
    [100_000, "kg", "1,00,000 kg"],
    [1_000_000, "crate", "10,00,000 crates"],
    [1234567.89, "kg", "12,34,567.89 kg"],
    [0.25, "tonne", "0.25 tonnes"],
    [1.001, "quintal", "1 quintal"], // reads as 1, so says one
    [2.333333, "tonne", "2.33 tonnes"],
    [0, "crate", "0 crates"],
    [-0, "kg", "0 kg"],
  ])("%s %s reads %j", (quantity, unit, text) => {
    expect(formatQuantity(quantity, unit)).toBe(text);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [-1]])("refuses %s", (quantity) => {
    expect(() => formatQuantity(quantity, "kg")).toThrow(RangeError);
  });
});

describe("produceFieldsSchema", () => {
  it("reads an empty form (an old client's) as kg with nothing else said", () => {
    expect(dataOf({})).toEqual(DEFAULTS);
  });

  it("reads a full form", () => {
    expect(
      dataOf({
        unit: "crate",
        unitKg: "20",
        quantity: "120",
        minOrder: "5",
        variety: "Alphonso",
        organic: "on",
        availableFrom: "2026-12-01",
      }),
    ).toEqual({
      unit: "crate",
      gramsPerUnit: 20_000,
      quantity: 120,
      minOrder: 5,
      variety: "Alphonso",
      organic: true,
      availableFrom: "2026-12-01",
      produceChoice: null,
      grade: null,
    });
  });

  it("reports every bad field at once, each on its own field", () => {
    expect(
      errorsOf({
        unit: "crate",
        unitKg: "abc",
        quantity: "-1",
        minOrder: "1.234",
        variety: "x".repeat(61),
        organic: "maybe",
        availableFrom: "2026-02-30",
      }),
    ).toEqual({
      unitKg: MSG.crateKg,
      quantity: MSG.quantity,
      minOrder: MSG.minOrderDecimals,
      variety: MSG.varietyLong,
      availableFrom: MSG.date,
    });
  });

  it("rejects input that is not a form as a whole", () => {
    expect(Object.keys(errorsOf(null))).toEqual(["form"]);
  });

  describe("unit", () => {
    it.each<[string, Unit, number]>([
      ["kg", "kg", 1000],
      ["quintal", "quintal", 100_000],
      ["tonne", "tonne", 1_000_000],
      ["Quintal", "quintal", 100_000],
      [" TONNE ", "tonne", 1_000_000],
      ["", "kg", 1000],
      ["   ", "kg", 1000],
    ])("reads %j as %s (%i g)", (typed, unit, grams) => {
      expect(dataOf({ unit: typed })).toEqual({ ...DEFAULTS, unit, gramsPerUnit: grams });
    });

    it("reads a unit that is not text as absent, so kg", () => {
      expect(dataOf({ unit: ["tonne"] })).toEqual(DEFAULTS);
      expect(dataOf({ unit: 5 })).toEqual(DEFAULTS);
    });

    it.each([["litre"], ["kgs"], ["kilo"], ["0"], ["किलो"], ["k g"], ["kg; drop table"]])("rejects %j", (typed) => {
      expect(errorsOf({ unit: typed })).toEqual({ unit: MSG.unit });
    });

    it("does not ask for a weight when the unit itself is wrong", () => {
      expect(errorsOf({ unit: "bag", unitKg: "" })).toEqual({ unit: MSG.unit });
    });
  });

  describe("unitKg", () => {
    it.each<[Unit, string, number]>([
      ["crate", "20", 20_000],
      ["crate", " 20 ", 20_000],
      ["dozen", "1.5", 1500],
      ["dozen", "1.50", 1500],
      ["dozen", "0.25", 250],
      ["dozen", ".5", 500],
      ["dozen", "0.01", 10],
      ["crate", "1000", 1_000_000],
      ["crate", "1,000", 1_000_000],
      ["crate", "1,000.00", 1_000_000],
      ["crate", "020", 20_000],
      ["dozen", "१.५", 1500], // Devanagari
      ["crate", "२०", 20_000],
      ["crate", "２０", 20_000], // fullwidth
      ["crate", "２０．５", 20_500],
      ["crate", "২০", 20_000], // Bengali
      ["crate", "૨૦", 20_000], // Gujarati
    ])("%s of %j kg is %i g", (unit, unitKg, grams) => {
      expect(dataOf({ unit, unitKg })).toEqual({ ...DEFAULTS, unit, gramsPerUnit: grams });
    });

    it("asks how much a crate or a dozen weighs when not said", () => {
      expect(errorsOf({ unit: "crate" })).toEqual({ unitKg: MSG.crateKg });
      expect(errorsOf({ unit: "dozen", unitKg: "  " })).toEqual({ unitKg: MSG.dozenKg });
      expect(errorsOf({ unit: "dozen", unitKg: 2 })).toEqual({ unitKg: MSG.dozenKg });
    });

    it.each([
      ["-1"],
      ["−1"], // minus sign
      ["0"],
      ["0.00"],
      ["0.001"], // rounds to nothing
      ["abc"],
      ["1e3"],
      ["1,5"], // not a grouping; decimals take a point
      ["1,00"],
      ["NaN"],
      ["Infinity"],
      ["-Infinity"],
      ["20 kg"],
      ["20kg"],
      ["₹20"],
      ["Rs 20"],
      ["+5"],
      ["2 0"],
      ["."],
      ["5."],
      ["0x10"],
      ["1/2"],
    ])("rejects %j kg", (unitKg) => {
      expect(errorsOf({ unit: "crate", unitKg })).toEqual({ unitKg: unitKg === "0.001" ? MSG.crateKgDecimals : MSG.crateKg });
    });

    it("asks for at most 2 decimals", () => {
      expect(errorsOf({ unit: "crate", unitKg: "1.234" })).toEqual({ unitKg: MSG.crateKgDecimals });
    });

    it.each([["1000.01"], ["1001"], ["1,001"], ["9".repeat(30)], ["9".repeat(400)], ["१०००१"]])("says %j kg is too heavy", (unitKg) => {
      expect(errorsOf({ unit: "crate", unitKg })).toEqual({ unitKg: MSG.crateKgTooLarge });
    });

    it("ignores the weight for kg, quintal and tonne, however it is written", () => {
      expect(dataOf({ unit: "quintal", unitKg: "abc" })).toEqual({ ...DEFAULTS, unit: "quintal", gramsPerUnit: 100_000 });
      expect(dataOf({ unit: "kg", unitKg: "20" })).toEqual(DEFAULTS);
      expect(dataOf({ unitKg: "-5" })).toEqual(DEFAULTS);
    });
  });

  describe.each<["quantity" | "minOrder", { bad: string; decimals: string; tooLarge: string }]>([
    ["quantity", { bad: MSG.quantity, decimals: MSG.quantityDecimals, tooLarge: MSG.quantityTooLarge }],
    ["minOrder", { bad: MSG.minOrder, decimals: MSG.minOrderDecimals, tooLarge: MSG.minOrderTooLarge }],
  ])("%s", (field, messages) => {
    it.each<[string, number]>([
      ["500", 500],
      ["1", 1],
      ["2.5", 2.5],
      ["2.50", 2.5],
      ["0.01", 0.01],
      ["0.07", 0.07],
      [".5", 0.5],
      [" 20 ", 20],
      ["1,000", 1000],
      ["1,00,000", 100_000],
      ["100,000", 100_000],
      ["10,00,000", 1_000_000],
      ["1000000", 1_000_000],
      ["1,234.56", 1234.56],
      ["२०", 20], // Devanagari
      ["२.५", 2.5],
      ["१०,००,०००", 1_000_000],
      ["１２", 12], // fullwidth
      ["১২", 12], // Bengali
      ["௧௨", 12], // Tamil
      ["۱۲", 12], // Urdu (Extended Arabic-Indic)
    ])("reads %j as %s", (typed, value) => {
      // A quantity large enough that any minimum order here fits under it.
      const input = field === "quantity" ? { quantity: typed } : { quantity: "1000000", minOrder: typed };
      expect(dataOf(input)[field]).toBe(value);
    });

    it.each([[""], ["   "], ["\u200b"]])("reads %j as not said", (typed) => {
      expect(dataOf({ [field]: typed })[field]).toBeNull();
    });

    it("reads a value that is not text as not said", () => {
      expect(dataOf({ [field]: 20 })[field]).toBeNull();
    });

    it.each([
      ["-1"],
      ["−1"], // minus sign
      ["－1"], // fullwidth hyphen
      ["-0.5"],
      ["0"],
      ["0.00"],
      ["abc"],
      ["NaN"],
      ["Infinity"],
      ["1e3"],
      ["1,5"],
      ["12,34"],
      ["1,,000"],
      ["20 kg"],
      ["₹20"],
      ["+20"],
      ["2 0"],
      ["twenty"],
      ["बीस"],
      ["½"],
      ["Ⅻ"], // a Roman numeral, a number but not a digit
      ["𝟐𝟎"], // mathematical bold digits: not a keyboard's digits
      ["٢٠"], // Arabic-Indic, not Urdu's forms
    ])("rejects %j", (typed) => {
      expect(errorsOf({ [field]: typed })).toEqual({ [field]: messages.bad });
    });

    it.each([["1.234"], ["2.505"], ["1,000.123"]])("asks for at most 2 decimals in %j", (typed) => {
      expect(errorsOf({ [field]: typed })).toEqual({ [field]: messages.decimals });
    });

    it.each([["1000000.01"], ["10,00,001"], ["1,000,001"], ["99999999"], ["9".repeat(25)], ["9".repeat(400)], ["२०००००००"]])(
      "says %j is too large",
      (typed) => {
        expect(errorsOf({ [field]: typed })).toEqual({ [field]: messages.tooLarge });
      },
    );
  });

  describe("minimum order against quantity", () => {
    it.each<[string, string]>([
      ["20", "5"],
      ["20", "20"],
      ["20.5", "20.5"],
      ["1,00,000", "99,999.99"],
      ["२०", "20"],
    ])("accepts a minimum of %j when %j is available", (quantity, minOrder) => {
      expect(dataOf({ quantity, minOrder })).toMatchObject({ quantity: expect.any(Number), minOrder: expect.any(Number) });
    });

    it.each<[string, string]>([
      ["20", "25"],
      ["20", "20.01"],
      ["0.5", "1"],
      ["99,999", "1,00,000"],
    ])("says a minimum of %j is more than the %j available", (quantity, minOrder) => {
      expect(errorsOf({ quantity, minOrder })).toEqual({ minOrder: MSG.minOrderAboveQuantity });
    });

    it("allows a minimum order when the quantity is not said", () => {
      expect(dataOf({ minOrder: "50" })).toEqual({ ...DEFAULTS, minOrder: 50 });
    });

    it("compares only amounts that are both readable", () => {
      expect(errorsOf({ quantity: "abc", minOrder: "50" })).toEqual({ quantity: MSG.quantity });
      expect(errorsOf({ quantity: "5", minOrder: "abc" })).toEqual({ minOrder: MSG.minOrder });
    });

    it("compares amounts in the same unit, whatever it is", () => {
      expect(dataOf({ unit: "tonne", quantity: "2.5", minOrder: "0.5" })).toEqual({
        ...DEFAULTS,
        unit: "tonne",
        gramsPerUnit: 1_000_000,
        quantity: 2.5,
        minOrder: 0.5,
      });
    });
  });

  describe("variety", () => {
    it.each<[string, string]>([
      ["Alphonso", "Alphonso"],
      ["  Nashik Red  ", "Nashik Red"],
      ["बासमती", "बासमती"],
      ["Pusa\u200b 1121", "Pusa 1121"],
      ["x".repeat(60), "x".repeat(60)],
      ["a🥭".repeat(30), "a🥭".repeat(30)], // 60 characters, 90 UTF-16 units
      ["आ".repeat(60), "आ".repeat(60)],
    ])("keeps %j as %j", (typed, variety) => {
      expect(dataOf({ variety: typed }).variety).toBe(variety);
    });

    it.each([[""], ["   "], ["\u200b\u200b"]])("reads %j as not said", (typed) => {
      expect(dataOf({ variety: typed }).variety).toBeNull();
    });

    it.each([["x".repeat(61)], [`${"a🥭".repeat(30)}a`], [` ${"x".repeat(61)} `]])("rejects a variety of 61 characters", (typed) => {
      expect(errorsOf({ variety: typed })).toEqual({ variety: MSG.varietyLong });
    });

    it("rejects a variety with no letter or digit", () => {
      expect(errorsOf({ variety: "—" })).toEqual({ variety: MSG.varietyLetters });
    });
  });

  describe("organic", () => {
    it.each([["on"], ["yes"], ["true"], ["1"], ["ON"], ["Yes"], [" on "]])("reads %j as organic", (typed) => {
      expect(dataOf({ organic: typed }).organic).toBe(true);
    });

    it.each([[""], ["off"], ["no"], ["false"], ["0"], ["maybe"], ["onn"]])("reads %j as not organic", (typed) => {
      expect(dataOf({ organic: typed }).organic).toBe(false);
    });

    it("reads an absent or non-text box as not organic", () => {
      expect(dataOf({}).organic).toBe(false);
      expect(dataOf({ organic: true }).organic).toBe(false);
    });
  });

  describe("availableFrom", () => {
    it.each<[string, string]>([
      ["2026-12-01", "2026-12-01"],
      ["2026-06-15", "2026-06-15"], // today
      ["2026-01-01", "2026-01-01"], // already available
      ["2000-01-01", "2000-01-01"],
      ["2027-06-15", "2027-06-15"], // a year from today
      [" 2026-12-01 ", "2026-12-01"],
      ["२०२६-१२-०१", "2026-12-01"], // Devanagari digits, from a plain text box
      ["２０２６－１２－０１", "2026-12-01"], // fullwidth
    ])("reads %j as %s", (typed, date) => {
      expect(dataOf({ availableFrom: typed }).availableFrom).toBe(date);
    });

    it.each([[""], ["  "]])("reads %j as not said", (typed) => {
      expect(dataOf({ availableFrom: typed }).availableFrom).toBeNull();
    });

    it.each([
      ["2026-02-30"],
      ["2026-02-29"], // 2026 is not a leap year
      ["2026-13-01"],
      ["2026-00-10"],
      ["2026-04-31"],
      ["2026-12-1"],
      ["2026-6-01"],
      ["01-12-2026"],
      ["2026/12/01"],
      ["1 Dec 2026"],
      ["2026-12-01T00:00"],
      ["+02026-12-01"],
      ["1999-12-31"],
      ["0000-01-01"],
      ["abc"],
      ["NaN"],
      ["Infinity"],
    ])("rejects %j", (typed) => {
      expect(errorsOf({ availableFrom: typed })).toEqual({ availableFrom: MSG.date });
    });

    it.each([["2027-06-16"], ["2030-01-01"], ["9999-12-31"], ["९९९९-१२-३१"]])("says %j is too far ahead", (typed) => {
      expect(errorsOf({ availableFrom: typed })).toEqual({ availableFrom: MSG.dateTooLate });
    });

    it("counts the year from today in India", () => {
      // 18:30 UTC on 14 June is midnight, 15 June, in India.
      const justBefore = produceFieldsSchemaAt(Date.UTC(2026, 5, 14, 18, 29));
      const justAfter = produceFieldsSchemaAt(Date.UTC(2026, 5, 14, 18, 30));
      expect(errorsOf({ availableFrom: "2027-06-15" }, justBefore)).toEqual({ availableFrom: MSG.dateTooLate });
      expect(dataOf({ availableFrom: "2027-06-15" }, justAfter).availableFrom).toBe("2027-06-15");
    });

    it("accepts a leap day within the year and runs a leap day's year on to 1 March", () => {
      const in2027 = produceFieldsSchemaAt(Date.UTC(2027, 5, 1, 6));
      expect(dataOf({ availableFrom: "2028-02-29" }, in2027).availableFrom).toBe("2028-02-29");
      const leapDay = produceFieldsSchemaAt(Date.UTC(2028, 1, 29, 6));
      expect(dataOf({ availableFrom: "2029-03-01" }, leapDay).availableFrom).toBe("2029-03-01");
      expect(errorsOf({ availableFrom: "2029-03-02" }, leapDay)).toEqual({ availableFrom: MSG.dateTooLate });
    });

    describe("with the clock", () => {
      afterEach(() => {
        vi.useRealTimers();
      });

      it("reads the clock at each parse, not when the module loads", () => {
        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(NOW);
        expect(dataOf({ availableFrom: "2027-06-15" }, produceFieldsSchema).availableFrom).toBe("2027-06-15");
        expect(errorsOf({ availableFrom: "2027-06-16" }, produceFieldsSchema)).toEqual({ availableFrom: MSG.dateTooLate });
        vi.setSystemTime(Date.UTC(2026, 5, 16, 6));
        expect(dataOf({ availableFrom: "2027-06-16" }, produceFieldsSchema).availableFrom).toBe("2027-06-16");
      });
    });
  });
});

describe("what the listing is compared with, and its grade", () => {
  it("reads a catalogue produce, 'none', or nothing (the name decides)", () => {
    expect(dataOf({ unit: "kg", produce: "onion" }).produceChoice).toBe("onion");
    expect(dataOf({ unit: "kg", produce: "none" }).produceChoice).toBe("none");
    expect(dataOf({ unit: "kg", produce: "" }).produceChoice).toBeNull();
    expect(dataOf({ unit: "kg" }).produceChoice).toBeNull();
  });

  it("refuses a produce the catalogue does not know, kindly", () => {
    for (const produce of ["firewood", "<script>", "Onion", "प्याज", "x".repeat(5000)]) {
      expect(errorsOf({ unit: "kg", produce }).produce).toBe(PRODUCE_MESSAGES.produce);
    }
  });

  it("reads a grade in any case, and refuses another", () => {
    expect(dataOf({ unit: "kg", grade: "faq" }).grade).toBe("FAQ");
    expect(dataOf({ unit: "kg", grade: "Grade A" }).grade).toBe("A");
    expect(dataOf({ unit: "kg", grade: "" }).grade).toBeNull();
    for (const grade of ["D", "AA", "१", "<b>"]) expect(errorsOf({ unit: "kg", grade }).grade).toBe(PRODUCE_MESSAGES.grade);
  });
});
