import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  accountFormSchema,
  browseQuerySchema,
  homeQuerySchema,
  listingFieldsSchema,
  loginSchema,
  parseWith,
  personModerationSchema,
  searchParamsToObject,
  signupSchema,
  SORTS,
  suggestQuerySchema,
  type FieldErrors,
} from "./schemas";

/** The field messages of an input the schema must reject. */
function errorsOf<S extends z.ZodType>(schema: S, input: unknown): FieldErrors {
  const result = parseWith(schema, input);
  if (result.ok) throw new Error(`expected the input to be rejected, got ${JSON.stringify(result.data)}`);
  return result.errors;
}

/** The parsed value of an input the schema must accept. */
function dataOf<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = parseWith(schema, input);
  if (!result.ok) throw new Error(`expected the input to be accepted, got ${JSON.stringify(result.errors)}`);
  return result.data;
}

const MSG = {
  name: "Please enter your full name.",
  email: "Please enter your email.",
  emailInvalid: "Please enter a valid email, like name@example.com.",
  phone: "Please enter your phone number.",
  phoneInvalid: "Please enter a 10-digit Indian mobile number, like 98765 43210.",
  password: "Please enter a password.",
  passwordShort: "Please use at least 8 characters for your password.",
  passwordLong: "Please keep your password under 128 characters.",
  loginPassword: "Please enter your password.",
  productName: "Please enter the product name.",
  category: "Please choose a category.",
  price: "Please enter the price.",
  priceInvalid: "Please enter the price in rupees, like 45 or 45.50.",
  priceHigh: "That price looks too high. Please check it.",
  description: "Please enter a description.",
} as const;

describe("signupSchema", () => {
  const valid = { name: "Asha Devi", email: "asha@example.com", phone: "9876543210", password: "correct horse" };

  it("accepts a complete form", () => {
    expect(dataOf(signupSchema, valid)).toEqual({ ...valid, phone: "+919876543210" });
  });

  it("trims the name and trims and lower-cases the email", () => {
    const data = dataOf(signupSchema, { ...valid, name: "  Asha Devi  ", email: "  Asha.Devi@Example.COM " });
    expect(data.name).toBe("Asha Devi");
    expect(data.email).toBe("asha.devi@example.com");
  });

  it.each([["9876543210"], ["+91 98765 43210"], ["098765-43210"], ["919876543210"], [" 98765 43210 "]])(
    "stores the phone %j as E.164",
    (phone) => {
      expect(dataOf(signupSchema, { ...valid, phone }).phone).toBe("+919876543210");
    },
  );

  it("keeps the password exactly as typed", () => {
    expect(dataOf(signupSchema, { ...valid, password: "  spaced pass  " }).password).toBe("  spaced pass  ");
  });

  it("asks for every missing field", () => {
    expect(errorsOf(signupSchema, {})).toEqual({
      name: MSG.name,
      email: MSG.email,
      phone: MSG.phone,
      password: MSG.password,
    });
  });

  it("treats fields of only spaces as empty", () => {
    expect(errorsOf(signupSchema, { name: "   ", email: "   ", phone: "   ", password: "" })).toEqual({
      name: MSG.name,
      email: MSG.email,
      phone: MSG.phone,
      password: MSG.password,
    });
  });

  it("reads non-text values, such as an uploaded File, as empty", () => {
    const file = new File(["Asha"], "name.txt", { type: "text/plain" });
    expect(errorsOf(signupSchema, { name: file, email: file, phone: 9876543210, password: ["correct horse"] })).toEqual({
      name: MSG.name,
      email: MSG.email,
      phone: MSG.phone,
      password: MSG.password,
    });
  });

  it.each([["asha"], ["asha@"], ["@example.com"], ["asha example.com"], ["asha@example"], ["asha@@example.com"]])(
    "rejects the email %j",
    (email) => {
      expect(errorsOf(signupSchema, { ...valid, email })).toEqual({ email: MSG.emailInvalid });
    },
  );

  it.each([["12345"], ["5876543210"], ["987654321"], ["98765432101"], ["98765abcde"]])(
    "rejects the phone %j",
    (phone) => {
      expect(errorsOf(signupSchema, { ...valid, phone })).toEqual({ phone: MSG.phoneInvalid });
    },
  );

  it("needs a password of at least 8 characters", () => {
    expect(errorsOf(signupSchema, { ...valid, password: "1234567" })).toEqual({ password: MSG.passwordShort });
    expect(dataOf(signupSchema, { ...valid, password: "12345678" }).password).toBe("12345678");
  });

  it("refuses a password over 128 characters", () => {
    expect(dataOf(signupSchema, { ...valid, password: "x".repeat(128) }).password).toHaveLength(128);
    expect(errorsOf(signupSchema, { ...valid, password: "x".repeat(129) })).toEqual({ password: MSG.passwordLong });
  });

  it("refuses a name over 80 characters", () => {
    expect(dataOf(signupSchema, { ...valid, name: "A".repeat(80) }).name).toHaveLength(80);
    expect(errorsOf(signupSchema, { ...valid, name: "A".repeat(81) })).toEqual({
      name: "Please keep your full name under 80 characters.",
    });
  });
});

