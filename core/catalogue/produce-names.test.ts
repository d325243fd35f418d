import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../i18n/languages";
import { searchTermsFor } from "../search/search-terms";
import { produceColumns } from "./listing-produce";
import { matchProduce, produceById } from "./produce";
import { PRODUCE } from "./produce-list";
import { PRODUCE_NAME_TABLES, produceForOtherSpelling, produceNameIn, produceNamesIn } from "./produce-names";

describe("produce in the ten other languages (issue 40)", () => {
  it("names every produce in every language, in the language's script", () => {
    for (const [language, table] of Object.entries(PRODUCE_NAME_TABLES)) {
      expect(Object.keys(table).sort(), language).toEqual(PRODUCE.map((p) => p.id).sort());
      for (const [id, entry] of Object.entries(table)) expect(entry.name.trim(), `${language} ${id}`).not.toBe("");
    }
    expect(LANGUAGES.filter((l) => l !== "en" && l !== "hi").sort()).toEqual(Object.keys(PRODUCE_NAME_TABLES).sort());
  });

  it("reads the issue's words for onion and wheat, in every script and the Latin spellings typed", () => {
    for (const word of [
      "পেঁয়াজ",
      "ఉల్లిపాయ",
      "कांदा",
      "வெங்காயம்",
      "ડુંગળી",
      "ପିଆଜ",
      "ಈರುಳ್ಳಿ",
      "ਪਿਆਜ਼",
      "پیاز",
      "ഉള്ളി",
      "vengayam",
      "ullipaya",
      "eerulli",
      "peyaj",
      "dungli",
    ])
      expect(produceForOtherSpelling(word)?.id ?? matchProduce(word)?.id, word).toBe("onion");
    for (const word of ["kanak", "gahu", "ਕਣਕ", "गहू", "கோதுமை"]) expect(produceForOtherSpelling(word)?.id, word).toBe("wheat");
    expect(searchTermsFor("ಈರುಳ್ಳಿ")).toContain("onion");
    expect(searchTermsFor("nashik vengayam")).toContain("nashik onion");
  });

  it("leaves Latin spellings that are everyday English words to English", () => {
    expect(produceForOtherSpelling("full")).toBeUndefined();
    expect(produceForOtherSpelling("long")).toBeUndefined();
    expect(matchProduce("Full truck of Nashik onions", "vegetables", { otherLanguages: true })?.id).toBe("onion");
  });

  it("reads a listing named in another script as its produce when it is saved, exactly, never a typo away", () => {
    const onSave = { otherLanguages: true };
    expect(matchProduce("நாசிக் வெங்காயம்", "vegetables", onSave)?.id).toBe("onion");
    expect(matchProduce("ਪੰਜਾਬ ਦੀ ਕਣਕ", "wheat", onSave)?.id).toBe("wheat");
    expect(produceColumns({ name: "Nashik kanda", category: "vegetables", produceChoice: null }).produce_id).toBe("onion");
    expect(produceColumns({ name: "நாசிக் வெங்காயம்", category: "vegetables", produceChoice: null }).produce_id).toBe("onion");
    // English words a letter from a Latin spelling (pesi, dhoney, aale, gool) name nothing.
    for (const name of ["Desi ghee", "Forest honey", "Good for sale"]) expect(matchProduce(name, null, onSave), name).toBeUndefined();
    // A page draws "Compared with" from English and Hindi alone, as the browser can.
    expect(matchProduce("நாசிக் வெங்காயம்", "vegetables")).toBeUndefined();
  });

  it("shows a produce in the page's language, and sends a page only its own language's names", () => {
    expect(produceNameIn(produceById("onion")!, "ta")).toBe(PRODUCE_NAME_TABLES.ta.onion!.name);
    expect(produceNameIn(produceById("onion")!, "hi")).toBe("प्याज");
    expect(produceNameIn(produceById("onion")!, "en")).toBe("Onion");
    expect(produceNamesIn("en")).toBeNull();
    expect(produceNamesIn("hi")).toBeNull();
    expect(produceNamesIn("kn")?.onion).toBe("ಈರುಳ್ಳಿ");
  });
});
