/**
 * The page's language and its messages (decision 015). The server renders with its catalogue;
 * the browser fetches the same language's catalogue file (preloaded by the page, cached for a
 * year) before it hydrates: app/entry.server.tsx and app/entry.client.tsx provide PageMessages.
 * Only the active language's messages reach the browser, and the HTML carries none of them.
 */
import { createContext, useContext } from "react";
import type { HeadMessages } from "../../../core/i18n/catalogues";
import type { PageCatalogue } from "../../../core/i18n/catalogue-types";
import { DEFAULT_LANGUAGE, type Language } from "../../../core/i18n/languages";
import { provideMonthNames } from "../../../core/shared/dates";
import { createTranslator, type MessageKey, type MessageTree, type Params, type Translate } from "../../../core/i18n/translate";

export type UiKey = MessageKey<PageCatalogue>;

/** The page's language, its catalogue, and where the browser fetches that catalogue. */
export interface PageMessages {
  lang: Language;
  messages: PageCatalogue | null;
  href: string;
}

export const PageMessagesContext = createContext<PageMessages>({ lang: DEFAULT_LANGUAGE, messages: null, href: "" });

export interface I18n {
  lang: Language;
  t: Translate<UiKey>;
}

const translators = new WeakMap<object, Translate<UiKey>>();
/** Without messages (nothing provided them) keys read as themselves. */
const keysOnly: Translate<UiKey> = (key: string, _params?: Params) => key;

export function i18nOf(lang: Language | undefined, messages: object | null | undefined): I18n {
  if (!messages || !lang) return { lang: lang ?? DEFAULT_LANGUAGE, t: keysOnly };
  let t = translators.get(messages);
  if (!t) {
    t = createTranslator<UiKey>(lang, messages as MessageTree);
    // A page's catalogue names the months (a title's few messages do not).
    const months = (messages as Partial<PageCatalogue>).date?.months;
    if (months) provideMonthNames(lang, months);
    translators.set(messages, t);
  }
  return { lang, t };
}

export function useI18n(): I18n {
  const { lang, messages } = useContext(PageMessagesContext);
  return i18nOf(lang, messages);
}

/** A key of the few messages the root loader sends for titles (headMessages). */
export type HeadKey = MessageKey<HeadMessages>;

/**
 * For a route's `meta`: the root loader sends the few messages titles need (headMessages), and
 * this translator takes only their keys, so a title that names any other message fails to compile
 * instead of showing its key (issue 42).
 */
export function metaI18n(matches: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>): {
  lang: Language;
  t: Translate<HeadKey>;
} {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { lang?: Language; head?: object } | undefined;
  return i18nOf(data?.lang, data?.head);
}
