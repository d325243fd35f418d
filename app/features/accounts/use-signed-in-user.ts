import { useRouteLoaderData } from "react-router";

/** The signed-in person as the root loader saw them, with their menu's words (app/root.tsx), or null. */
export interface SignedInUser {
  name: string;
  /** Their first name, whole letters only (core/accounts/short-name.ts). */
  shortName: string;
  /** "My alerts (2)". */
  alerts: string;
  /** Listings found since their last look at My alerts. */
  unseen: number;
}

export function useSignedInUser(): SignedInUser | null {
  return useRouteLoaderData<{ user: SignedInUser | null }>("root")?.user ?? null;
}
