import { describe, expect, it } from "vitest";
import {
  ALL_CATEGORIES,
  CATEGORIES,
  CATEGORY_SLUGS,
  categoriesMatching,
  getCategory,
  resolveCategory,
  type CategorySlug,
} from "./categories";

describe("CATEGORIES", () => {
  it("holds exactly the six categories, in banner order, with their banner labels", () => {
    expect(CATEGORIES.map((c) => [c.slug, c.label])).toEqual([
      ["rice", "Rice"],
      ["wheat", "Wheat"],
      ["fruits", "Fruits"],
      ["vegetables", "Vegetables"],
      ["oil-seeds", "Oil seeds"],
      ["nuts-dry-fruits", "Nuts and Dry fruits"],
    ]);
  });

  it("lists the same slugs as CATEGORY_SLUGS", () => {
    expect(CATEGORIES.map((c) => c.slug)).toEqual([...CATEGORY_SLUGS]);
  });

  it("keeps the sell-form spellings as form labels", () => {
    expect(getCategory("vegetables").formLabel).toBe("Vegetable");
    expect(getCategory("oil-seeds").formLabel).toBe("Oil Seeds");
    expect(getCategory("nuts-dry-fruits").formLabel).toBe("Nuts & Dry Fruits");
  });

  it("gives every spelling of a category to that category alone (no alias collisions)", () => {
    for (const category of CATEGORIES) {
      for (const spelling of [category.slug, category.label, category.formLabel, category.hindi, ...category.aliases]) {
        expect(resolveCategory(spelling), spelling).toBe(category.slug);
      }
    }
  });
});

describe("resolveCategory", () => {
  it.each<[string, CategorySlug]>([
    // English labels in every case the specification and people use
    ["Rice", "rice"],
    ["rice", "rice"],
    ["RICE", "rice"],
    ["Wheat", "wheat"],
    ["Fruits", "fruits"],
    ["fruit", "fruits"],
    ["Vegetable", "vegetables"],
    ["Vegetables", "vegetables"],
    ["vegetables", "vegetables"],
    ["VEGETABLES", "vegetables"],
    ["veg", "vegetables"],
    ["Oil Seeds", "oil-seeds"],
    ["Oil seeds", "oil-seeds"],
    ["oil-seeds", "oil-seeds"],
    ["oil_seeds", "oil-seeds"],
    ["  Oil   Seeds  ", "oil-seeds"],
    ["oilseeds", "oil-seeds"],
    ["Nuts & Dry Fruits", "nuts-dry-fruits"],
    ["Nuts and Dry fruits", "nuts-dry-fruits"],
    ["nuts-dry-fruits", "nuts-dry-fruits"],
    ["Nuts&Dry Fruits", "nuts-dry-fruits"],
    ["NUTS-AND-DRY-FRUITS", "nuts-dry-fruits"],
    ["dry fruits", "nuts-dry-fruits"],
  ])("resolves %j to %s", (spelling, slug) => {
    expect(resolveCategory(spelling)).toBe(slug);
  });

  it.each<[string, CategorySlug]>([
    // Hindi words and their romanised forms
    ["chawal", "rice"],
    ["Chawal", "rice"],
    ["paddy", "rice"],
    ["चावल", "rice"],
    ["gehun", "wheat"],
    ["गेहूँ", "wheat"],
    ["गेहूं", "wheat"],
    ["phal", "fruits"],
    ["फल", "fruits"],
    ["sabzi", "vegetables"],
    ["सब्ज़ी", "vegetables"],
    ["सब्जी", "vegetables"],
    ["tilhan", "oil-seeds"],
    ["तिलहन", "oil-seeds"],
    ["mewa", "nuts-dry-fruits"],
    ["मेवे", "nuts-dry-fruits"],
  ])("resolves the Hindi or alias spelling %j to %s", (spelling, slug) => {
    expect(resolveCategory(spelling)).toBe(slug);
  });

  it("treats the composed and decomposed forms of a nukta letter alike", () => {
    const composed = "\u0938\u092C\u094D\u095B\u0940"; // ज़ as one code point
    const decomposed = "\u0938\u092C\u094D\u091C\u093C\u0940"; // ज + nukta
    expect(resolveCategory(composed)).toBe("vegetables");
    expect(resolveCategory(decomposed)).toBe("vegetables");
  });

  it.each([["Cars"], ["Mobiles"], ["Select Category"], ["vegetables please"], [""], ["   "], ["-"]])(
    "names no category for %j",
    (spelling) => {
      expect(resolveCategory(spelling)).toBeUndefined();
    },
  );

  it("names no category for null or undefined", () => {
    expect(resolveCategory(null)).toBeUndefined();
    expect(resolveCategory(undefined)).toBeUndefined();
  });
});

