/**
 * The words of alert email, English and Hindi (decision 026). They live here, not in core/i18n:
 * no page shows them, and the catalogues there are sent to browsers. `{{name}}` marks a part.
 */
import type { Language } from "../../core/i18n/languages";
import { createTranslator, type MessageKey, type MessageTree, type Translate } from "../../core/i18n/translate";

export interface MailWords {
  subjectOne: string;
  subjectMany: string;
  greeting: string;
  greetingNoName: string;
  introOne: string;
  introMany: string;
  see: string;
  myAlerts: string;
  why: string;
  stop: string;
  unsubscribe: {
    title: string;
    confirm: string;
    button: string;
    done: string;
    already: string;
    invalid: string;
    notFound: string;
    badRequest: string;
    myAlerts: string;
  };
}

export const MAIL_WORDS: Record<Language, MailWords> = {
  en: {
    subjectOne: "New on Mandi: {{listing}} ({{search}})",
    subjectMany: "{{count}} new listings on Mandi ({{search}})",
    greeting: "Hello {{name}},",
    greetingNoName: "Hello,",
    introOne: "A new listing matches your saved search “{{search}}”:",
    introMany: "{{count}} new listings match your saved search “{{search}}”:",
    see: "See the listing",
    myAlerts: "Your saved searches and alerts",
    why: "You get this email because you saved this search on Mandi and chose to hear by email.",
    stop: "Stop email for this search",
    unsubscribe: {
      title: "Stop email for a saved search",
      confirm: "Stop email about “{{search}}”? You will still see new listings under My alerts.",
      button: "Stop email",
      done: "Done. You will get no more email about “{{search}}”.",
      already: "You already get no email about “{{search}}”.",
      invalid: "This link is not valid. Please use the link from the email as it is.",
      notFound: "We could not find this saved search. It may have been deleted, and then no more email is sent for it.",
      badRequest: "Please press the button on the page to stop the email.",
      myAlerts: "Go to My alerts",
    },
  },
  hi: {
    subjectOne: "मंडी पर नया: {{listing}} ({{search}})",
    subjectMany: "मंडी पर {{count}} नई लिस्टिंग ({{search}})",
    greeting: "नमस्ते {{name}},",
    greetingNoName: "नमस्ते,",
    introOne: "आपकी सहेजी खोज “{{search}}” से एक नई लिस्टिंग मिलती है:",
    introMany: "आपकी सहेजी खोज “{{search}}” से {{count}} नई लिस्टिंग मिलती हैं:",
    see: "लिस्टिंग देखें",
    myAlerts: "आपकी सहेजी खोजें और अलर्ट",
    why: "आपको यह ईमेल इसलिए मिला क्योंकि आपने मंडी पर यह खोज सहेजी और ईमेल से अलर्ट चुना।",
    stop: "इस खोज के ईमेल बंद करें",
    unsubscribe: {
      title: "सहेजी खोज के ईमेल बंद करें",
      confirm: "“{{search}}” के ईमेल बंद करें? नई लिस्टिंग “मेरे अलर्ट” में दिखती रहेंगी।",
      button: "ईमेल बंद करें",
      done: "हो गया। अब “{{search}}” के बारे में कोई ईमेल नहीं आएगा।",
      already: "“{{search}}” के ईमेल पहले से बंद हैं।",
      invalid: "यह लिंक सही नहीं है। कृपया ईमेल वाला लिंक बिना बदले खोलें।",
      notFound: "यह सहेजी खोज नहीं मिली। शायद यह हटा दी गई है, और तब इसके ईमेल नहीं आते।",
      badRequest: "ईमेल बंद करने के लिए कृपया पेज पर बटन दबाएँ।",
      myAlerts: "मेरे अलर्ट पर जाएँ",
    },
  },
};

export type MailKey = MessageKey<MailWords>;

/** A translator over one language's mail words (rosetta, as the pages use). */
export function mailTranslator(language: Language): Translate<MailKey> {
  return createTranslator<MailKey>(language, MAIL_WORDS[language] as unknown as MessageTree);
}