describe("loginSchema", () => {
  const valid = { email: "asha@example.com", password: "x", redirectTo: "/create" };

  it("accepts an email and any non-empty password", () => {
    expect(dataOf(loginSchema, valid)).toEqual(valid);
  });

  it("trims and lower-cases the email", () => {
    expect(dataOf(loginSchema, { ...valid, email: " Asha@Example.com " }).email).toBe("asha@example.com");
  });

  it("asks for the email and password", () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: MSG.email, password: MSG.loginPassword });
  });

  it("rejects an invalid email", () => {
    expect(errorsOf(loginSchema, { ...valid, email: "asha" })).toEqual({ email: MSG.emailInvalid });
  });

  it.each<[unknown, string]>([
    ["/create", "/create"],
    ["/viewmore?q=rice", "/viewmore?q=rice"],
    ["//evil.com", "/"],
    ["https://evil.com", "/"],
    ["/\\evil", "/"],
    ["", "/"],
    [undefined, "/"],
    [new File([""], "x"), "/"],
  ])("turns redirectTo %j into %j", (redirectTo, expected) => {
    expect(dataOf(loginSchema, { ...valid, redirectTo }).redirectTo).toBe(expected);
  });

  it("sends a form without redirectTo home", () => {
    expect(dataOf(loginSchema, { email: "asha@example.com", password: "x" }).redirectTo).toBe("/");
  });
});

