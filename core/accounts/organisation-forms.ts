/**
 * An organisation badge (issue 43, item 5; decision 061): a seller's FPO registration number or
 * mandi trader's licence number, entered on /my/account and checked by staff on /admin/people.
 * Registration and licence numbers are letters, digits and a few separators ("UP/FPO/2021/0042",
 * "MH-APMC-NSK-1234"); anything else is refused with a message, never cleaned away silently, so
 * what staff check is what the seller typed. Invisible and right-to-left characters (often pasted
 * with a number copied from a document or a chat) get a message of their own.
 */
import { z } from "zod";
import { textField } from "../shared/form-fields";
import { hasLetterOrDigit } from "../shared/text";
import { ORGANISATION_KINDS, ORGANISATION_NUMBER_MAX, ORGANISATION_NUMBER_MIN } from "./organisation";

export const ORGANISATION_MESSAGES = {
  chooseKind: "Please choose whether this is an FPO registration or a mandi trader's licence.",
  enterNumber: "Please enter the registration or licence number.",
  invisible: "Please type the number again rather than pasting it: it has invisible or right-to-left characters in it.",
  length: `The number should be ${ORGANISATION_NUMBER_MIN} to ${ORGANISATION_NUMBER_MAX} characters long.`,
  characters: "Please use only letters, digits, spaces and - / . in the number.",
  giveRefusalReason: "Please write why the number is refused. The seller will see it.",
  notPending: "This number is no longer waiting to be checked. Please look at the list again.",
} as const;

/**
 * Format and control characters (zero-width, joiners, bidi marks and overrides, BOM, soft hyphen,
 * NUL…) and line or paragraph separators; a tab or a line break is only space, folded below.
 */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
const ALLOWED = /^[A-Z0-9](?:[A-Z0-9 ./-]*[A-Z0-9])?$/;

/**
 * The number as staff see it: trimmed, runs of spaces as one, full-width letters and digits as
 * ASCII (NFKC), in capitals. Refused: empty, invisible characters, other characters, too short or long.
 */
export const organisationNumber = z
  .preprocess((value) => (typeof value === "string" ? value : ""), z.string())
  .superRefine((value, ctx) => {
    if (INVISIBLE.test(value)) ctx.addIssue({ code: "custom", message: ORGANISATION_MESSAGES.invisible });
  })
  .transform((value) => value.normalize("NFKC").trim().replace(/\s+/g, " ").toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { message: ORGANISATION_MESSAGES.enterNumber, abort: true })
      .refine((value) => value.length === 0 || (value.length >= ORGANISATION_NUMBER_MIN && value.length <= ORGANISATION_NUMBER_MAX), {
        message: ORGANISATION_MESSAGES.length,
        abort: true,
      })
      .regex(ALLOWED, ORGANISATION_MESSAGES.characters),
  );

export const organisationKind = z.enum(ORGANISATION_KINDS, ORGANISATION_MESSAGES.chooseKind);

/** A person's id as better-auth makes it (as core/moderation/moderation-forms.ts reads it). */
const personId = z.string().regex(/^[\w-]{1,64}$/, "Please send the form again from the page.");
/** Staff's words, kept as clean text, at most 500 characters. */
const staffText = textField({ multiline: true }).pipe(
  z
    .string()
    .max(500, "Please keep this under 500 characters.")
    .transform((text) => (hasLetterOrDigit(text) ? text : null)),
);

/**
 * Staff's decision on a seller's number (/admin/people): the person, the number as the list
 * showed it (a number the seller replaced meanwhile is not decided), and for a refusal the reason
 * the seller reads.
 */
export const organisationDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve-organisation"), personId, number: organisationNumber }),
  z.object({
    intent: z.literal("refuse-organisation"),
    personId,
    number: organisationNumber,
    reason: staffText.refine((text) => text !== null, ORGANISATION_MESSAGES.giveRefusalReason).pipe(z.string()),
  }),
]);
