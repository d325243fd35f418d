import { describe, expect, it } from "vitest";
import { parseWith } from "../shared/form-fields";
import { STATE_DATA } from "./data";
import { locationFieldsSchema } from "./schema";
import {
  MAX_PLACE_LENGTH,
  PIN_AREAS,
  districtName,
  districtsOf,
  findDistrict,
  findState,
  normalisePin,
  pinStateProblem,
  placeLabel,
  stateName,
} from "./index";
import { STATES } from "./states";
import { POPULAR_LOCATIONS } from "./popular";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe("STATES", () => {
  it("has India's 28 states and 8 union territories", () => {
    expect(STATES).toHaveLength(36);
    expect(STATES.filter((s) => s.kind === "state")).toHaveLength(28);
    expect(STATES.filter((s) => s.kind === "union-territory").map((s) => s.slug)).toEqual([
      "andaman-and-nicobar-islands",
      "chandigarh",
      "dadra-and-nagar-haveli-and-daman-and-diu",
      "delhi",
      "jammu-and-kashmir",
      "ladakh",
      "lakshadweep",
      "puducherry",
    ]);
  });

  it("has more than 700 districts (781 as of mid-2025)", () => {
    const total = STATES.reduce((sum, s) => sum + s.districts.length, 0);
    expect(total).toBeGreaterThan(700);
    expect(total).toBe(781);
  });

  it.each([
    ["maharashtra", 36],
    ["uttar-pradesh", 75],
    ["delhi", 11],
    ["tamil-nadu", 38],
    ["telangana", 33],
    ["andhra-pradesh", 26],
    ["assam", 35],
    ["west-bengal", 23],
    ["goa", 2],
    ["rajasthan", 41],
    ["madhya-pradesh", 55],
    ["gujarat", 34],
    ["uttarakhand", 13],
    ["karnataka", 31],
    ["bihar", 38],
    ["chandigarh", 1],
  ])("%s has %i districts", (slug, count) => {
    expect(STATES.find((s) => s.slug === slug)?.districts).toHaveLength(count);
  });

  it("has unique, well-formed state slugs and names", () => {
    expect(new Set(STATES.map((s) => s.slug)).size).toBe(STATES.length);
    expect(new Set(STATES.map((s) => s.name)).size).toBe(STATES.length);
    for (const state of STATES) expect(state.slug).toMatch(SLUG);
  });

  it("has well-formed district slugs, unique within each state, and names without stray spaces", () => {
    for (const state of STATES) {
      expect(state.districts.length, state.slug).toBeGreaterThan(0);
      expect(new Set(state.districts.map((d) => d.slug)).size, state.slug).toBe(state.districts.length);
      expect(new Set(state.districts.map((d) => d.name)).size, state.slug).toBe(state.districts.length);
      for (const district of state.districts) {
        expect(district.slug, `${state.slug}/${district.name}`).toMatch(SLUG);
        expect(district.name, state.slug).toBe(district.name.trim());
        expect(district.name, state.slug).not.toMatch(/\s{2}/);
      }
    }
  });

  it("lists districts alphabetically", () => {
    const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    for (const state of STATES) {
      const names = state.districts.map((d) => fold(d.name));
      expect(names, state.slug).toEqual([...names].sort());
    }
  });

  it("gives every other name to one district only, and every state name to one state only", () => {
    for (const raw of STATE_DATA) {
      for (const [slug, ...names] of raw.districts) {
        for (const name of [slug, ...names]) expect(findDistrict(raw.slug, name)?.slug, `${raw.slug}: ${name}`).toBe(slug);
      }
      for (const name of [raw.slug, raw.name, ...raw.aka]) expect(findState(name)?.slug, name).toBe(raw.slug);
    }
  });

  it("is frozen, so no caller can change the shared table", () => {
    const maharashtra = STATES.find((s) => s.slug === "maharashtra")!;
    expect(Object.isFrozen(STATES)).toBe(true);
    expect(Object.isFrozen(maharashtra)).toBe(true);
    expect(Object.isFrozen(maharashtra.districts)).toBe(true);
    expect(Object.isFrozen(maharashtra.districts[0])).toBe(true);
  });
});

