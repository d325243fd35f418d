import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loginSchema, signupSchema } from "../accounts/account-forms";
import { listingFieldsSchema } from "../listings/listing-forms";
import { browseQuerySchema, suggestQuerySchema } from "../search/search-query";
import { parseWith, searchParamsToObject } from "./form-fields";
import { dataOf, errorsOf, MSG } from "./form-fields.test-support";

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
    const signup = dataOf(signupSchema, {
      ...person,
      name: "Asha\ud800 Devi\u202e",
      email: "\u200basha@example.com\u0000",
      phone: "98765\u200b43210",
    });
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
