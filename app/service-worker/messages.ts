/** What a page tells the service worker (app/features/offline/offline.ts → sw.ts). */
export const SERVICE_WORKER_MESSAGES = {
  /** A page was shown: its address and language, and whether the worker should fetch it to save it. */
  pageShown: "mandi:page-shown",
  /** Someone is logging out or in: forget every saved page. */
  dropSavedPages: "mandi:drop-saved-pages",
} as const;

export interface PageShownMessage {
  type: typeof SERVICE_WORKER_MESSAGES.pageShown;
  url: string;
  lang: string;
  /** True when the page came by an in-app link (as `.data`), so the worker has not seen it. */
  save: boolean;
}
