import { useRouteLoaderData } from "react-router";

/** The signed-in person as the root loader saw them, or null. */
export function useSignedInUser(): { name: string; alertCount?: number } | null {
  return useRouteLoaderData<{ user: { name: string; alertCount?: number } | null }>("root")?.user ?? null;
}