describe("findState", () => {
  it.each([
    ["maharashtra", "maharashtra"],
    ["Maharashtra", "maharashtra"],
    ["  MAHARASHTRA ", "maharashtra"],
    ["Tamil Nadu", "tamil-nadu"],
    ["tamil-nadu", "tamil-nadu"],
    ["TamilNadu", "tamil-nadu"],
    ["tamil   nadu", "tamil-nadu"],
    ["Jammu & Kashmir", "jammu-and-kashmir"],
    ["jammu-and-kashmir", "jammu-and-kashmir"],
    ["J&K", "jammu-and-kashmir"],
    ["Delhi", "delhi"],
    ["NCT of Delhi", "delhi"],
    ["Andaman & Nicobar Islands", "andaman-and-nicobar-islands"],
    ["Daman and Diu", "dadra-and-nagar-haveli-and-daman-and-diu"],
  ])("finds %j", (text, slug) => {
    expect(findState(text)?.slug).toBe(slug);
  });

  it.each([
    ["Orissa", "odisha"],
    ["Pondicherry", "puducherry"],
    ["Uttaranchal", "uttarakhand"],
    ["Chattisgarh", "chhattisgarh"],
  ])("finds the old name %j", (text, slug) => {
    expect(findState(text)?.slug).toBe(slug);
  });

  it.each([
    [""],
    ["   "],
    ["महाराष्ट्रा"],
    ["महाराष्ट्र Maharashtra"],
    ["Maharashtraa"],
    ["Bombay"],
    ["Nashik"],
    ["..."],
    ["\uD800"],
    ["a".repeat(100_000)],
    ["Maharashtra".repeat(20)],
  ])("finds nothing for %j, without throwing", (text) => {
    expect(findState(text)).toBeUndefined();
  });

  it("finds nothing for values that are not text (from untyped callers)", () => {
    expect(findState(undefined as unknown as string)).toBeUndefined();
    expect(findState(42 as unknown as string)).toBeUndefined();
  });
});

describe("findDistrict", () => {
  it.each([
    ["maharashtra", "Nashik", "nashik"],
    ["maharashtra", "nashik", "nashik"],
    ["maharashtra", "NASHIK ", "nashik"],
    ["maharashtra", "Nashik district", "nashik"],
    ["maharashtra", "mumbai-suburban", "mumbai-suburban"],
    ["maharashtra", "Mumbai Suburban", "mumbai-suburban"],
    ["maharashtra", "Mumbai City", "mumbai-city"],
    ["west-bengal", "Kolkata", "kolkata"],
    ["tamil-nadu", "chennai", "chennai"],
    ["uttarakhand", "Rudra Prayag", "rudraprayag"],
    ["telangana", "Medchal–Malkajgiri", "medchal-malkajgiri"],
    ["nagaland", "Chumoukedima", "chumoukedima"],
    ["nagaland", "Chümoukedima", "chumoukedima"],
    ["andhra-pradesh", "Dr. B.R. Ambedkar Konaseema", "konaseema"],
    ["punjab", "S.A.S. Nagar", "sas-nagar"],
    ["punjab", "Mohali", "sas-nagar"],
    ["delhi", "New Delhi", "new-delhi"],
  ])("finds %j / %j", (state, text, slug) => {
    expect(findDistrict(state, text)?.slug).toBe(slug);
  });

  it.each([
    ["maharashtra", "Aurangabad", "chhatrapati-sambhajinagar"],
    ["maharashtra", "Osmanabad", "dharashiv"],
    ["maharashtra", "Ahmednagar", "ahilyanagar"],
    ["uttar-pradesh", "Allahabad", "prayagraj"],
    ["haryana", "Gurgaon", "gurugram"],
    ["karnataka", "Bangalore", "bengaluru-urban"],
    ["karnataka", "Ramanagara", "bengaluru-south"],
    ["assam", "Karimganj", "sribhumi"],
    ["madhya-pradesh", "Hoshangabad", "narmadapuram"],
  ])("finds the old name %j / %j", (state, text, slug) => {
    expect(findDistrict(state, text)?.slug).toBe(slug);
  });

  it("looks only within the given state", () => {
    expect(findDistrict("maharashtra", "Kolkata")).toBeUndefined();
    // Aurangabad is a district of Bihar, and Maharashtra's old name for Chhatrapati Sambhajinagar.
    expect(findDistrict("bihar", "Aurangabad")?.slug).toBe("aurangabad");
    expect(findDistrict("bihar", "Aurangabad")?.name).toBe("Aurangabad");
    // Bilaspur: Chhattisgarh and Himachal Pradesh.
    expect(findDistrict("chhattisgarh", "bilaspur")).toBeDefined();
    expect(findDistrict("himachal-pradesh", "bilaspur")).toBeDefined();
  });

  it("takes the state by name too", () => {
    expect(findDistrict("Maharashtra", "Nashik")?.slug).toBe("nashik");
  });

  it.each([
    ["maharashtra", ""],
    ["maharashtra", "नाशिकक"],
    ["gujarat", "नाशिक"],
    ["maharashtra", "Nashikk"],
    ["maharashtra", "\u0000"],
    ["maharashtra", "x".repeat(10_000)],
    ["atlantis", "Nashik"],
    ["", "Nashik"],
  ])("finds nothing for %j / %j, without throwing", (state, text) => {
    expect(findDistrict(state, text)).toBeUndefined();
  });
});

