/** Helpers the form schemas' tests share: a schema's messages for bad input, its data for good. */
import { type z } from "zod";
import { parseWith, type FieldErrors } from "./form-fields";

/** The field messages of an input the schema must reject. */
export function errorsOf<S extends z.ZodType>(schema: S, input: unknown): FieldErrors {
  const result = parseWith(schema, input);
  if (result.ok) throw new Error(`expected the input to be rejected, got ${JSON.stringify(result.data)}`);
  return result.errors;
}

/** The parsed value of an input the schema must accept. */
export function dataOf<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = parseWith(schema, input);
  if (!result.ok) throw new Error(`expected the input to be accepted, got ${JSON.stringify(result.errors)}`);
  return result.data;
}

export const MSG = {
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
