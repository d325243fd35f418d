import { describe, expect, it } from "vitest";
import { searchTermsFor } from "./search-terms";
import { normaliseSearchText } from "./search-text";
import { PRODUCE_ALIASES } from "../catalogue/produce-aliases";

describe("normaliseSearchText", () => {
  it("lower-cases, folds runs of spaces and composes Unicode", () => {
    expect(normaliseSearchText("  BASMATI   Rice ")).toBe("basmati rice");
    expect(normaliseSearchText("\u0000rice\u0000\u0007 dal\n")).toBe("rice dal");
    // ज़ typed as ज + nukta and as the single code point read the same.
    expect(normaliseSearchText("प्याज\u093C")).toBe(normaliseSearchText("प्या\u095B"));
  });
});

describe("searchTermsFor", () => {
  it("reads Hinglish and Hindi produce words in English, keeping what was typed", () => {
    expect(searchTermsFor("pyaz")).toEqual(["pyaz", "onion"]);
    expect(searchTermsFor("Aloo")).toEqual(["aloo", "potato"]);
    expect(searchTermsFor("tamatar")).toEqual(["tamatar", "tomato"]);
    expect(searchTermsFor("haldi")).toEqual(["haldi", "turmeric"]);
    expect(searchTermsFor("सोयाबीन")).toEqual(["सोयाबीन", "soybean"]);
    // As people write it, and as a recognizer may spell what it heard.
    expect(searchTermsFor("aalu")).toEqual(["aalu", "potato"]);
    expect(searchTermsFor("pyaaz")).toEqual(["pyaaz", "onion"]);
    expect(searchTermsFor("seb")).toEqual(["seb", "apple"]);
    expect(searchTermsFor("बादाम")).toEqual(["बादाम", "almond"]);
    expect(searchTermsFor("phool gobi")).toEqual(["phool gobi", "cauliflower", "phool cauliflower"]);
  });

  it("reads a produce's name in an Indian script as the catalogue spells it, in English", () => {
    expect(searchTermsFor("बासमती")).toEqual(["बासमती", "basmati"]);
    expect(searchTermsFor("बासमती चावल")).toEqual(["बासमती चावल", "basmati", "basmati rice"]);
    expect(searchTermsFor("धान")).toEqual(["धान", "paddy"]);
    expect(searchTermsFor("लाल प्याज")).toEqual(["लाल प्याज", "onion", "लाल onion"]);
    // Latin spellings of varieties stay what they are: "sharbati" is one kind of wheat.
    expect(searchTermsFor("sharbati")).toEqual(["sharbati"]);
  });

  it("reads category names through the category table", () => {
    expect(searchTermsFor("chawal")).toEqual(["chawal", "rice"]);
    expect(searchTermsFor("gehun")).toEqual(["gehun", "wheat"]);
    expect(searchTermsFor("गेहूं")).toEqual(["गेहूं", "wheat"]);
    // Typed without the nasal mark, as the issue 40 newcomer typed it.
    expect(searchTermsFor("गेहू")).toEqual(["गेहू", "wheat"]);
  });

  it("translates word by word inside a longer search", () => {
    expect(searchTermsFor("basmati chawal")).toEqual(["basmati chawal", "basmati rice"]);
    expect(searchTermsFor("nashik pyaz")).toEqual(["nashik pyaz", "nashik onion"]);
  });

  it("leaves English alone and gives nothing for an empty box", () => {
    expect(searchTermsFor("Basmati Rice")).toEqual(["basmati rice"]);
    expect(searchTermsFor("   ")).toEqual([]);
  });

  it("has no alias standing for two produce names", () => {
    const seen = new Map<string, string>();
    for (const produce of PRODUCE_ALIASES) {
      for (const alias of produce.aliases) {
        const key = normaliseSearchText(alias);
        expect(seen.get(key) ?? produce.name, `${alias} is listed twice`).toBe(produce.name);
        seen.set(key, produce.name);
      }
    }
  });
});