describe("listingFieldsSchema", () => {
  const valid = { name: "Basmati rice", category: "Rice", price: "45", description: "Aged one year.", state: "maharashtra", district: "nashik" };

  it("accepts a complete form, with the price in paise, sold by the kg where the form does not say", () => {
    expect(dataOf(listingFieldsSchema, valid)).toEqual({
      ...valid,
      category: "rice",
      price: 4500,
      unit: "kg",
      gramsPerUnit: 1000,
      quantity: null,
      minOrder: null,
      variety: null,
      organic: false,
      availableFrom: null,
      produceChoice: null,
      grade: null,
      place: null,
      pin: null,
    });
  });

  it("reads the price per the unit chosen, and checks it per kg", () => {
    expect(dataOf(listingFieldsSchema, { ...valid, price: "2,400", unit: "quintal" })).toMatchObject({ price: 240000, unit: "quintal", gramsPerUnit: 100_000 });
    expect(dataOf(listingFieldsSchema, { ...valid, price: "600", unit: "crate", unitKg: "20" })).toMatchObject({ price: 60000, gramsPerUnit: 20_000 });
    // ₹1,00,00,000 a tonne is ₹10,000 a kg: fine. The same a kg is not.
    expect(dataOf(listingFieldsSchema, { ...valid, price: "1,00,00,000", unit: "tonne" }).price).toBe(1_000_000_000);
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "1,00,00,000" })).toEqual({ price: MSG.priceHigh });
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "0.01", unit: "tonne" })).toEqual({ price: "That price is too low for one tonne. Please check it." });
  });

  it("reports the place's problems beside their own fields, with the others", () => {
    expect(errorsOf(listingFieldsSchema, { ...valid, state: "", district: "", price: "" })).toEqual({
      price: MSG.price,
      state: "Please choose your state.",
      district: "Please choose your district.",
    });
    expect(errorsOf(listingFieldsSchema, { ...valid, district: "agra" })).toEqual({ district: "Please choose a district in Maharashtra." });
    expect(errorsOf(listingFieldsSchema, { ...valid, pin: "110001" })).toEqual({ pin: "PIN code 110001 is in Delhi, not Maharashtra. Please check it." });
    expect(errorsOf(listingFieldsSchema, { ...valid, quantity: "-5" }).quantity).toMatch(/above 0/);
  });

  it("trims the name and description", () => {
    const data = dataOf(listingFieldsSchema, { ...valid, name: "  Basmati rice ", description: "\n Aged one year.\n" });
    expect(data.name).toBe("Basmati rice");
    expect(data.description).toBe("Aged one year.");
  });

  it.each([
    ["Vegetable", "vegetables"],
    ["Vegetables", "vegetables"],
    ["Oil Seeds", "oil-seeds"],
    ["oil-seeds", "oil-seeds"],
    ["Nuts & Dry Fruits", "nuts-dry-fruits"],
    ["Nuts and Dry fruits", "nuts-dry-fruits"],
    ["chawal", "rice"],
    ["गेहूँ", "wheat"],
  ])("resolves the category %j to %s", (category, slug) => {
    expect(dataOf(listingFieldsSchema, { ...valid, category }).category).toBe(slug);
  });

  it.each<[string, unknown]>([
    ["the 'Select Category' placeholder value", ""],
    ["the placeholder's text", "Select Category"],
    ["a legacy category", "Cars"],
    ["a missing category", undefined],
    ["a file", new File([""], "x")],
  ])("asks for a category given %s", (_label, category) => {
    expect(errorsOf(listingFieldsSchema, { ...valid, category })).toEqual({ category: MSG.category });
  });

  it.each<[string, number]>([
    ["45", 4500],
    ["45.5", 4550],
    ["45.50", 4550],
    [" 45.50 ", 4550],
    ["0.01", 1],
    ["₹ 95", 9500],
    ["1,250", 125000],
    ["10,00,000", 100000000],
  ])("reads the price %j as %i paise", (price, paise) => {
    expect(dataOf(listingFieldsSchema, { ...valid, price }).price).toBe(paise);
  });

  it.each([["0"], ["0.00"], ["-5"], ["45.555"], ["1.234"], ["abc"], ["1e3"], ["45 rupees"]])(
    "rejects the price %j",
    (price) => {
      expect(errorsOf(listingFieldsSchema, { ...valid, price })).toEqual({ price: MSG.priceInvalid });
    },
  );

  it("refuses a price over ₹10,00,000 per kg (and a typed price over a thousand times that for any unit)", () => {
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "1000000.01" })).toEqual({ price: MSG.priceHigh });
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "50,00,000" })).toEqual({ price: MSG.priceHigh });
  });

  it("asks for every missing field", () => {
    expect(errorsOf(listingFieldsSchema, { category: "" })).toEqual({
      name: MSG.productName,
      category: MSG.category,
      price: MSG.price,
      description: MSG.description,
      state: "Please choose your state.",
      district: "Please choose your district.",
    });
  });

  it("treats a price of only spaces as missing", () => {
    expect(errorsOf(listingFieldsSchema, { ...valid, price: "   " })).toEqual({ price: MSG.price });
  });

  it("limits the name to 80 and the description to 2000 characters", () => {
    expect(dataOf(listingFieldsSchema, { ...valid, name: "n".repeat(80), description: "d".repeat(2000) })).toMatchObject({
      name: "n".repeat(80),
      description: "d".repeat(2000),
    });
    expect(errorsOf(listingFieldsSchema, { ...valid, name: "n".repeat(81), description: "d".repeat(2001) })).toEqual({
      name: "Please keep the product name under 80 characters.",
      description: "Please keep a description under 2000 characters.",
    });
  });
});

