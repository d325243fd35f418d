import { describe, expect, it } from "vitest";
import { browseQuerySchema, homeQuerySchema, SORTS, suggestQuerySchema } from "./search-query";
import { searchParamsToObject } from "../shared/form-fields";

describe("browseQuerySchema", () => {
  it("gives every missing key its default", () => {
    expect(browseQuerySchema.parse({})).toEqual({
      q: "",
      category: "",
      page: 1,
      sort: "newest",
      by: "any",
      min: "",
      max: "",
      state: "",
      district: "",
      grade: "",
      from: "",
      price: {},
    });
  });

  it("keeps good values", () => {
    expect(
      browseQuerySchema.parse({
        q: "basmati",
        category: "Rice",
        page: "3",
        sort: "price-asc",
        by: "name",
        min: "40",
        max: "1,250.50",
        state: "Maharashtra",
        district: "nasik",
        grade: "a",
      }),
    ).toEqual({
      q: "basmati",
      category: "Rice",
      page: 3,
      sort: "price-asc",
      by: "name",
      min: "40",
      max: "1,250.50",
      state: "maharashtra",
      district: "nashik",
      grade: "A",
      from: "",
      price: { minPaise: 4000, maxPaise: 125050 },
    });
  });

  it.each<[string, number]>([
    ["1", 1],
    ["2", 2],
    ["999999", 999999],
  ])("reads page %j as %i", (page, expected) => {
    expect(browseQuerySchema.parse({ page }).page).toBe(expected);
  });

  it.each([["-1"], ["abc"], ["0"], ["9999999"], [""], ["2.5"], [" 2"], ["1e3"], ["0x10"], ["٣"]])(
    "reads the bad page %j as page 1",
    (page) => {
      expect(browseQuerySchema.parse({ page }).page).toBe(1);
    },
  );

  it.each([[2], [null], [["2"]]])("reads the non-text page %j as page 1", (page) => {
    expect(browseQuerySchema.parse({ page }).page).toBe(1);
  });

  it.each(SORTS.map((sort) => [sort]))("accepts the sort %s", (sort) => {
    expect(browseQuerySchema.parse({ sort }).sort).toBe(sort);
  });

  it.each([["cheapest"], ["NEWEST"], [""], ["price"], [["oldest"]]])("reads the unknown sort %j as newest", (sort) => {
    expect(browseQuerySchema.parse({ sort }).sort).toBe("newest");
  });

  it.each<[unknown, string]>([
    ["name", "name"],
    ["any", "any"],
    ["NAME", "any"],
    ["category", "any"],
    ["", "any"],
    [undefined, "any"],
  ])("reads by=%j as %s", (by, expected) => {
    expect(browseQuerySchema.parse({ by }).by).toBe(expected);
  });

  it("trims the search text and cuts it to 80 characters", () => {
    expect(browseQuerySchema.parse({ q: "  dry fruits  " }).q).toBe("dry fruits");
    const long = "a".repeat(50) + "b".repeat(100);
    expect(browseQuerySchema.parse({ q: long }).q).toBe("a".repeat(50) + "b".repeat(30));
    expect(browseQuerySchema.parse({ q: `   ${"c".repeat(200)}` }).q).toBe("c".repeat(80));
  });

  it("keeps the raw category text, even one that names no category", () => {
    expect(browseQuerySchema.parse({ category: " Oil Seeds " }).category).toBe("Oil Seeds");
    expect(browseQuerySchema.parse({ category: "Cars" }).category).toBe("Cars");
    expect(browseQuerySchema.parse({ category: "x".repeat(100) }).category).toHaveLength(80);
  });

  it("drops keys it does not know", () => {
    expect(browseQuerySchema.parse({ admin: "1" })).not.toHaveProperty("admin");
  });

  it.each<[string, string, object]>([
    ["0", "", { minPaise: 0 }],
    ["", "₹80", { maxPaise: 8000 }],
    ["abc", "80", { maxPaise: 8000, problem: "Please enter the lowest price in rupees, like 40 or 45.50." }],
    ["40", "lots", { minPaise: 4000, problem: "Please enter the highest price in rupees, like 40 or 45.50." }],
    ["-5", "", { problem: "The lowest price cannot be below ₹0. Please enter 0 or more." }],
    ["", "-1", { problem: "The highest price cannot be below ₹0. Please enter 0 or more." }],
    ["90", "40", { problem: "The lowest price is more than the highest. Please swap them or change one." }],
    ["1.234", "", { problem: "Please enter the lowest price in rupees, like 40 or 45.50." }],
    // Above the highest price a listing may have, read as that price (it finds the same): a saved
    // search kept the bound as typed and could not read it back.
    ["10,00,000", "", { minPaise: 100_000_000 }],
    ["10,00,000.01", "", { minPaise: 100_000_000 }],
    ["40", "99999999999", { minPaise: 4000, maxPaise: 100_000_000 }],
  ])("reads the price range min=%j max=%j, ignoring and explaining bad bounds", (min, max, price) => {
    expect(browseQuerySchema.parse({ min, max }).price).toEqual(price);
  });

  it("parses a query string through searchParamsToObject", () => {
    const params = new URLSearchParams("q=dry+fruits&page=2&page=5&sort=bogus&by=name");
    expect(browseQuerySchema.parse(searchParamsToObject(params))).toEqual({
      q: "dry fruits",
      category: "",
      page: 2,
      sort: "newest",
      by: "name",
      min: "",
      max: "",
      from: "",
      state: "",
      district: "",
      grade: "",
      price: {},
    });
  });

  it("drops a place that does not exist, or a district of another state", () => {
    expect(browseQuerySchema.parse({ state: "Atlantis", district: "nashik" })).toMatchObject({ state: "", district: "" });
    expect(browseQuerySchema.parse({ state: "delhi", district: "nashik" })).toMatchObject({ state: "delhi", district: "" });
    expect(browseQuerySchema.parse({ state: "महाराष्ट्रा\u0000" })).toMatchObject({ state: "" });
  });

  it("reads places by their Hindi names, and a city as one choice", () => {
    // A NUL is no letter: dropped, as from an English name.
    expect(browseQuerySchema.parse({ state: "महाराष्ट्र\u0000", district: "नाशिक" })).toMatchObject({
      state: "maharashtra",
      district: "nashik",
    });
    expect(browseQuerySchema.parse({ state: "maharashtra", district: "मुंबई" })).toMatchObject({ state: "maharashtra", district: "mumbai" });
    expect(browseQuerySchema.parse({ state: "maharashtra", district: "mumbai" })).toMatchObject({ district: "mumbai" });
    expect(browseQuerySchema.parse({ state: "maharashtra", district: "mumbai-city" })).toMatchObject({ district: "mumbai-city" });
    expect(browseQuerySchema.parse({ state: "delhi", district: "mumbai" })).toMatchObject({ state: "delhi", district: "" });
  });
});