describe("placeLabel", () => {
  it("shows district and state", () => {
    expect(placeLabel({ state: "maharashtra", district: "nashik" })).toBe("Nashik, Maharashtra");
    expect(placeLabel({ state: "maharashtra", district: "mumbai-suburban" })).toBe("Mumbai Suburban, Maharashtra");
    expect(placeLabel({ state: "delhi", district: "new-delhi" })).toBe("New Delhi, Delhi");
  });

  it("shows the state alone with no district", () => {
    expect(placeLabel({ state: "maharashtra" })).toBe("Maharashtra");
    expect(placeLabel({ state: "maharashtra", district: null })).toBe("Maharashtra");
    expect(placeLabel({ state: "maharashtra", district: "" })).toBe("Maharashtra");
  });

  it("does not repeat a name when district and state share it", () => {
    expect(placeLabel({ state: "chandigarh", district: "chandigarh" })).toBe("Chandigarh");
  });

  it("shows the state alone for a district it does not have", () => {
    expect(placeLabel({ state: "maharashtra", district: "kolkata" })).toBe("Maharashtra");
  });

  it("shows nothing for an unknown state, or names instead of slugs", () => {
    expect(placeLabel({ state: "atlantis", district: "nashik" })).toBe("");
    expect(placeLabel({ state: "Maharashtra", district: "Nashik" })).toBe("");
    expect(placeLabel({})).toBe("");
    expect(placeLabel({ state: null, district: null })).toBe("");
  });
});

describe("normalisePin", () => {
  it.each([
    ["422001", "422001"],
    ["422 001", "422001"],
    [" 422001 ", "422001"],
    ["4 2 2 0 0 1", "422001"],
    ["422\u00a0001", "422001"],
    ["110001", "110001"],
    ["999999", "999999"],
  ])("reads %j as %j", (text, pin) => {
    expect(normalisePin(text)).toBe(pin);
  });

  it.each([
    ["４２２００１", "422001"],
    ["४२२००१", "422001"],
    ["४२२ ००१", "422001"],
    ["৭০০০০১", "700001"],
    ["௬௦௦௦௦௧", "600001"],
  ])("reads fullwidth and Indian-script digits %j as %j", (text, pin) => {
    expect(normalisePin(text)).toBe(pin);
  });

  it.each([
    [""],
    ["42200"],
    ["4220011"],
    ["022001"],
    ["000000"],
    ["42200a"],
    ["PIN422001"],
    ["422-001"],
    ["422.001"],
    ["42２００"],
    ["٤٢٢٠٠١"],
    ["4".repeat(1000)],
  ])("rejects %j", (text) => {
    expect(normalisePin(text)).toBeUndefined();
  });
});

