import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "./categories";
import { normaliseSearchText } from "../search/search-text";
import { PRODUCE_ALIASES } from "./produce-aliases";
import { matchProduce } from "./produce";
import { PRODUCE } from "./produce-list";

const idOf = (name: string, category?: (typeof CATEGORY_SLUGS)[number] | null) => matchProduce(name, category)?.id;

describe("the produce catalogue", () => {
  it("has unique ids in kebab-case, and every produce a Hindi name in Devanagari", () => {
    const ids = PRODUCE.map((produce) => produce.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const produce of PRODUCE) {
      expect(produce.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(produce.hi).toMatch(/[\u0900-\u097f]/);
      expect(produce.category === null || CATEGORY_SLUGS.includes(produce.category)).toBe(true);
    }
  });

  it("gives no spelling to two produce, so a name never means two things", () => {
    const owner = new Map<string, string>();
    for (const produce of PRODUCE) {
      for (const spelling of [produce.en, produce.hi, ...produce.aliases]) {
        const key = normaliseSearchText(spelling)
          .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
          .trim();
        const before = owner.get(key);
        expect(before === undefined || before === produce.id, `"${spelling}" is both ${before} and ${produce.id}`).toBe(true);
        owner.set(key, produce.id);
      }
    }
  });

  it("knows every produce search already knows, by the same aliases", () => {
    for (const entry of PRODUCE_ALIASES) {
      const produce = PRODUCE.find((candidate) => candidate.searchName === entry.name);
      expect(produce, `search's "${entry.name}" has no catalogue entry`).toBeDefined();
      for (const alias of entry.aliases) expect(matchProduce(alias)?.id).toBe(produce!.id);
    }
  });
});

describe("matchProduce", () => {
  it.each([
    ["Nashik red onion", "vegetables", "onion"],
    ["pyaz", "vegetables", "onion"],
    ["प्याज़ (लाल)", "vegetables", "onion"],
    ["Kolam rice", "rice", "rice"],
    ["1121 Basmati Chawal", "rice", "basmati-rice"],
    ["Sharbati wheat", "wheat", "wheat"],
    ["गेहूं लोकवन", "wheat", "wheat"],
    ["Sweet potato", "vegetables", "sweet-potato"],
    ["Fresh potatoes", "vegetables", "potato"],
    ["Tomatoes, hybrid", "vegetables", "tomato"],
    ["Green gram", "wheat", "moong"],
    ["Desi chana", "wheat", "chana"],
    ["Lal mirch Guntur", "vegetables", "dry-chilli"],
    ["Hari mirch", "vegetables", "green-chilli"],
    ["Bhindi", "vegetables", "okra"],
    ["Lady finger", "vegetables", "okra"],
    ["Alphonso mango", "fruits", "mango"],
    ["Custard apple", "fruits", "custard-apple"],
    ["Shimla apple", "fruits", "apple"],
    ["Sweet lime", "fruits", "mosambi"],
    ["California almonds", "nuts-dry-fruits", "almond"],
    ["Mustard seed", "oil-seeds", "mustard"],
    ["Dhan", "rice", "paddy"],
    ["tomatto", "vegetables", "tomato"],
    // Produce added from the mandis' reports (decision 049), by the words a farmer types.
    ["Kapas", "vegetables", "cotton"],
    ["Narma cotton", null, "cotton"],
    ["कपास", null, "cotton"],
    ["Hara pyaz", "vegetables", "onion-green"],
    ["Spring onions", "vegetables", "onion-green"],
    ["Tori", "vegetables", "ridge-gourd"],
    ["तोरई", "vegetables", "ridge-gourd"],
    ["Ghiya tori", "vegetables", "sponge-gourd"],
    ["Chichinda", "vegetables", "snake-gourd"],
    ["Chukandar", "vegetables", "beetroot"],
    ["Chaulai saag", "vegetables", "amaranth"],
    ["Petha kaddu", "vegetables", "ash-gourd"],
    ["Arbi", "vegetables", "colocasia"],
    ["Pudina", "vegetables", "mint"],
    ["Methi", "vegetables", "fenugreek-leaves"],
    ["Methi dana", null, "fenugreek-seed"],
    ["Parwal", "vegetables", "pointed-gourd"],
    ["Kundru", "vegetables", "ivy-gourd"],
    ["Jimikand", "vegetables", "elephant-yam"],
    ["Ganth gobhi", "vegetables", "knol-khol"],
    ["Shalgam", "vegetables", "turnip"],
    ["Tinda", "vegetables", "tinda"],
    ["Kachcha kela", "vegetables", "raw-banana"],
    ["Kela", "fruits", "banana"],
    ["Sonth", null, "dry-ginger"],
    ["Adrak", "vegetables", "ginger"],
    ["Sukhi matar", null, "dry-peas"],
    ["Matar", "vegetables", "peas"],
    ["Toor dal", null, "tur-dal"],
    ["Arhar", null, "tur"],
    ["Chana dal", null, "chana-dal"],
    ["Jeera", null, "cumin"],
    ["Jeera samba rice", "rice", "rice"],
    ["Jeera rice", "rice", "rice"],
    ["Dhaniya seeds", null, "coriander-seed"],
    ["Kali mirch", "vegetables", "black-pepper"],
    ["Aloo bukhara", null, "plum"],
    ["Sabut dhaniya", null, "coriander-seed"],
    ["Hara dhaniya", "vegetables", "coriander"],
    ["Kali mirch", null, "black-pepper"],
    ["Lal mirch", null, "dry-chilli"],
    ["Saunf", null, "fennel"],
    ["Elaichi", null, "cardamom"],
    ["Imli", null, "tamarind"],
    ["Gur", null, "jaggery"],
    ["Amla", "fruits", "amla"],
    ["Nashpati", "fruits", "pear"],
    ["Aloo bukhara", "fruits", "plum"],
    ["Aloo", "vegetables", "potato"],
    ["Kinnow", "fruits", "orange"],
    ["Khopra", null, "copra"],
    ["Nariyal", "fruits", "coconut"],
  ] as const)("reads %s (%s) as %s", (name, category, id) => {
    expect(idOf(name, category)).toBe(id);
  });

  it("names nothing when the name holds no produce", () => {
    expect(idOf("Fresh farm produce", "vegetables")).toBeUndefined();
    expect(idOf("", "rice")).toBeUndefined();
    expect(idOf("<script>alert(1)</script>")).toBeUndefined();
    expect(idOf("a".repeat(5000))).toBeUndefined();
  });

  it("prefers a produce of the listing's category when the name could mean two", () => {
    // "Kesar" is a mango; "sitaphal" alone is custard apple, "sitaphal kaddu" a pumpkin.
    expect(idOf("Sitaphal kaddu", "vegetables")).toBe("pumpkin");
    expect(idOf("Sitaphal", "fruits")).toBe("custard-apple");
    // Rice listed with a pulse in its name: the rice category decides.
    expect(idOf("Rice and moong khichdi mix", "rice")).toBe("rice");
  });
});
