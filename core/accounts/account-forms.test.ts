import { describe, expect, it } from "vitest";
import { accountFormSchema, loginSchema, signupSchema } from "./account-forms";
import { dataOf, errorsOf, MSG } from "../shared/form-fields.test-support";

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

  it.each([["12345"], ["5876543210"], ["987654321"], ["98765432101"], ["98765abcde"]])("rejects the phone %j", (phone) => {
    expect(errorsOf(signupSchema, { ...valid, phone })).toEqual({ phone: MSG.phoneInvalid });
  });

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
    expect(errorsOf(accountFormSchema, { intent: "name", name: "A".repeat(81) })).toEqual({
      name: "Please keep your full name under 80 characters.",
    });
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
    expect(
      dataOf(accountFormSchema, { intent: "place", state: "Maharashtra", district: "nashik", place: " Pimpalgaon ", pin: "" }),
    ).toEqual({
      intent: "place",
      place: { state: "maharashtra", district: "nashik", place: "Pimpalgaon", pin: null },
    });
    expect(errorsOf(accountFormSchema, { intent: "place" })).toEqual({
      state: "Please choose your state.",
      district: "Please choose your district.",
    });
    expect(errorsOf(accountFormSchema, { intent: "place", state: "delhi", district: "nashik" })).toEqual({
      district: "Please choose a district in Delhi.",
    });
  });

  it("asks for the password to confirm a deletion", () => {
    expect(dataOf(accountFormSchema, { intent: "delete", password: "my password" })).toEqual({ intent: "delete", password: "my password" });
    expect(errorsOf(accountFormSchema, { intent: "delete", password: "" })).toEqual({ password: "Please enter your password to confirm." });
    expect(errorsOf(accountFormSchema, { intent: "delete", password: new File(["x"], "x.txt") })).toEqual({
      password: "Please enter your password to confirm.",
    });
  });
});
