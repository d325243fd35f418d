/**
 * Offline support in the page (decision 016), loaded after the page has: registers the service
 * worker, tells it which page is shown (so it can save pages opened by in-app links, and speak the
 * page's language on its offline page), and while offline lets links and forms load whole pages,
 * which the worker answers from what it saved or with its offline page, instead of React Router
 * fetching data that cannot come. Logging out also forgets the saved pages and the sell draft.
 */
import { SERVICE_WORKER_MESSAGES, type PageShownMessage } from "../../service-worker/messages";
import { clearSellDraft } from "./sell-draft-store";

/** Pages that decide offline sending themselves (the sell form keeps its draft and says so). */
export const HANDLES_OFFLINE_ATTRIBUTE = "data-offline-draft";
const SIGN_IN_OR_OUT = new Set(["/login", "/signup", "/logout"]);

let started = false;

export function startOfflineSupport(): void {
  // `npm run dev` builds no worker (decision 016).
  if (started || import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  started = true;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // No worker (storage refused, say): the site works as before, online only.
  });
  // Capture on window runs before React's listeners (on the document), so stopping the event
  // there leaves it to the browser.
  window.addEventListener("click", openLinksWholeWhileOffline, true);
  window.addEventListener("submit", onFormSubmit, true);
}

/** A page was shown; `save`: the worker has not seen it come (an in-app link, or not yet in control). */
export function pageShown(url: string, lang: string, save: boolean): void {
  if (!("serviceWorker" in navigator)) return;
  const message: PageShownMessage = { type: SERVICE_WORKER_MESSAGES.pageShown, url, lang, save: save && navigator.onLine };
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

function openLinksWholeWhileOffline(event: MouseEvent) {
  if (navigator.onLine || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
  if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download") || link.origin !== location.origin) return;
  event.stopPropagation();
}

function onFormSubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const action = new URL(form.getAttribute("action") ?? location.href, location.href);
  if (action.origin === location.origin && SIGN_IN_OR_OUT.has(action.pathname)) {
    // Whoever comes next must not see this person's saved pages (the worker also drops them
    // when it sees the form go), nor, after a logout, their unsent listing.
    if (action.pathname === "/logout") clearSellDraft();
    navigator.serviceWorker.controller?.postMessage({ type: SERVICE_WORKER_MESSAGES.dropSavedPages });
  }
  if (navigator.onLine || form.closest(`[${HANDLES_OFFLINE_ATTRIBUTE}]`)) return;
  event.stopPropagation();
}
