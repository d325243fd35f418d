/**
 * Which language the offline pieces speak (the service worker's pages, the sell draft's notes,
 * the installed app's manifest), apart from their words (core/offline/offline-messages.ts): every page's
 * root links its manifest, so what it needs stays this small in the first load's budget.
 */
export type OfflineLanguage = "en" | "hi";

/** `hi`, `hi-IN` → Hindi; anything else (or nothing) → English. */
export function offlineLanguageOf(lang: string | null | undefined): OfflineLanguage {
  return /^hi(-|$)/i.test(lang?.trim() ?? "") ? "hi" : "en";
}

/** The installed app's manifest in each language (served by server/http/web-manifest.ts). */
export const WEB_MANIFEST_PATHS: Record<OfflineLanguage, string> = { en: "/manifest.webmanifest", hi: "/manifest-hi.webmanifest" };

/** The manifest a page in this language links, so the installed app is named in it. */
export function webManifestPathFor(lang: string | null | undefined): string {
  return WEB_MANIFEST_PATHS[offlineLanguageOf(lang)];
}
