/**
 * The browser's start: React Router's own hydration, once the page's catalogue has arrived
 * (decision 015). The page preloads it (`<link data-messages>`, fetched while the scripts load,
 * then kept for a year), so this rarely waits. If it cannot be fetched, the page is left as the
 * server drew it: links and forms work without JavaScript.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type { PageCatalogue } from "../core/i18n/catalogue-types";
import { HTML_LANG, LANGUAGES } from "../core/i18n/languages";
import { PageMessagesContext, type PageMessages } from "./features/i18n/i18n";

async function pageMessages(): Promise<PageMessages> {
  const lang = LANGUAGES.find((language) => HTML_LANG[language] === document.documentElement.lang) ?? "en";
  const href = document.querySelector("link[data-messages]")?.getAttribute("href") ?? "";
  if (!href) return { lang, messages: null, href };
  const response = await fetch(href);
  if (!response.ok) throw new Error(`The page's messages did not load (${response.status})`);
  return { lang, messages: (await response.json()) as PageCatalogue, href };
}

pageMessages().then(
  (messages) =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <PageMessagesContext.Provider value={messages}>
            <HydratedRouter />
          </PageMessagesContext.Provider>
        </StrictMode>,
      );
    }),
  (error: unknown) => console.error(error),
);
