/**
 * Parts of a page that need no script (listing cards, the footer, a listing's details) are not
 * hydrated (decision 039). React hydrates the whole document in 5 ms slices; on a slow phone
 * (Lighthouse at 8× CPU) each slice becomes a 40–80 ms task. An island skips that walk:
 *
 * - The server renders the wrapper and its children as usual.
 * - While hydrating, the browser renders the same wrapper with `dangerouslySetInnerHTML` and no
 *   children: React then adopts the server's element and leaves everything inside it as it is (it
 *   sets no properties while hydrating, and does not delete the "extra" children of an element
 *   whose content is its inner HTML). `suppressHydrationWarning` keeps development quiet, as the
 *   inner HTML is not what the server sent.
 * - The wrapper stays that way until `deps` change (new loader data after a navigation, another
 *   page of results): then React clears it and renders the children as on any client render.
 *   One object for every render: React writes `innerHTML` only when that prop's identity changes.
 * - Rendered anywhere but in hydration (a client navigation to a new page, or React falling back
 *   to rendering the whole page itself), it renders its children at once.
 *
 * Links inside a frozen island are plain anchors: `IslandLinks` follows them in the app.
 * Plain `<form>`s inside one (the save heart) post as they do without JavaScript.
 */
import { createElement, useEffect, useState, useSyncExternalStore, type AllHTMLAttributes, type ReactNode } from "react";
import { useNavigate } from "react-router";

const SERVER_HTML = { __html: "" };
const subscribe = () => () => {};

export function StaticIsland({
  as,
  deps,
  children,
  ...props
}: { as: string; deps: unknown[]; children: ReactNode } & AllHTMLAttributes<HTMLElement>) {
  // React reads the server snapshot (true) only while hydrating; any render of the browser's own reads false.
  const hydrating = useSyncExternalStore(
    subscribe,
    () => false,
    () => !import.meta.env.SSR,
  );
  const [frozen, setFrozen] = useState(() => (hydrating ? deps : null));
  const same = frozen !== null && frozen.length === deps.length && frozen.every((value, index) => Object.is(value, deps[index]));
  // Once thawed, never frozen again: the server's HTML is gone by then.
  if (frozen && !same) setFrozen(null);
  return createElement(as, {
    ...props,
    "data-island": "",
    ...(same ? { dangerouslySetInnerHTML: SERVER_HTML, suppressHydrationWarning: true } : { children }),
  });
}

/**
 * Plain left clicks on this site's links inside an island go through React Router, as a `<Link>`
 * would; new tabs, downloads, other sites and clicks with a modifier key are left to the browser.
 */
export function IslandLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("[data-island] a[href]") : null;
      if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download") || link.origin !== location.origin) return;
      event.preventDefault();
      void navigate(link.pathname + link.search + link.hash);
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
  return null;
}
