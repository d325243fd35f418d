/**
 * Which language the offline pieces speak (the service worker's pages, the sell draft's notes,
 * the installed app's manifest), apart from their words (core/offline/offline-messages.ts): every page's
 * root links its manifest, so what it needs stays this small in the first load's budget.
 */
import { LANGUAGES, type Language } from "../i18n/languages";

export type OfflineLanguage = Language;

/** `hi`, `hi-IN`, `ta-IN` → that language; anything else (or nothing) → English. */
export function offlineLanguageOf(lang: string | null | undefined): OfflineLanguage {
  const primary = lang?.trim().toLowerCase().split("-")[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? "") ? (primary as Language) : "en";
}

/** The installed app's manifest in a language (served by server/http/web-manifest.ts): English's is the plain name. */
export function webManifestPathFor(language: Language): string {
  return language === "en" ? "/manifest.webmanifest" : `/manifest-${language}.webmanifest`;
}
