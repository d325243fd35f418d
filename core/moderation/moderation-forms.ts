/** Trust and safety forms (decision 014): reporting a listing, and the back office's actions. */
import { z } from "zod";
import { optionalQueryText, pageNumber, textField } from "../shared/form-fields";
import { hasLetterOrDigit } from "../shared/text";
import { normalisePhone } from "../shared/phone";
import { MAX_MODERATION_TEXT, MODERATION_MESSAGES, REPORT_REASONS } from "./moderation";

/**
 * Trust and safety forms (decision 014). Texts are clean text (core/shared/text) like every other field;
 * a reason a seller will read is required, a moderator's own note is not.
 */
const moderationText = (options: { required?: string } = {}) =>
  textField({ multiline: true }).pipe(
    z
      .string()
      .max(MAX_MODERATION_TEXT, `Please keep this under ${MAX_MODERATION_TEXT} characters.`)
      .refine((text) => !options.required || hasLetterOrDigit(text), options.required ?? "")
      .transform((text) => (hasLetterOrDigit(text) ? text : null)),
  );

/** "Report this listing": a reason, and words of one's own (needed for "Something else"). */
export const reportFormSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, MODERATION_MESSAGES.chooseReason),
    details: moderationText(),
  })
  .refine((form) => form.reason !== "other" || form.details !== null, { path: ["details"], message: MODERATION_MESSAGES.describeOther });
export type ReportForm = z.output<typeof reportFormSchema>;

/** A moderator's action on one listing (/admin/listings/:id). */
export const listingModerationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("hide"), reason: moderationText({ required: MODERATION_MESSAGES.giveReason }).pipe(z.string()) }),
    z.object({ intent: z.literal("restore"), note: moderationText() }),
    z.object({ intent: z.literal("dismiss"), note: moderationText() }),
  ],
  { error: "Please send the form again from the page." },
);

/** A staff action on a person (/admin/people): ban and unban (moderators), roles (admins). */
/** The back office's Retry button on a failed job (decision 028): the job's id as listFailed gave it. */
export const retryJobSchema = z.object({
  intent: z.literal("retry", "Please send the form again from the page."),
  id: z
    .string()
    .regex(/^[\w-]{1,100}(\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/, "Please send the form again from the page."),
});

/** A person's id as better-auth makes it: letters, digits, "_" and "-" (a NUL reached PostgreSQL, a 500). */
export const PERSON_ID = /^[\w-]{1,64}$/;
const personId = z.string().regex(PERSON_ID, "Please send the form again from the page.");

export const personModerationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("ban"),
      personId,
      reason: moderationText({ required: MODERATION_MESSAGES.giveBanReason }).pipe(z.string()),
    }),
    z.object({ intent: z.literal("unban"), personId, note: moderationText() }),
    z.object({ intent: z.literal("role"), personId, role: z.enum(["person", "moderator"], "Please choose a role.") }),
    // An admin lifts a number's block (decision 056): the number as the list shows it, and why.
    z.object({
      intent: z.literal("lift-phone"),
      phone: textField()
        .pipe(z.string().max(40, MODERATION_MESSAGES.givePhone))
        .transform(
          (text, ctx) => normalisePhone(text) ?? (ctx.addIssue({ code: "custom", message: MODERATION_MESSAGES.givePhone }), z.NEVER),
        ),
      reason: moderationText({ required: MODERATION_MESSAGES.giveLiftReason }).pipe(z.string()),
    }),
  ],
  { error: "Please send the form again from the page." },
);

/** `/admin?view=&reason=&page=`: anything unknown falls back to the open reports, every reason. */
export const moderationQueueQuerySchema = z.object({
  view: z.preprocess((v) => (v === "review" || v === "hidden" ? v : "open"), z.enum(["open", "review", "hidden"])),
  reason: z.preprocess((v) => ((REPORT_REASONS as readonly unknown[]).includes(v) ? v : undefined), z.enum(REPORT_REASONS).optional()),
  page: pageNumber,
});

/** `/admin/people?email=` or `?id=`: the person to look up, if any. */
export const peopleQuerySchema = z.object({ email: optionalQueryText, id: optionalQueryText });
