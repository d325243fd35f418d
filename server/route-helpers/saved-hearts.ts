/**
 * The hearts on a page's listings (decision 023): which of them the signed-in person has saved.
 * Someone signed out sees every heart empty, and their page stays the same as everyone's.
 */
import type { AppLoadContext } from "react-router";

export async function withSaved<T extends { id: string }>(
  context: AppLoadContext,
  items: readonly T[],
): Promise<Array<T & { saved: boolean }>> {
  const actor = items.length ? await context.currentUser() : null;
  const saved = actor
    ? await context.services.savedListings.savedIds({ actor, listingIds: items.map((item) => item.id) })
    : new Set<string>();
  return items.map((item) => ({ ...item, saved: saved.has(item.id) }));
}

/**
 * Where a heart's form sends the person back to: the page it was pressed on (the Referer, which
 * the site's referrer policy sends for its own pages), only ever a path on this site; else `fallback`.
 */
export function backPath(request: Request, fallback: string): string {
  const referer = request.headers.get("referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    if (from.host !== new URL(request.url).host) return fallback;
    const path = from.pathname + from.search;
    return /^\/(?!\/)/.test(path) && !/[\u0000-\u001f\\]/.test(path) ? path : fallback;
  } catch {
    return fallback;
  }
}
