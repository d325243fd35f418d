/**
 * Every word the offline features show (the installed app's name, the offline banner and page,
 * the sell form's saved draft), by language: each catalogue's `offline` section (decision 060).
 * The page picks the language from its `<html lang>`; the service worker from the saved page's
 * own `<html lang>`, or, for its offline page, the last page the person saw. Only this part of
 * each catalogue is imported, so the service worker carries no other words.
 */
import bn from "../i18n/catalogues/bn/offline.json" with { type: "json" };
import en from "../i18n/catalogues/en/offline.json" with { type: "json" };
import gu from "../i18n/catalogues/gu/offline.json" with { type: "json" };
import hi from "../i18n/catalogues/hi/offline.json" with { type: "json" };
import kn from "../i18n/catalogues/kn/offline.json" with { type: "json" };
import ml from "../i18n/catalogues/ml/offline.json" with { type: "json" };
import mr from "../i18n/catalogues/mr/offline.json" with { type: "json" };
import or from "../i18n/catalogues/or/offline.json" with { type: "json" };
import pa from "../i18n/catalogues/pa/offline.json" with { type: "json" };
import ta from "../i18n/catalogues/ta/offline.json" with { type: "json" };
import te from "../i18n/catalogues/te/offline.json" with { type: "json" };
import ur from "../i18n/catalogues/ur/offline.json" with { type: "json" };
import type { Language } from "../i18n/languages";

export type OfflineWords = typeof en;

const OFFLINE_WORDS: Record<Language, OfflineWords> = { en, hi, bn, te, mr, ta, gu, or, kn, pa, ur, ml };

/** The installed app's name (web app manifest) and its short name under the icon. */
export const APP_NAMES = pick("app");

/** The banner on a page shown from this phone's saved copy (the network failed). */
export const OFFLINE_BANNER_MESSAGES = pick("banner");

/** The page for anything not saved on this phone; `sellDraftKept` is added when it stands for the sell form. */
export const OFFLINE_PAGE_MESSAGES = pick("page");

/** The sell form's draft: under its heading, and while offline. */
export const SELL_DRAFT_MESSAGES = pick("sellDraft");

function pick<K extends keyof OfflineWords>(part: K): Record<Language, OfflineWords[K]> {
  return Object.fromEntries(Object.entries(OFFLINE_WORDS).map(([language, words]) => [language, words[part]])) as Record<
    Language,
    OfflineWords[K]
  >;
}
