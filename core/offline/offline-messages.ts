/**
 * Every word the offline features show (the installed app's name, the offline banner and page,
 * the sell form's saved draft), by language: each catalogue's `offline` section (decision 060).
 * The page picks the language from its `<html lang>`; the service worker from the saved page's
 * own `<html lang>`, or, for its offline page, the last page the person saw. Only this section of
 * each catalogue is imported (named JSON imports), so the service worker carries no other words.
 */
import { offline as bn } from "../i18n/catalogues/bn.json";
import { offline as en } from "../i18n/catalogues/en.json";
import { offline as gu } from "../i18n/catalogues/gu.json";
import { offline as hi } from "../i18n/catalogues/hi.json";
import { offline as kn } from "../i18n/catalogues/kn.json";
import { offline as ml } from "../i18n/catalogues/ml.json";
import { offline as mr } from "../i18n/catalogues/mr.json";
import { offline as or } from "../i18n/catalogues/or.json";
import { offline as ta } from "../i18n/catalogues/ta.json";
import { offline as te } from "../i18n/catalogues/te.json";
import { offline as ur } from "../i18n/catalogues/ur.json";
import type { Language } from "../i18n/languages";

export type OfflineWords = typeof en;

const OFFLINE_WORDS: Record<Language, OfflineWords> = { en, hi, bn, te, mr, ta, gu, or, kn, ur, ml };

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
