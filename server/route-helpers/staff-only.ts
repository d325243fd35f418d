import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import { NO_FORMS_HERE } from "../../core/i18n/messages";
import { inPageLanguage } from "./app-errors";
import { MAX_MODERATION_TEXT } from "../../core/moderation/moderation";
import { isAdmin, isStaff } from "../../core/accounts/roles";
import type { SessionUser } from "../auth/accounts.service";

/** What anyone who may not see the back office is told, whatever they asked for: it does not exist. */
export const BACK_OFFICE_NOT_FOUND = "We could not find that page.";

/**
 * The signed-in moderator or admin (`admin`: admins only). Anyone else, signed in or not, gets
 * the same 404 as an unknown address, before any form is read (decision 014). The services check
 * the role again for what they act on.
 */
export async function staffOnly(context: AppLoadContext, options: { admin?: boolean } = {}): Promise<SessionUser> {
  const user = await context.currentUser();
  if (!user || !(options.admin ? isAdmin(user.role) : isStaff(user.role))) throw data(BACK_OFFICE_NOT_FOUND, { status: 404 });
  return user;
}

/** What a refused back-office form shows again: the action chosen and the reason typed (bounded, as sent back). */
export const moderationValues = (text: (name: string) => string) => ({
  intent: text("intent").slice(0, 20),
  reason: text("reason").slice(0, MAX_MODERATION_TEXT + 100),
  // Which blocked number a lift was for (/admin/people), so its message shows beside that number.
  phone: text("phone").slice(0, 40),
});

/** The action of a back-office page that takes no forms: 404 to anyone but staff (like its GET), 405 to staff. */
export async function noFormsForStaff(context: AppLoadContext, options: { admin?: boolean } = {}): Promise<never> {
  await staffOnly(context, options);
  throw data(inPageLanguage(NO_FORMS_HERE), { status: 405 });
}
