import { describe, expect, it } from "vitest";
import {
  CITIES,
  districtName,
  districtsOf,
  findCity,
  findDistrict,
  findState,
  placeKey,
  placeLabel,
  placeNamesIn,
  placesNamed,
  placeWordsIn,
  stateName,
} from "./index";
import { STATES } from "./states";
import { HINDI_PLACE_NAMES } from "./names-hi";

const namesOf = (names: string | readonly string[] | undefined) =>
  names === undefined ? [] : typeof names === "string" ? [names] : [...names];
/** Devanagari letters and signs, with the spaces, digits, dots, hyphens and brackets names use. */
const DEVANAGARI_NAME = /^(?=.*[\u0905-\u0939])[\u0900-\u097f0-9 .()-]+$/;

describe("HINDI_PLACE_NAMES", () => {
  it("names every state, union territory and district, and nothing else", () => {
    expect(Object.keys(HINDI_PLACE_NAMES).sort()).toEqual(STATES.map((s) => s.slug).sort());
    for (const state of STATES) {
      const [, districts] = HINDI_PLACE_NAMES[state.slug]!;
      expect(Object.keys(districts).sort(), state.slug).toEqual(state.districts.map((d) => d.slug).sort());
    }
  });

  it("writes every name in Devanagari, without stray spaces", () => {
    for (const [slug, [state, districts]] of Object.entries(HINDI_PLACE_NAMES)) {
      for (const name of [...namesOf(state), ...Object.values(districts).flatMap(namesOf)]) {
        expect(name, slug).toMatch(DEVANAGARI_NAME);
        expect(name, slug).toBe(name.trim().replace(/\s+/g, " "));
        expect(name.normalize("NFC"), slug).toBe(name);
      }
    }
  });

  it("gives no two districts of a state the same name, however it is spelt", () => {
    for (const state of STATES) {
      const [, districts] = HINDI_PLACE_NAMES[state.slug]!;
      const owner = new Map<string, string>();
      for (const district of state.districts) {
        for (const name of [district.name, ...namesOf(districts[district.slug])]) {
          const key = placeKey(name);
          expect(owner.get(key) ?? district.slug, `${state.slug}: ${name}`).toBe(district.slug);
          owner.set(key, district.slug);
        }
      }
    }
  });

  it("finds every district and state by each of its Hindi names", () => {
    for (const state of STATES) {
      const [stateNames, districts] = HINDI_PLACE_NAMES[state.slug]!;
      for (const name of namesOf(stateNames)) expect(findState(name)?.slug, name).toBe(state.slug);
      for (const district of state.districts) {
        for (const name of namesOf(districts[district.slug])) expect(findDistrict(state.slug, name)?.slug, name).toBe(district.slug);
      }
    }
  });
});

describe("Hindi lookups", () => {
  it.each([
    ["नासिक", "nashik"],
    ["नाशिक", "nashik"],
    ["नासीक", "nashik"],
    ["नासिक जिला", "nashik"],
    ["ज़िला नासिक", "nashik"],
    ["छत्रपति संभाजीनगर", "chhatrapati-sambhajinagar"],
    ["औरंगाबाद", "chhatrapati-sambhajinagar"],
    ["अहमदनगर", "ahilyanagar"],
    ["रायगड", "raigad"],
    ["रायगढ़", "raigad"],
    ["रायगढ", "raigad"],
  ])("findDistrict(maharashtra, %j) is %s", (text, slug) => {
    expect(findDistrict("महाराष्ट्र", text)?.slug).toBe(slug);
  });

  it("reads a nukta typed as its own mark or within the letter, and nasal marks either way", () => {
    // ढ़ as one code point (U+095D) and as ढ + nukta; बाँदा with chandrabindu, बांदा with anusvara.
    expect(findState("छत्तीसग\u095d")?.slug).toBe("chhattisgarh");
    expect(findState("छत्तीसगढ\u093c")?.slug).toBe("chhattisgarh");
    expect(findState("छत्तीसगढ")?.slug).toBe("chhattisgarh");
    expect(findDistrict("uttar-pradesh", "बाँदा")?.slug).toBe("banda");
    expect(findDistrict("uttar-pradesh", "बांदा")?.slug).toBe("banda");
    expect(findDistrict("uttar-pradesh", "ग़ाज़ियाबाद")?.slug).toBe("ghaziabad");
    expect(findDistrict("haryana", "गुड़गांव")?.slug).toBe("gurugram");
  });

  it("keeps districts of other states apart", () => {
    expect(findDistrict("gujarat", "नासिक")).toBeUndefined();
    expect(findDistrict("bihar", "औरंगाबाद")?.slug).toBe("aurangabad");
  });
});

