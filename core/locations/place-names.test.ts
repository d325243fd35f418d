import { describe, expect, it } from "vitest";
import { districtName, findDistrict, placeLabel, stateName } from "./index";
import { PLACE_NAME_TABLES, transliterateHindiName } from "./place-names";
import { STATE_DATA } from "./data";
import { LANGUAGE_SCRIPT } from "../i18n/language-scripts";

describe("places in the ten other languages (issue 40)", () => {
  it("names a lot in its region's language from that language's table", () => {
    expect(districtName("maharashtra", "nashik", "mr")).toBe("नाशिक");
    expect(districtName("tamil-nadu", "erode", "ta")).toBe("ஈரோடு");
    expect(districtName("karnataka", "kolar", "kn")).toBe("ಕೋಲಾರ");
    expect(districtName("kerala", "kollam", "ml")).toBe("കൊല്ലം");
    expect(placeLabel({ state: "tamil-nadu", district: "erode" }, "ta")).toBe(`ஈரோடு, ${stateName("tamil-nadu", "ta")}`);
  });

  it("names every state in every language, and never in Latin letters", () => {
    for (const [language, table] of Object.entries(PLACE_NAME_TABLES)) {
      expect(Object.keys(table.states).length, language).toBe(36);
      for (const name of Object.values(table.states)) expect(name, `${language} ${name}`).not.toMatch(/[A-Za-z]/);
    }
  });

  it("writes a district from outside the language's region in its script, from the Hindi name as it is said", () => {
    expect(transliterateHindiName("नासिक", "te")).toBe("నాసిక్");
    expect(transliterateHindiName("महाराष्ट्र", "ta")).toBe("மஹாராஷ்ட்ர");
    expect(transliterateHindiName("कोल्लम", "ml")).toBe("കോല്ലം");
    expect(transliterateHindiName("कोलार", "ml")).toBe("കോലാർ");
    expect(transliterateHindiName("लुधियाना", "ur")).toBe("لدھیانا");
    expect(transliterateHindiName("नासिक", "mr")).toBe("नासिक");
    // A Tamil district on a Bengali page: Bengali letters, no Latin ones.
    expect(districtName("tamil-nadu", "erode", "bn")).toMatch(/^[\u0980-\u09ff ]+$/u);
    for (const language of ["bn", "te", "ta", "gu", "or", "kn", "pa", "ur", "ml"] as const)
      expect(districtName("bihar", "patna", language), language).not.toMatch(/[A-Za-z]/);
  });

  it("writes Hindi's dotted letters (ड़ ज़ फ़) in each script's own way, with no Devanagari sign left", () => {
    // sanscript passed the nukta through: "पलक्कड़" was "পলক্কড\u093c" on a Bengali page.
    expect(transliterateHindiName("पलक्कड़", "bn")).toBe("পলক্কড\u09bc");
    expect(transliterateHindiName("बाड़मेर", "pa")).toBe("ਬਾੜਮੇਰ");
    expect(transliterateHindiName("फ़िरोज़पुर", "pa")).toBe("ਫ\u0a3cਿਰੋਜ\u0a3cਪੁਰ");
    expect(transliterateHindiName("ग़ाज़ियाबाद", "ur")).toBe("غازیاباد");
    expect(transliterateHindiName("गढ़वा", "ur")).toBe("گڑھوا");
    expect(transliterateHindiName("पलक्कड़", "ta")).toBe("பலக்கட்");
  });

  it("writes every state and district in every language in that language's script alone", () => {
    const strays: string[] = [];
    for (const language of ["bn", "te", "ta", "gu", "or", "kn", "pa", "ur", "ml"] as const) {
      const script = LANGUAGE_SCRIPT[language];
      for (const state of STATE_DATA) {
        const names = [stateName(state.slug, language), ...state.districts.map(([slug]) => districtName(state.slug, slug, language))];
        for (const name of names) if ([...name].some((c) => /\p{L}|\p{M}/u.test(c) && !script.test(c))) strays.push(`${language}: ${name}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it("names the footer's cities as each language does, not by transliteration", () => {
    expect(districtName("maharashtra", "mumbai", "ur")).toBe("ممبئی");
    expect(districtName("tamil-nadu", "chennai", "ml")).toBe("ചെന്നൈ");
    expect(districtName("west-bengal", "kolkata", "ta")).toBe("கொல்கத்தா");
  });

  it("finds a place by its name in any language's table", () => {
    expect(findDistrict("tamil-nadu", "ஈரோடு")?.slug).toBe("erode");
    expect(findDistrict("karnataka", "ಕೋಲಾರ")?.slug).toBe("kolar");
  });
});