describe("browseQuerySchema", () => {
  it("gives every missing key its default", () => {
    expect(browseQuerySchema.parse({})).toEqual({ q: "", category: "", page: 1, sort: "newest", by: "any", min: "", max: "", state: "", district: "", grade: "", from: "", price: {} });
  });

  it("keeps good values", () => {
    expect(
      browseQuerySchema.parse({ q: "basmati", category: "Rice", page: "3", sort: "price-asc", by: "name", min: "40", max: "1,250.50", state: "Maharashtra", district: "nasik", grade: "a" }),
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
    expect(browseQuerySchema.parse({ state: "महाराष्ट्र\u0000", district: "नाशिक" })).toMatchObject({ state: "maharashtra", district: "nashik" });
    expect(browseQuerySchema.parse({ state: "maharashtra", district: "मुंबई" })).toMatchObject({ state: "maharashtra", district: "mumbai" });
    expect(browseQuerySchema.parse({ state: "maharashtra", district: "mumbai" })).toMatchObject({ district: "mumbai" });
    expect(browseQuerySchema.parse({ state: "maharashtra", district: "mumbai-city" })).toMatchObject({ district: "mumbai-city" });
    expect(browseQuerySchema.parse({ state: "delhi", district: "mumbai" })).toMatchObject({ state: "delhi", district: "" });
  });
});

describe("accountFormSchema", () => {
  const again = "Please send the form again from the page.";

  it("tells the forms apart by intent, and refuses a missing, unknown or repeated intent", () => {
    expect(dataOf(accountFormSchema, { intent: "name", name: "  Asha Devi " })).toEqual({ intent: "name", name: "Asha Devi" });
    expect(dataOf(accountFormSchema, { intent: "phone", phone: "098765 43210" })).toEqual({ intent: "phone", phone: "+919876543210" });
    for (const intent of [undefined, "", "Name", "rename", ["name"], 1]) {
      expect(errorsOf(accountFormSchema, { intent, name: "Asha" }), String(intent)).toEqual({ intent: again });
    }
    expect(errorsOf(accountFormSchema, null)).toEqual({ form: again });
  });

  it("checks name and phone with the sign-up form's rules and messages", () => {
    expect(errorsOf(accountFormSchema, { intent: "name", name: "\u200b " })).toEqual({ name: MSG.name });
    expect(errorsOf(accountFormSchema, { intent: "name", name: "A".repeat(81) })).toEqual({ name: "Please keep your full name under 80 characters." });
    expect(errorsOf(accountFormSchema, { intent: "phone", phone: "" })).toEqual({ phone: MSG.phone });
    expect(errorsOf(accountFormSchema, { intent: "phone", phone: "12345" })).toEqual({ phone: MSG.phoneInvalid });
  });

  it("needs the current password and a new one of 8 to 128 characters that differs from it; both kept as typed", () => {
    expect(dataOf(accountFormSchema, { intent: "password", currentPassword: " old pass ", newPassword: " new pass 1 " })).toEqual({
      intent: "password",
      currentPassword: " old pass ",
      newPassword: " new pass 1 ",
    });
    expect(errorsOf(accountFormSchema, { intent: "password" })).toEqual({
      currentPassword: "Please enter your current password.",
      newPassword: "Please enter a new password.",
    });
    expect(errorsOf(accountFormSchema, { intent: "password", currentPassword: "old-password", newPassword: "1234567" })).toEqual({
      newPassword: "Please use at least 8 characters for your new password.",
    });
    expect(errorsOf(accountFormSchema, { intent: "password", currentPassword: "old-password", newPassword: "x".repeat(129) })).toEqual({
      newPassword: "Please keep your new password under 128 characters.",
    });
    expect(errorsOf(accountFormSchema, { intent: "password", currentPassword: "same-password", newPassword: "same-password" })).toEqual({
      newPassword: "Your new password is the same as your current one. Please choose a different one.",
    });
  });

  it("reads the place form with the listing form's place rules, each message on its own field", () => {
    expect(dataOf(accountFormSchema, { intent: "place", state: "Maharashtra", district: "nashik", place: " Pimpalgaon ", pin: "" })).toEqual({
      intent: "place",
      place: { state: "maharashtra", district: "nashik", place: "Pimpalgaon", pin: null },
    });
    expect(errorsOf(accountFormSchema, { intent: "place" })).toEqual({ state: "Please choose your state.", district: "Please choose your district." });
    expect(errorsOf(accountFormSchema, { intent: "place", state: "delhi", district: "nashik" })).toEqual({ district: "Please choose a district in Delhi." });
  });

  it("asks for the password to confirm a deletion", () => {
    expect(dataOf(accountFormSchema, { intent: "delete", password: "my password" })).toEqual({ intent: "delete", password: "my password" });
    expect(errorsOf(accountFormSchema, { intent: "delete", password: "" })).toEqual({ password: "Please enter your password to confirm." });
    expect(errorsOf(accountFormSchema, { intent: "delete", password: new File(["x"], "x.txt") })).toEqual({ password: "Please enter your password to confirm." });
  });
});

describe("homeQuerySchema", () => {
  it("gives every missing key its default", () => {
    expect(homeQuerySchema.parse({})).toEqual({ category: "", created: false, account: false });
  });

  it("reads account=deleted as true and anything else as false", () => {
    expect(homeQuerySchema.parse({ account: "deleted" }).account).toBe(true);
    for (const account of ["1", "DELETED", "", ["deleted"], true]) {
      expect(homeQuerySchema.parse({ account }).account, String(account)).toBe(false);
    }
  });

  it("reads created=1 as true and anything else as false", () => {
    expect(homeQuerySchema.parse({ created: "1" }).created).toBe(true);
    for (const created of ["0", "true", "", "yes", 1, true]) {
      expect(homeQuerySchema.parse({ created }).created, String(created)).toBe(false);
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

describe("parseWith", () => {
  it("returns the data on success", () => {
    expect(parseWith(z.object({ a: z.string() }), { a: "x" })).toEqual({ ok: true, data: { a: "x" } });
  });

  it("returns only the first message for each field", () => {
    const schema = z.object({
      a: z.string().min(3, "first for a").regex(/x/, "second for a"),
      b: z.string().min(1, "first for b"),
    });
    expect(parseWith(schema, { a: "", b: "" })).toEqual({
      ok: false,
      errors: { a: "first for a", b: "first for b" },
    });
  });

  it("returns the empty-password message, not the too-short one, for an empty password", () => {
    expect(errorsOf(signupSchema, { password: "" }).password).toBe(MSG.password);
  });

  it("files a nested issue under its top-level field", () => {
    const schema = z.object({ address: z.object({ pin: z.string().length(6, "Six digits.") }) });
    expect(errorsOf(schema, { address: { pin: "1" } })).toEqual({ address: "Six digits." });
  });

  it("files an issue with no field under 'form'", () => {
    const errors = errorsOf(signupSchema, null) as Record<string, string>;
    expect(Object.keys(errors)).toEqual(["form"]);
    expect(errors.form).toEqual(expect.any(String));
  });
});

describe("searchParamsToObject", () => {
  it("keeps the first value of a repeated key", () => {
    expect(searchParamsToObject(new URLSearchParams("page=2&page=3&q=a&q=b"))).toEqual({ page: "2", q: "a" });
  });

  it("decodes values and keeps empty ones", () => {
    expect(searchParamsToObject(new URLSearchParams("q=nuts+%26+dry&category="))).toEqual({
      q: "nuts & dry",
      category: "",
    });
  });

  it("gives an empty object for no parameters", () => {
    expect(searchParamsToObject(new URLSearchParams())).toEqual({});
  });

  it("keeps keys that share a name with an Object.prototype member", () => {
    const out = searchParamsToObject(new URLSearchParams("toString=x&constructor=y"));
    expect(out).toEqual({ toString: "x", constructor: "y" });
  });
});

describe("every text field is clean before it is checked (issue 9, finding 7)", () => {
  const listing = { name: "Basmati Rice", category: "rice", price: "40", description: "Fresh", state: "punjab", district: "ludhiana" };
  const person = { name: "Asha Devi", email: "asha@example.com", phone: "9876543210", password: "correct horse" };

  it("refuses a product name, description or person name that is only invisible characters, naming the field", () => {
    for (const invisible of ["\u200b\u200b", "\u202e\u202d", "\u0000", "\ufeff\u00ad", "\u2066\u2069"]) {
      expect(errorsOf(listingFieldsSchema, { ...listing, name: invisible }).name).toBe(MSG.productName);
      expect(errorsOf(listingFieldsSchema, { ...listing, description: invisible }).description).toBe(MSG.description);
      expect(errorsOf(signupSchema, { ...person, name: invisible }).name).toBe(MSG.name);
    }
  });

  it("refuses a name with no letter or digit (bare combining marks, joiners, dots), naming the field", () => {
    for (const letterless of ["\u0301\u0302", "\u200d\u200c\u200d", "...", "🥭🥭", "\ud800"]) {
      expect(errorsOf(listingFieldsSchema, { ...listing, name: letterless }).name).toMatch(/the product name\.$/);
      expect(errorsOf(signupSchema, { ...person, name: letterless }).name).toMatch(/your full name\.$/);
    }
    expect(errorsOf(listingFieldsSchema, { ...listing, name: "..." }).name).toBe("Please use letters or numbers in the product name.");
  });

  it("stores no NUL, control or format character, and no lone surrogate", () => {
    const data = dataOf(listingFieldsSchema, {
      ...listing,
      name: "\u202eBasmati\u0000 Rice\u200b\ud800",
      description: "Line one\u0000\r\nLine\u200b two\u0007",
    });
    expect(data.name).toBe("Basmati Rice\ufffd");
    expect(data.description).toBe("Line one\nLine two");
    const signup = dataOf(signupSchema, { ...person, name: "Asha\ud800 Devi\u202e", email: "\u200basha@example.com\u0000", phone: "98765\u200b43210" });
    expect(signup).toMatchObject({ name: "Asha\ufffd Devi", email: "asha@example.com", phone: "+919876543210" });
  });

  it("keeps Devanagari names as typed, nukta and joiners included", () => {
    expect(dataOf(listingFieldsSchema, { ...listing, name: "बासमती चावल" }).name).toBe("बासमती चावल");
    expect(dataOf(listingFieldsSchema, { ...listing, name: "प्याज़" }).name).toBe("प्याज़");
    expect(dataOf(signupSchema, { ...person, name: "क्\u200dषमा" }).name).toBe("क्\u200dषमा");
  });

  it("keeps the password exactly as typed", () => {
    expect(dataOf(signupSchema, { ...person, password: " pass\u200bword " }).password).toBe(" pass\u200bword ");
    expect(dataOf(loginSchema, { email: "a@b.in", password: " pass\u200bword " }).password).toBe(" pass\u200bword ");
  });

  it("cleans search text and never cuts it inside an emoji", () => {
    expect(dataOf(browseQuerySchema, { q: "\u200bchawal\u0000" }).q).toBe("chawal");
    const long = "🥭".repeat(100);
    const q = dataOf(suggestQuerySchema, { q: long }).q;
    expect(new TextDecoder().decode(new TextEncoder().encode(q))).toBe(q);
  });
});

describe("browseQuerySchema: nearest first (decision 024)", () => {
  it("reads the district to sort from, by slug or name, and drops an unknown one", () => {
    expect(browseQuerySchema.parse({ sort: "near", from: "maharashtra/nashik" })).toMatchObject({ sort: "near", from: "maharashtra/nashik" });
    expect(browseQuerySchema.parse({ sort: "near", from: "Maharashtra/Nasik" }).from).toBe("maharashtra/nashik");
    for (const from of ["atlantis/x", "maharashtra", "/", "a".repeat(500), "maharashtra/nashik/extra"]) {
      expect(browseQuerySchema.parse({ sort: "near", from }).from === "" || from.endsWith("extra"), from).toBe(true);
    }
  });
  it("rounds the phone's position to 0.1° and drops one outside India or not a number", () => {
    expect(browseQuerySchema.parse({ lat: "19.99734", lon: "73.78912" })).toMatchObject({ lat: 20, lon: 73.8 });
    for (const [lat, lon] of [["51.5", "-0.1"], ["abc", "73"], ["1e3", "73"], ["", ""], ["19.9", ""], ["NaN", "Infinity"]]) {
      const parsed = browseQuerySchema.parse({ lat, lon });
      expect(parsed.lat === undefined && parsed.lon === undefined, `${lat},${lon}`).toBe(true);
    }
  });
});

describe("personModerationSchema", () => {
  it("takes a person's id as better-auth makes it, and refuses one with a NUL (a 500 on PostgreSQL) or other characters", () => {
    expect(personModerationSchema.safeParse({ intent: "unban", personId: "yXhne4voELIjR1UoPZRIqBPB6dlLsQ3w" }).success).toBe(true);
    for (const personId of ["a\u0000b", "\u0000", "", "a b", "x".repeat(65), "<q7x>"]) {
      for (const intent of ["ban", "unban", "role"]) {
        const parsed = personModerationSchema.safeParse({ intent, personId, reason: "Spam listings", role: "moderator" });
        expect(parsed.success, `${intent} ${JSON.stringify(personId)}`).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe("Please send the form again from the page.");
      }
    }
  });
});
