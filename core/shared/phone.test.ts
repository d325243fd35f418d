import { describe, expect, it } from "vitest";
import { formatPhone, normalisePhone, whatsappLink } from "./phone";

describe("normalisePhone", () => {
  it.each([
    ["9876543210"],
    ["+91 98765 43210"],
    ["+919876543210"],
    ["+91-98765-43210"],
    ["098765-43210"],
    ["09876543210"],
    ["919876543210"],
    ["91 98765 43210"],
    ["  98765 43210  "],
    ["(98765) 43210"],
    ["98765.43210"],
  ])("stores %j as +919876543210", (text) => {
    expect(normalisePhone(text)).toBe("+919876543210");
  });

  it.each<[string, string]>([
    ["6000000000", "+916000000000"],
    ["7012345678", "+917012345678"],
    ["8123456789", "+918123456789"],
    // a 10-digit number that itself begins 91 is the number, not a country code
    ["9198765432", "+919198765432"],
  ])("accepts mobile numbers starting 6–9: %j", (text, e164) => {
    expect(normalisePhone(text)).toBe(e164);
  });

  it.each([["0876543210"], ["1876543210"], ["2876543210"], ["3876543210"], ["4876543210"], ["5876543210"], ["+91 58765 43210"]])(
    "rejects %j, which does not start 6–9",
    (text) => {
      expect(normalisePhone(text)).toBeUndefined();
    },
  );

  it.each([
    ["987654321"], // 9 digits
    ["98765432101"], // 11 digits
    ["+91 98765 4321"],
    ["+91 98765 432100"],
    ["9198765432101"],
  ])("rejects %j, which has the wrong number of digits", (text) => {
    expect(normalisePhone(text)).toBeUndefined();
  });

  it.each([
    [""],
    ["   "],
    ["abcdefghij"],
    ["98765abcde"],
    ["98765 4321O"], // letter O, not zero
    ["+1 987 654 3210"],
    ["+9876543210"],
    ["0091 98765 43210"],
    ["+91+9876543210"],
  ])("rejects %j", (text) => {
    expect(normalisePhone(text)).toBeUndefined();
  });
});

describe("normalisePhone with other digits and invisible characters", () => {
  it.each([
    ["९८७६५४३२१०"], // Devanagari
    ["+९१ ९८७६५ ४३२१०"],
    ["०९८७६५४३२१०"],
    ["৯৮৭৬৫৪৩২১০"], // Bengali
    ["੯੮੭੬੫੪੩੨੧੦"], // Gurmukhi
    ["௯௮௭௬௫௪௩௨௧௦"], // Tamil
    ["98765\u200b43210"], // zero-width space
    ["\u202e9876543210\u202c"], // bidi override
    ["\ufeff+91\u00a098765\u00a043210"], // BOM, no-break spaces
    ["98765\u200d43210"], // ZWJ
    ["98765\u201343210"], // en dash
    ["९८७६५ 43210"], // mixed scripts
  ])("stores %j as +919876543210", (text) => {
    expect(normalisePhone(text)).toBe("+919876543210");
  });

  it.each([
    ["٩٨٧٦٥٤٣٢١٠"], // Arabic-Indic digits: not an Indian script
    ["９８７６５４３２１０"], // full-width digits
    ["𝟗𝟖𝟕𝟔𝟓𝟒𝟑𝟐𝟏𝟎"], // mathematical digits
    ["9".repeat(65)],
    [" ".repeat(100) + "9876543210"],
  ])("rejects %j", (text) => {
    expect(normalisePhone(text)).toBeUndefined();
  });
});

describe("formatPhone", () => {
  it("groups an E.164 Indian number for reading", () => {
    expect(formatPhone("+919876543210")).toBe("+91 98765 43210");
    expect(formatPhone("+916000012345")).toBe("+91 60000 12345");
  });

  it("leaves anything else as it is", () => {
    expect(formatPhone("9876543210")).toBe("9876543210");
    expect(formatPhone("+14155550123")).toBe("+14155550123");
    expect(formatPhone("")).toBe("");
  });

  it("formats what normalisePhone stores", () => {
    expect(formatPhone(normalisePhone("098765-43210")!)).toBe("+91 98765 43210");
  });
});

describe("whatsappLink", () => {
  it("links to wa.me with the number's digits", () => {
    expect(whatsappLink("+919876543210")).toBe("https://wa.me/919876543210");
  });

  it("does not add or remove anything else", () => {
    expect(whatsappLink("919876543210")).toBe("https://wa.me/919876543210");
  });

  it("starts the chat with a message, every character that means something in a URL encoded", () => {
    const text = "नमस्ते जी, Onion & Garlic ₹24 / kg? #1 https://mandi.example/view/1?lang=hi";
    const link = whatsappLink("+919876543210", text);
    expect(link).toMatch(/^https:\/\/wa\.me\/919876543210\?text=[^&#?]+$/);
    expect(new URL(link).searchParams.get("text")).toBe(text);
  });
});