describe("categoriesMatching", () => {
  it.each<[string, CategorySlug[]]>([
    ["Vegetables", ["vegetables"]],
    ["Nuts & Dry Fruits", ["nuts-dry-fruits"]],
    ["dry fruits", ["nuts-dry-fruits"]],
    ["chawal", ["rice"]],
  ])("finds the category an exact spelling %j names", (text, slugs) => {
    expect(categoriesMatching(text)).toEqual(slugs);
  });

  it("finds an exact spelling even when it is shorter than three characters", () => {
    expect(categoriesMatching("फल")).toEqual(["fruits"]);
  });

  it.each<[string, CategorySlug[]]>([
    ["ric", ["rice"]],
    ["whe", ["wheat"]],
    ["vege", ["vegetables"]],
    ["oil", ["oil-seeds"]],
    ["OIL", ["oil-seeds"]],
    ["gehu", ["wheat"]],
    ["sab", ["vegetables"]],
    ["nut", ["nuts-dry-fruits"]],
  ])("finds categories whose spelling starts with %j", (text, slugs) => {
    expect(categoriesMatching(text)).toEqual(slugs);
  });

  it.each<[string, CategorySlug[]]>([
    ["see", ["oil-seeds"]],
    ["seeds", ["oil-seeds"]],
    ["dry", ["nuts-dry-fruits"]],
    ["Dry Fruit", ["nuts-dry-fruits"]],
  ])("finds categories with a later word starting %j", (text, slugs) => {
    expect(categoriesMatching(text)).toEqual(slugs);
  });

  it("returns every category a prefix reaches, each once", () => {
    const found = categoriesMatching("fru");
    expect([...found].sort()).toEqual(["fruits", "nuts-dry-fruits"]);
    expect(new Set(found).size).toBe(found.length);
  });

  it.each([["ice"], ["eat"], ["tables"], ["eeds"]])("does not match %j inside a word", (text) => {
    expect(categoriesMatching(text)).toEqual([]);
  });

  it.each([["v"], ["ve"], ["ri"], ["oi"]])("returns nothing for the short non-spelling %j", (text) => {
    expect(categoriesMatching(text)).toEqual([]);
  });

  it.each([[""], ["   "], ["tractor"], ["Cars"]])("returns nothing for %j", (text) => {
    expect(categoriesMatching(text)).toEqual([]);
  });
});

describe("getCategory", () => {
  it.each(CATEGORY_SLUGS.map((slug) => [slug]))("returns the category for %s", (slug) => {
    expect(getCategory(slug).slug).toBe(slug);
  });

  it("returns the full record", () => {
    expect(getCategory("rice")).toMatchObject({ slug: "rice", label: "Rice", formLabel: "Rice", hindi: "चावल" });
  });

  it("throws for a slug that is not a category", () => {
    expect(() => getCategory("cars" as CategorySlug)).toThrow(/Unknown category slug: cars/);
  });
});

describe("ALL_CATEGORIES", () => {
  it("is the query value 'all', which is neither a slug nor a spelling of one", () => {
    expect(ALL_CATEGORIES).toBe("all");
    expect(CATEGORY_SLUGS).not.toContain(ALL_CATEGORIES);
    expect(resolveCategory(ALL_CATEGORIES)).toBeUndefined();
  });
});
