import { useRouteLoaderData } from "react-router";

/** The signed-in person as the root loader saw them, or null. */
export function useSignedInUser(): { name: string; alerts?: string } | null {
  return useRouteLoaderData<{ user: { name: string; alerts?: string } | null }>("root")?.user ?? null;
}
