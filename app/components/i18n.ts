/**
 * The page's language and its messages (decision 015), as the root loader chose and sent them:
 * only the active language's catalogue reaches the browser.
 */
import { useRouteLoaderData } from "react-router";
import type { EnglishCatalogue } from "../../core/i18n/en";
import { DEFAULT_LANGUAGE, type Language } from "../../core/i18n/languages";
import { createTranslator, type MessageKey, type Params, type Translate } from "../../core/i18n/translate";

export type UiKey = MessageKey<EnglishCatalogue>;

/** What the root loader sends for the page's words. */
export interface PageLanguage {
  lang: Language;
  messages: EnglishCatalogue;
}

export interface I18n {
  lang: Language;
  t: Translate<UiKey>;
}

const translators = new WeakMap<object, Translate<UiKey>>();
/** Without the root loader's data (a failure before it ran) keys read as themselves. */
const NO_MESSAGES: I18n = { lang: DEFAULT_LANGUAGE, t: (key: string, _params?: Params) => key };

export function i18nOf(data: Partial<PageLanguage> | undefined | null): I18n {
  if (!data?.messages || !data.lang) return NO_MESSAGES;
  let t = translators.get(data.messages);
  if (!t) {
    t = createTranslator<UiKey>(data.lang, data.messages as unknown as Record<string, never>);
    translators.set(data.messages, t);
  }
  return { lang: data.lang, t };
}

export function useI18n(): I18n {
  return i18nOf(useRouteLoaderData<PageLanguage>("root"));
}

/** For a route's `meta`: the root match's data carries the messages. */
export function metaI18n(matches: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>): I18n {
  const root = matches.find((m) => m?.id === "root");
  return i18nOf((root?.loaderData ?? root?.data) as PageLanguage | undefined);
}
