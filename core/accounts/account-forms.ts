/** The sign-up, log-in and account forms (/signup, /login, /my/account). */
import { organisationKind, organisationNumber } from "./organisation-forms";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MAX_PERSON_NAME_LENGTH, MIN_PASSWORD_LENGTH } from "../shared/constants";
import { field, passwordField, requiredText } from "../shared/form-fields";
import { normalisePhone } from "../shared/phone";
import { safeRedirectPath } from "../shared/redirects";
import { locationFieldsSchema } from "../locations/schema";

const email = field.pipe(
  z.string().toLowerCase().min(1, "Please enter your email.").pipe(z.email("Please enter a valid email, like name@example.com.")),
);

/** A person's full name: the sign-up form and the account page share it. */
const personName = requiredText("your full name", MAX_PERSON_NAME_LENGTH);

/** An Indian mobile number, stored in one form (E.164): the sign-up form and the account page share it. */
const phone = field.pipe(
  z
    .string()
    .min(1, "Please enter your phone number.")
    .transform((text, ctx) => {
      const normalised = normalisePhone(text);
      if (!normalised) {
        ctx.addIssue({ code: "custom", message: "Please enter a 10-digit Indian mobile number, like 98765 43210." });
        return z.NEVER;
      }
      return normalised;
    }),
);

/** A password being chosen; `which` names it in the messages ("password", "new password"). */
const choosePassword = (which: string) =>
  passwordField.pipe(
    z
      .string()
      .min(1, `Please enter a ${which}.`)
      .min(MIN_PASSWORD_LENGTH, `Please use at least ${MIN_PASSWORD_LENGTH} characters for your ${which}.`)
      .max(MAX_PASSWORD_LENGTH, `Please keep your ${which} under ${MAX_PASSWORD_LENGTH} characters.`),
  );

/** A password someone already has, typed to prove it is them. */
const existingPassword = (emptyMessage: string) => passwordField.pipe(z.string().min(1, emptyMessage).max(MAX_PASSWORD_LENGTH));

export const signupSchema = z.object({
  name: personName,
  email,
  phone,
  password: choosePassword("password"),
});
export type SignupInput = z.output<typeof signupSchema>;

export const loginSchema = z.object({
  email,
  password: existingPassword("Please enter your password."),
  redirectTo: z.preprocess((value) => safeRedirectPath(value), z.string()),
});
export type LoginInput = z.output<typeof loginSchema>;

/**
 * The forms on /my/account, told apart by `intent`. Each carries only its own fields; the
 * password forms never send a password back to the page.
 */
export const ACCOUNT_INTENTS = [
  "name",
  "phone",
  "place",
  "password",
  "delete",
  "api-key",
  "api-key-revoke",
  "verify-email",
  "organisation",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const accountFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("name"), name: personName }),
    z.object({ intent: z.literal("phone"), phone }),
    z
      .object({
        intent: z.literal("password"),
        currentPassword: existingPassword("Please enter your current password."),
        newPassword: choosePassword("new password"),
      })
      .refine((form) => form.newPassword !== form.currentPassword, {
        path: ["newPassword"],
        message: "Your new password is the same as your current one. Please choose a different one.",
      }),
    z.object({ intent: z.literal("delete"), password: existingPassword("Please enter your password to confirm.") }),
    // Keys for the public API (decision 032): make one, or revoke one by its id.
    z.object({ intent: z.literal("api-key") }),
    z.object({
      intent: z.literal("api-key-revoke"),
      key: field.pipe(z.string().regex(/^[0-9a-f-]{36}$/, "Please send the form again from the page.")),
    }),
    // Send the link that confirms the person's address again (decision 045).
    z.object({ intent: z.literal("verify-email") }),
    // An FPO registration or trader's licence number for staff to check (decision 061).
    z.object({ intent: z.literal("organisation"), kind: organisationKind, number: organisationNumber }),
    // The place's fields and messages are the listing form's (core/locations), each on its own name.
    z.looseObject({ intent: z.literal("place") }).transform((form, ctx) => {
      const place = locationFieldsSchema.safeParse(form);
      if (place.success) return { intent: form.intent, place: place.data };
      for (const issue of place.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    }),
  ],
  { error: "Please send the form again from the page." },
);
export type AccountForm = z.output<typeof accountFormSchema>;

/** The intent a form names, when it names one of ours (to put a message beside the right form). */
export const accountIntentSchema = z.object({ intent: z.enum(ACCOUNT_INTENTS) });

/** `/my/account?saved=name`: which change was just saved (anything else: none). */
export const accountPageQuerySchema = z.object({
  saved: z.preprocess(
    (v) =>
      v === "name" ||
      v === "phone" ||
      v === "place" ||
      v === "password" ||
      v === "api-key-revoked" ||
      v === "verify-sent" ||
      v === "organisation"
        ? v
        : undefined,
    z.enum(["name", "phone", "place", "password", "api-key-revoked", "verify-sent", "organisation"]).optional(),
  ),
});

/** "Forgot password?" (/forgot-password): the address to send the link to (decision 052). */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

/** better-auth's reset token: 24 letters and digits; anything else is no token of ours. */
const resetToken = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "This link to set a new password is not valid. Please ask for a new one.");

/** The link's page (/reset-password?token=…): its token, read before the form is shown. */
export const resetLinkQuerySchema = z.object({ token: resetToken });

/** The form that sets a new password with a link's token (/reset-password). */
export const resetPasswordSchema = z.object({ token: resetToken, newPassword: choosePassword("new password") });
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
