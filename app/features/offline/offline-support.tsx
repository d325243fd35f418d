/**
 * Offline support (decision 016), started once the page has loaded so none of it is in the way of
 * the first paint: registers the service worker and tells it about each page shown
 * (app/features/offline/offline.ts, fetched then, so its 1.3 KB is not in the first load's budget; the
 * worker keeps it with the other scripts, so it loads offline too). Renders nothing: a page shown from this phone's saved copy carries the
 * worker's own "may be out of date" banner, which needs no script.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";

export function OfflineSupport() {
  const location = useLocation();
  const href = location.pathname + location.search;
  // The page the document loaded with is "default"; the worker saw it come unless it was not yet in control.
  const cameByLink = location.key !== "default";
  useEffect(() => {
    const start = () => {
      const save = cameByLink || !navigator.serviceWorker?.controller;
      void import("./offline").then(({ pageShown, startOfflineSupport }) => {
        startOfflineSupport();
        pageShown(href, document.documentElement.lang, save);
      });
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, [href, cameByLink]);
  return null;
}
