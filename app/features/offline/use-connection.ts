/** The browser's view of the network and of the page's language, read without a render mismatch. */
import { useSyncExternalStore } from "react";

function subscribeToNetwork(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}
const noChanges = () => () => {};

/** False once the browser knows it has no network; true on the server and until then. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );
}

/** The page's `<html lang>` in the browser; null while rendering on the server and hydrating. */
export function usePageLang(): string | null {
  return useSyncExternalStore(
    noChanges,
    () => document.documentElement.lang,
    () => null,
  );
}