describe("names in Hindi", () => {
  it("labels a place in the page's language", () => {
    expect(placeLabel({ state: "maharashtra", district: "nashik" }, "hi")).toBe("नासिक, महाराष्ट्र");
    expect(placeLabel({ state: "maharashtra", district: "nashik" })).toBe("Nashik, Maharashtra");
    expect(placeLabel({ state: "chandigarh", district: "chandigarh" }, "hi")).toBe("चंडीगढ़");
    expect(placeLabel({ state: "delhi", district: null }, "hi")).toBe("दिल्ली");
    expect(placeLabel({ state: "atlantis", district: "nashik" }, "hi")).toBe("");
    expect(stateName("maharashtra", "hi")).toBe("महाराष्ट्र");
    expect(districtName("maharashtra", "mumbai", "hi")).toBe("मुंबई");
  });

  it("gives the sell form every name by slug, in Hindi and in English", () => {
    const hindi = placeNamesIn("hi");
    expect(hindi.maharashtra?.[0]).toBe("महाराष्ट्र");
    expect(hindi.maharashtra?.[1].nashik).toBe("नासिक");
    expect(Object.values(hindi).flatMap(([, d]) => Object.keys(d))).toHaveLength(781);
    expect(placeNamesIn("en").maharashtra?.[1].nashik).toBe("Nashik");
  });
});

describe("cities", () => {
  it("makes Mumbai one choice of Mumbai City and Mumbai Suburban", () => {
    expect(findCity("maharashtra", "मुंबई")?.slug).toBe("mumbai");
    expect(findCity("maharashtra", "Bombay")?.slug).toBe("mumbai");
    expect(districtsOf("maharashtra", "mumbai")).toEqual(["mumbai-city", "mumbai-suburban"]);
    expect(districtsOf("maharashtra", "nashik")).toEqual(["nashik"]);
    expect(districtsOf("delhi", "mumbai")).toEqual([]);
    for (const city of CITIES) {
      for (const district of city.districts) expect(findDistrict(city.state, district)?.slug).toBe(district);
    }
  });
});

describe("place words in a search", () => {
  it("reads a whole search naming a place, in either script", () => {
    expect(placesNamed("नासिक")).toEqual([{ state: "maharashtra", districts: ["nashik"] }]);
    expect(placesNamed("Nashik")).toEqual(placesNamed("नाशिक"));
    expect(placesNamed("मुंबई")).toEqual([{ state: "maharashtra", districts: ["mumbai-city", "mumbai-suburban"] }]);
    expect(placesNamed("दिल्ली")).toEqual([{ state: "delhi" }]);
    // A name two states use gives both.
    expect(placesNamed("बिलासपुर")).toEqual([
      { state: "chhattisgarh", districts: ["bilaspur"] },
      { state: "himachal-pradesh", districts: ["bilaspur"] },
    ]);
    expect(placesNamed("onion")).toEqual([]);
    expect(placesNamed("प्याज")).toEqual([]);
  });

  it("finds a place among other words, and leaves them", () => {
    expect(placeWordsIn("onion nashik")).toEqual({ places: [{ state: "maharashtra", districts: ["nashik"] }], rest: "onion" });
    expect(placeWordsIn("नासिक प्याज़")).toEqual({ places: [{ state: "maharashtra", districts: ["nashik"] }], rest: "प्याज़" });
    expect(placeWordsIn("basmati rice north 24 parganas")?.rest).toBe("basmati rice");
    expect(placeWordsIn("नासिक")).toEqual({ places: [{ state: "maharashtra", districts: ["nashik"] }], rest: "" });
    expect(placeWordsIn("red onion")).toBeUndefined();
    expect(placeWordsIn("x".repeat(10_000))).toBeUndefined();
  });
});