describe("pinStateProblem", () => {
  it("says where the PIN code is", () => {
    expect(pinStateProblem("110001", "maharashtra")).toBe("PIN code 110001 is in Delhi, not Maharashtra. Please check it.");
    expect(pinStateProblem("422 001", "kerala")).toBe("PIN code 422001 is in Maharashtra or Goa, not Kerala. Please check it.");
    expect(pinStateProblem("799001", "kerala")).toBe("PIN code 799001 is in the North-Eastern states, not Kerala. Please check it.");
    expect(pinStateProblem("600001", "delhi")).toBe("PIN code 600001 is in Tamil Nadu or Puducherry, not Delhi. Please check it.");
  });

  it.each([
    ["110001", "delhi"],
    ["422001", "maharashtra"],
    ["400001", "maharashtra"],
    ["403001", "goa"],
    ["160017", "chandigarh"],
    ["160055", "punjab"],
    ["141001", "punjab"],
    ["194101", "ladakh"],
    ["190001", "jammu-and-kashmir"],
    ["248001", "uttarakhand"],
    ["263001", "uttarakhand"],
    ["226001", "uttar-pradesh"],
    ["396210", "dadra-and-nagar-haveli-and-daman-and-diu"],
    ["362520", "dadra-and-nagar-haveli-and-daman-and-diu"],
    ["492001", "chhattisgarh"],
    ["500001", "telangana"],
    ["507130", "andhra-pradesh"],
    ["533464", "puducherry"],
    ["605001", "puducherry"],
    ["609602", "puducherry"],
    ["673310", "puducherry"],
    ["682555", "lakshadweep"],
    ["737101", "sikkim"],
    ["744101", "andaman-and-nicobar-islands"],
    ["560001", "karnataka"],
    ["600001", "tamil-nadu"],
    ["700001", "west-bengal"],
    ["781001", "assam"],
    ["783123", "meghalaya"],
    ["791111", "arunachal-pradesh"],
    ["795001", "manipur"],
    ["796001", "mizoram"],
    ["797001", "nagaland"],
    ["799001", "tripura"],
    ["800001", "bihar"],
    ["834001", "jharkhand"],
  ])("accepts %s in %s", (pin, state) => {
    expect(pinStateProblem(pin, state)).toBeUndefined();
  });

  it("never questions an Army Postal Service PIN code or an unused prefix", () => {
    for (const pin of ["900001", "930001", "999001", "350001", "540001", "650001", "860001", "100001"]) {
      for (const state of STATES) expect(pinStateProblem(pin, state.slug), `${pin} ${state.slug}`).toBeUndefined();
    }
  });

  it("leaves malformed PIN codes and unknown states to other checks", () => {
    expect(pinStateProblem("11000", "maharashtra")).toBeUndefined();
    expect(pinStateProblem("abc", "maharashtra")).toBeUndefined();
    expect(pinStateProblem("110001", "atlantis")).toBeUndefined();
    expect(pinStateProblem("110001", "")).toBeUndefined();
  });

  it("names only real states in PIN_AREAS, and no prefix twice", () => {
    const slugs = new Set(STATES.map((s) => s.slug));
    const seen = new Set<number>();
    for (const area of PIN_AREAS) {
      for (const slug of area.states) expect(slugs.has(slug), slug).toBe(true);
      for (let prefix = area.from; prefix <= area.to; prefix++) {
        expect(seen.has(prefix), String(prefix)).toBe(false);
        seen.add(prefix);
      }
    }
  });

  it("has a postal area for every state and union territory", () => {
    const covered = new Set(PIN_AREAS.flatMap((area) => area.states));
    expect(STATES.filter((s) => !covered.has(s.slug)).map((s) => s.slug)).toEqual([]);
  });
});

