/** The phone verification page's forms and query (/my/phone, decision 058). */
import { z } from "zod";
import { field } from "../shared/form-fields";
import { asciiDigits } from "../shared/phone";

/** Where the person came from: the sell form goes back there once the number is verified. */
const from = z.preprocess((value) => (value === "sell" ? "sell" : undefined), z.literal("sell").optional());

/** Six digits, as typed on any phone: spaces and dashes between, in an Indian script's digits too. */
const code = field.pipe(
  z
    .string()
    .transform((text) => asciiDigits(text.replace(/[\s\-.]/g, "")))
    .pipe(z.string().regex(/^\d{6}$/, "Please enter the 6-digit code from the SMS.")),
);

export const PHONE_VERIFICATION_INTENTS = ["send-code", "verify-code"] as const;
export type PhoneVerificationIntent = (typeof PHONE_VERIFICATION_INTENTS)[number];

export const phoneVerificationIntentSchema = z.object({ intent: z.enum(PHONE_VERIFICATION_INTENTS) });

export const phoneVerificationFormSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("send-code"), from }), z.object({ intent: z.literal("verify-code"), code, from })],
  { error: "Please send the form again from the page." },
);

/** `?from=sell`, `?sent=1`: anything else is ignored, never refused. */
export const phoneVerificationQuerySchema = z.object({
  from,
  sent: z.preprocess((value) => value === "1" || undefined, z.literal(true).optional()),
});
