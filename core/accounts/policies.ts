/** Who may do what: pure functions every data-changing service checks first. */
import { AppError } from "../shared/app-error";
import { MESSAGES } from "../i18n/messages";
import { isAdmin, type Role } from "./roles";

export interface Actor {
  id: string;
}

/** Anything done for a person needs them signed in: one refusal, the same from every service. */
export function requireActor<T extends Actor>(actor: T | null | undefined): asserts actor is T {
  if (!actor?.id) throw new AppError("UNAUTHENTICATED", MESSAGES.mustLogin);
}

export function canCreateListing(actor: Actor | null | undefined): actor is Actor {
  return Boolean(actor?.id);
}

/** Only the seller who listed something may change or remove it. */
export function canEditListing(actor: Actor | null | undefined, listing: { sellerId: string }): boolean {
  return Boolean(actor?.id) && actor!.id === listing.sellerId;
}

/** Only the person who saved a search may see or change it (decision 022). */
export function canChangeSavedSearch(actor: Actor | null | undefined, search: { userId: string }): boolean {
  return Boolean(actor?.id) && actor!.id === search.userId;
}

/**
 * Saved listings (decision 023): anyone signed in may save a listing buyers can see, or whose
 * page they can see (sold or expired: still worth keeping); never one moderation hid. Each
 * person reads and changes only their own saved listings.
 */
export function canSaveListing(actor: Actor | null | undefined, listing: { status: string }): actor is Actor {
  return Boolean(actor?.id) && listing.status !== "hidden";
}

/** Failed background jobs (decision 028): admins see them and queue them again; nobody else. */
export function canManageJobs(actor: { role?: Role | null } | null | undefined): boolean {
  return isAdmin(actor?.role);
}