describe("locationFieldsSchema", () => {
  const parse = (input: Record<string, unknown>) => parseWith(locationFieldsSchema, input);

  it("reads a full location", () => {
    expect(parse({ state: "maharashtra", district: "nashik", place: "  Pimpalgaon   Baswant ", pin: "422 209" })).toEqual({
      ok: true,
      data: { state: "maharashtra", district: "nashik", place: "Pimpalgaon   Baswant", pin: "422209" },
    });
  });

  it("reads the optional fields, empty or absent, as null", () => {
    expect(parse({ state: "maharashtra", district: "nashik", place: "  ", pin: "" })).toEqual({
      ok: true,
      data: { state: "maharashtra", district: "nashik", place: null, pin: null },
    });
    expect(parse({ state: "maharashtra", district: "nashik" })).toEqual({
      ok: true,
      data: { state: "maharashtra", district: "nashik", place: null, pin: null },
    });
  });

  it("takes names as well as slugs, and gives slugs", () => {
    expect(parse({ state: "Maharashtra", district: "Aurangabad" })).toEqual({
      ok: true,
      data: { state: "maharashtra", district: "chhatrapati-sambhajinagar", place: null, pin: null },
    });
  });

  it("cleans the place as every text field is cleaned", () => {
    const result = parse({ state: "maharashtra", district: "nashik", place: "Ozar\u200b\u202e\r\nMig" });
    expect(result).toEqual({ ok: true, data: expect.objectContaining({ place: "Ozar Mig" }) });
  });

  it("asks for the state and district when both are missing", () => {
    expect(parse({})).toEqual({
      ok: false,
      errors: { state: "Please choose your state.", district: "Please choose your district." },
    });
  });

  it("asks for the state when it is unknown", () => {
    expect(parse({ state: "atlantis", district: "nashik" })).toEqual({
      ok: false,
      errors: { state: "Please choose your state." },
    });
  });

  it("asks for a district of the chosen state", () => {
    expect(parse({ state: "maharashtra", district: "" })).toEqual({
      ok: false,
      errors: { district: "Please choose your district." },
    });
    expect(parse({ state: "maharashtra", district: "kolkata" })).toEqual({
      ok: false,
      errors: { district: "Please choose a district in Maharashtra." },
    });
    expect(parse({ state: "maharashtra", district: "not-a-district" })).toEqual({
      ok: false,
      errors: { district: "Please choose a district in Maharashtra." },
    });
  });

  it(`keeps the place to ${MAX_PLACE_LENGTH} characters`, () => {
    const base = { state: "maharashtra", district: "nashik" };
    expect(parse({ ...base, place: "a".repeat(MAX_PLACE_LENGTH) }).ok).toBe(true);
    expect(parse({ ...base, place: "a".repeat(MAX_PLACE_LENGTH + 1) })).toEqual({
      ok: false,
      errors: { place: "Please keep the village or town under 80 characters." },
    });
  });

  it("asks for letters or numbers in the place", () => {
    expect(parse({ state: "maharashtra", district: "nashik", place: "..." })).toEqual({
      ok: false,
      errors: { place: "Please use letters or numbers in the village or town." },
    });
  });

  it("asks for a 6-digit PIN code", () => {
    for (const pin of ["42200", "4220011", "022001", "abcdef"]) {
      expect(parse({ state: "maharashtra", district: "nashik", pin })).toEqual({
        ok: false,
        errors: { pin: "Please enter a 6-digit PIN code, like 422001." },
      });
    }
  });

  it("says when the PIN code is in another state", () => {
    expect(parse({ state: "maharashtra", district: "nashik", pin: "110001" })).toEqual({
      ok: false,
      errors: { pin: "PIN code 110001 is in Delhi, not Maharashtra. Please check it." },
    });
  });

  it("reports every field's problem at once", () => {
    expect(parse({ state: "maharashtra", district: "kolkata", place: "x".repeat(81), pin: "1" })).toEqual({
      ok: false,
      errors: {
        district: "Please choose a district in Maharashtra.",
        place: "Please keep the village or town under 80 characters.",
        pin: "Please enter a 6-digit PIN code, like 422001.",
      },
    });
  });

  it("reads non-text values as empty", () => {
    expect(parse({ state: ["maharashtra"], district: 5, place: {}, pin: null })).toEqual({
      ok: false,
      errors: { state: "Please choose your state.", district: "Please choose your district." },
    });
  });
});

describe("POPULAR_LOCATIONS", () => {
  it("links Delhi, Mumbai, Kolkata and Chennai", () => {
    expect(POPULAR_LOCATIONS.map((l) => l.label)).toEqual(["Delhi", "Mumbai", "Kolkata", "Chennai"]);
  });

  it("names real states, districts and cities, the same in Hindi as the table does", () => {
    for (const location of POPULAR_LOCATIONS) {
      expect(findState(location.state)?.slug, location.label).toBe(location.state);
      if (location.district) {
        expect(districtsOf(location.state, location.district).length, location.label).toBeGreaterThan(0);
        expect(districtName(location.state, location.district, "hi"), location.label).toBe(location.hindiLabel);
      } else {
        expect(stateName(location.state, "hi"), location.label).toBe(location.hindiLabel);
      }
    }
    expect(POPULAR_LOCATIONS.map((l) => placeLabel(l))).toEqual(["Delhi", "Maharashtra", "Kolkata, West Bengal", "Chennai, Tamil Nadu"]);
  });

  it("covers all of Mumbai and all of Delhi", () => {
    const mumbai = POPULAR_LOCATIONS.find((l) => l.label === "Mumbai")!;
    expect(districtsOf(mumbai.state, mumbai.district!)).toEqual(["mumbai-city", "mumbai-suburban"]);
    const delhi = POPULAR_LOCATIONS.find((l) => l.label === "Delhi")!;
    // No district: the filter is the whole territory, all 11 districts.
    expect(delhi.district).toBeUndefined();
    expect(findState(delhi.state)?.districts).toHaveLength(11);
  });
});
