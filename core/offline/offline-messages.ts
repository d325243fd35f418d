/**
 * Every word the offline features show (the installed app's name, the offline banner and page,
 * the sell form's saved draft), in English and Hindi, in one place (decision 016). The page picks
 * the language from its `<html lang>`; the service worker from the saved page's own `<html lang>`,
 * or, for its offline page, the last page the person saw. Grouped by where each is shown.
 * TODO(i18n): move these into the message catalogue when it lands.
 */
import type { OfflineLanguage } from "./offline-language";

type Translated<T> = Record<OfflineLanguage, T>;

/** The installed app's name (web app manifest) and its short name under the icon. */
export const APP_NAMES: Translated<{ name: string; shortName: string; description: string }> = {
  en: {
    name: "Mandi — farm produce from the farmer",
    shortName: "Mandi",
    description: "Buy rice, wheat, fruits, vegetables, oil seeds, nuts and dry fruits directly from farmers.",
  },
  hi: {
    name: "मंडी — किसान से सीधी उपज",
    shortName: "मंडी",
    description: "चावल, गेहूँ, फल, सब्ज़ियाँ, तिलहन, मेवे और सूखे मेवे सीधे किसानों से खरीदें।",
  },
};

/** The banner on a page shown from this phone's saved copy (the network failed). */
export const OFFLINE_BANNER_MESSAGES: Translated<{ offlineCopy: string }> = {
  en: { offlineCopy: "You are offline. This page may be out of date." },
  hi: { offlineCopy: "आप ऑफ़लाइन हैं। हो सकता है यह पेज पुराना हो।" },
};

/** The page for anything not saved on this phone; `sellDraftKept` is added when it stands for the sell form. */
export const OFFLINE_PAGE_MESSAGES: Translated<{ title: string; body: string; retry: string; goHome: string; sellDraftKept: string }> = {
  en: {
    title: "You are offline",
    body: "This page is not saved on this phone, so it cannot open without the internet. Check your connection and try again.",
    retry: "Try again",
    goHome: "Go to the home page",
    sellDraftKept: "What you typed in the sell form is saved on this phone. It will be there when you are back online.",
  },
  hi: {
    title: "आप ऑफ़लाइन हैं",
    body: "यह पेज इस फ़ोन पर सहेजा नहीं गया है, इसलिए इंटरनेट के बिना नहीं खुलेगा। अपना कनेक्शन जाँचें और फिर से कोशिश करें।",
    retry: "फिर से कोशिश करें",
    goHome: "होम पेज पर जाएँ",
    sellDraftKept: "बेचने के फ़ॉर्म में आपने जो लिखा था, वह इस फ़ोन पर सहेजा है। ऑनलाइन आने पर वह वहीं मिलेगा।",
  },
};

/** The sell form's draft: under its heading, and while offline. */
export const SELL_DRAFT_MESSAGES: Translated<{ note: string; restored: string; startAgain: string; offline: string; notSent: string }> = {
  en: {
    note: "What you type is saved on this phone until you send it.",
    restored: "We brought back what you typed earlier. Please add your photos again before you send it.",
    startAgain: "Start again",
    offline: "You are offline. What you typed is saved on this phone. Send it when you are back online.",
    notSent: "You are offline, so your product was not sent. It is saved on this phone: send it when you are back online.",
  },
  hi: {
    note: "आप जो लिखते हैं, वह भेजने तक इस फ़ोन पर सहेजा रहता है।",
    restored: "आपने पहले जो लिखा था, वह वापस ले आए हैं। भेजने से पहले अपनी फ़ोटो फिर से जोड़ें।",
    startAgain: "फिर से शुरू करें",
    offline: "आप ऑफ़लाइन हैं। आपने जो लिखा है, वह इस फ़ोन पर सहेजा है। ऑनलाइन आने पर इसे भेजें।",
    notSent: "आप ऑफ़लाइन हैं, इसलिए आपका सामान नहीं भेजा गया। यह इस फ़ोन पर सहेजा है: ऑनलाइन आने पर इसे भेजें।",
  },
};
