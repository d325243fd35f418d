import { describe, expect, it } from "vitest";
import { formatPricePerKg, formatRupees } from "./money";
import { parseRupeesToPaise } from "./parse-rupees";

describe("parseRupeesToPaise", () => {
  it.each<[string, number]>([
    ["45", 4500],
    ["45.5", 4550],
    ["45.50", 4550],
    ["45.05", 4505],
    ["0.01", 1],
    ["0", 0],
    ["1,250", 125000],
    ["1,250.5", 125050],
    ["12,345", 1234500],
    ["1,23,456", 12345600],
    ["10,00,000", 100000000],
    ["1250", 125000],
    ["₹ 95", 9500],
    ["₹95", 9500],
    ["Rs. 95", 9500],
    ["Rs 95", 9500],
    ["rs.95", 9500],
    ["INR 95", 9500],
    ["  95  ", 9500],
  ])("reads %j as %i paise", (text, paise) => {
    expect(parseRupeesToPaise(text)).toBe(paise);
  });

  it.each([
    [""],
    ["   "],
    ["abc"],
    ["₹"],
    ["1.234"],
    ["-5"],
    ["+5"],
    ["1e3"],
    ["12,34"],
    ["1,23"],
    ["1,2345"],
    [",250"],
    ["1,,250"],
    [".5"],
    ["45."],
    ["45 50"],
    ["45kg"],
    ["$45"],
    ["Infinity"],
    ["NaN"],
    ["0x10"],
  ])("rejects %j", (text) => {
    expect(parseRupeesToPaise(text)).toBeUndefined();
  });

  it("rejects amounts too large to hold exactly", () => {
    expect(parseRupeesToPaise("9".repeat(20))).toBeUndefined();
  });
});

describe("formatRupees", () => {
  it.each<[number, string]>([
    [0, "₹0"],
    [1, "₹0.01"],
    [4550, "₹45.50"],
    [4505, "₹45.05"],
    [9500, "₹95"],
    [125000, "₹1,250"],
    [12345678, "₹1,23,456.78"],
    [100000000, "₹10,00,000"],
  ])("formats %i paise as %j with Indian digit grouping", (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });
});

describe("formatPricePerKg", () => {
  it.each<[number, string]>([
    [9500, "₹95 / kg"],
    [4550, "₹45.50 / kg"],
    [12345678, "₹1,23,456.78 / kg"],
  ])("formats %i paise as %j", (paise, text) => {
    expect(formatPricePerKg(paise)).toBe(text);
  });
});