describe("homeQuerySchema", () => {
  it("gives every missing key its default", () => {
    expect(homeQuerySchema.parse({})).toEqual({ category: "", created: undefined, account: false, asked: "" });
  });

  it("reads account=deleted as true and anything else as false", () => {
    expect(homeQuerySchema.parse({ account: "deleted" }).account).toBe(true);
    for (const account of ["1", "DELETED", "", ["deleted"], true]) {
      expect(homeQuerySchema.parse({ account }).account, String(account)).toBe(false);
    }
  });

  it("reads created=<listing id> as that id and anything else as nothing", () => {
    const id = "0b4f6c1e-8d2a-4c55-9a1e-3f2b7c9d0e11";
    expect(homeQuerySchema.parse({ created: id }).created).toBe(id);
    for (const created of ["1", "true", "", `${id}x`, "/evil.example", [id], 1, true]) {
      expect(homeQuerySchema.parse({ created }).created, String(created)).toBeUndefined();
    }
  });

  it("trims and cuts the category text", () => {
    expect(homeQuerySchema.parse({ category: " all " }).category).toBe("all");
    expect(homeQuerySchema.parse({ category: "v".repeat(90) }).category).toBe("v".repeat(80));
  });
});

describe("suggestQuerySchema", () => {
  it("trims the text and defaults it to empty", () => {
    expect(suggestQuerySchema.parse({ q: "  bas " })).toEqual({ q: "bas" });
    expect(suggestQuerySchema.parse({})).toEqual({ q: "" });
  });
});

describe("browseQuerySchema: nearest first (decision 024)", () => {
  it("reads the district to sort from, by slug or name, and drops an unknown one", () => {
    expect(browseQuerySchema.parse({ sort: "near", from: "maharashtra/nashik" })).toMatchObject({
      sort: "near",
      from: "maharashtra/nashik",
    });
    expect(browseQuerySchema.parse({ sort: "near", from: "Maharashtra/Nasik" }).from).toBe("maharashtra/nashik");
    for (const from of ["atlantis/x", "maharashtra", "/", "a".repeat(500), "maharashtra/nashik/extra"]) {
      expect(browseQuerySchema.parse({ sort: "near", from }).from === "" || from.endsWith("extra"), from).toBe(true);
    }
  });
  it("rounds the phone's position to 0.1° and drops one outside India or not a number", () => {
    expect(browseQuerySchema.parse({ lat: "19.99734", lon: "73.78912" })).toMatchObject({ lat: 20, lon: 73.8 });
    for (const [lat, lon] of [
      ["51.5", "-0.1"],
      ["abc", "73"],
      ["1e3", "73"],
      ["", ""],
      ["19.9", ""],
      ["NaN", "Infinity"],
    ]) {
      const parsed = browseQuerySchema.parse({ lat, lon });
      expect(parsed.lat === undefined && parsed.lon === undefined, `${lat},${lon}`).toBe(true);
    }
  });
});
