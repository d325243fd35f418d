import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import { isAdmin, isStaff } from "../../core/moderation";
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
