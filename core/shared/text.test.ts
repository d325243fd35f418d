import { describe, expect, it } from "vitest";
import { cleanText, hasLetterOrDigit } from "./text";

/** Well-formed: no lone surrogate, so it survives a round trip through UTF-8 unchanged. */
const survivesUtf8 = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text)) === text;

describe("cleanText", () => {
  it("keeps Indic text with its vowel signs, nukta (प्याज़: ज + U+093C), virama and joiners unchanged", () => {
    for (const text of ["बासमती चावल", "प्याज़", "क्\u200dष", "र\u200d्य", "चाय", "Basmati Rice", "👨\u200d🌾 Kisan"]) {
      expect(cleanText(text)).toBe(text);
    }
    expect(cleanText("ராஜ்\u200cகுமார்")).toBe("ராஜ்\u200cகுமார்");
  });

  it("turns a lone surrogate into U+FFFD, so the text is valid UTF-8", () => {
    for (const text of ["Ram\ud800", "\udfffRam", "a\udc00\ud800b"]) {
      const cleaned = cleanText(text);
      expect(survivesUtf8(cleaned)).toBe(true);
      expect(cleaned).toContain("\ufffd");
    }
    // A real pair is left alone.
    expect(cleanText("Mango 🥭")).toBe("Mango 🥭");
  });

  it("removes control characters, NUL included", () => {
    expect(cleanText("Rice\u0000")).toBe("Rice");
    expect(cleanText("Ri\u0007ce\u001b[31m")).toBe("Rice[31m");
    expect(cleanText("Wheat\u007f\u0080\u009f")).toBe("Wheat");
  });

  it("removes format characters: zero-width spaces, bidi overrides, soft hyphens, BOMs, tags", () => {
    expect(cleanText("\u200bRice\u200b")).toBe("Rice");
    expect(cleanText("\u202eeciR\u202c")).toBe("eciR");
    expect(cleanText("\u2066Rice\u2069 \u200e\u200f")).toBe("Rice");
    expect(cleanText("Ba\u00adsmati\ufeff")).toBe("Basmati");
    expect(cleanText("Rice\u{e0041}")).toBe("Rice");
  });

  it("turns line breaks and tabs into spaces in one-line text, and keeps line breaks in multi-line text", () => {
    expect(cleanText("Basmati\nRice\tNew\r\nCrop\u2028Now")).toBe("Basmati Rice New Crop Now");
    expect(cleanText("Line one\r\nLine two\u2029Line\tthree\n", { multiline: true })).toBe("Line one\nLine two\nLine three");
  });

  it("NFC-normalises, also when a removed character stood between a letter and its mark", () => {
    expect(cleanText("Cafe\u0301")).toBe("Café");
    expect(cleanText("Cafe\u200b\u0301")).toBe("Café");
    expect(cleanText("Cafe\u0301")).toHaveLength(4);
  });

  it("trims spaces, joiners and letterless marks at the ends", () => {
    expect(cleanText("  \u00a0Rice\u3000 ")).toBe("Rice");
    expect(cleanText("\u0301\u0301Rice")).toBe("Rice");
    expect(cleanText("\u200dRice\u200c")).toBe("Rice");
  });

  it("leaves nothing of text that was only invisible", () => {
    for (const text of ["\u200b\u200b\u200b", "\u202e\u202d", "\u0301\u0302\u0303", "\u0000", "\u200d\u200c", " \ufeff\t\n"]) {
      expect(cleanText(text)).toBe("");
    }
  });
});

describe("hasLetterOrDigit", () => {
  it("is true for letters or digits in any script, false for symbols, marks and joiners alone", () => {
    for (const text of ["Rice", "चावल", "९", "4", "ராஜ்"]) expect(hasLetterOrDigit(text)).toBe(true);
    for (const text of ["", "...", "\ufffd", "🥭", "\u200d", "\u0301", "-- --"]) expect(hasLetterOrDigit(text)).toBe(false);
  });
});
