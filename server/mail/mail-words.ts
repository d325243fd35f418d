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
  introOne: string;
  introMany: string;
  searchLabel: string;
  listingLabel: string;
  unchecked: string;
  see: string;
  myAlerts: string;
  why: string;
  stop: string;
  verify: {
    subject: string;
    intro: string;
    button: string;
    ignore: string;
  };
  /** The link that sets a new password ("Forgot password?", decision 052). */
  reset: {
    subject: string;
    intro: string;
    button: string;
    ignore: string;
  };
  /** The page the verification link opens (server/mail/verify-email-route.ts). */
  verifyPage: {
    title: string;
    confirm: string;
    button: string;
    done: string;
    invalid: string;
    tooMany: string;
    badRequest: string;
    myAccount: string;
  };
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
    subjectOne: "A new listing for your saved search on Mandi",
    subjectMany: "{{count}} new listings for your saved search on Mandi",
    greeting: "Hello,",
    introOne: "A new listing on Mandi matches one of your saved searches.",
    introMany: "{{count}} new listings on Mandi match one of your saved searches.",
    searchLabel: "Your saved search, in your words:",
    listingLabel: "The listing's name, as the seller wrote it:",
    unchecked:
      "Names in quotes were written by sellers or by you, not by Mandi. Mandi never asks you by email to call a number, pay, or share a code.",
    see: "See the listing",
    myAlerts: "Your saved searches and alerts",
    why: "You get this email because you saved this search on Mandi and chose to hear by email.",
    stop: "Stop all alert email to this address",
    verify: {
      subject: "Confirm your email address for Mandi",
      intro:
        "Someone, probably you, gave this email address to a Mandi account and would like its alerts by email. Mandi sends no alert email to this address until you confirm it.",
      button: "Confirm my email address",
      ignore: "If it was not you, ignore this email: Mandi will not send alerts here. The link works for 3 days.",
    },
    reset: {
      subject: "Set a new password for Mandi",
      intro: "Someone, probably you, asked to set a new password for the Mandi account of this email address.",
      button: "Set a new password",
      ignore:
        "The link works once, for 30 minutes. If it was not you, ignore this email: your password stays as it is. Mandi never asks for your password by email or phone.",
    },
    verifyPage: {
      title: "Confirm your email address",
      confirm: "Confirm that this is your email address and that Mandi may send the alerts you chose to it?",
      button: "Confirm",
      done: "Thank you. Your email address is confirmed: the alerts you chose by email will come to it.",
      invalid: "This link is not valid or has expired. Please log in and ask for a new link on My account.",
      tooMany: "Too many tries from here just now. Please wait a minute and press the button again.",
      badRequest: "Please press the button on the page to confirm your address.",
      myAccount: "Go to My account",
    },
    unsubscribe: {
      title: "Stop alert email",
      confirm: "Stop all alert email from Mandi to this address? New listings will still show under My alerts.",
      button: "Stop email",
      done: "Done. Mandi will send no more alert email to this address. To get it again, switch email on under My alerts and follow the link we then send to this address.",
      already: "This address already gets no alert email from Mandi.",
      invalid: "This link is not valid. Please use the link from the email as it is.",
      notFound: "We could not find this saved search. It may have been deleted, and then no more email is sent for it.",
      badRequest: "Please press the button on the page to stop the email.",
      myAlerts: "Go to My alerts",
    },
  },
  hi: {
    subjectOne: "मंडी पर आपकी सहेजी खोज के लिए एक नई लिस्टिंग",
    subjectMany: "मंडी पर आपकी सहेजी खोज के लिए {{count}} नई लिस्टिंग",
    greeting: "नमस्ते,",
    introOne: "मंडी पर एक नई लिस्टिंग आपकी एक सहेजी खोज से मिलती है।",
    introMany: "मंडी पर {{count}} नई लिस्टिंग आपकी एक सहेजी खोज से मिलती हैं।",
    searchLabel: "आपकी सहेजी खोज, आपके शब्दों में:",
    listingLabel: "लिस्टिंग का नाम, जैसा विक्रेता ने लिखा:",
    unchecked: "उद्धरण चिह्नों में लिखे नाम विक्रेताओं ने या आपने लिखे हैं, मंडी ने नहीं। मंडी ईमेल से कभी किसी नंबर पर फ़ोन करने, पैसे देने या कोड बताने को नहीं कहती।",
    see: "लिस्टिंग देखें",
    myAlerts: "आपकी सहेजी खोजें और अलर्ट",
    why: "आपको यह ईमेल इसलिए मिला क्योंकि आपने मंडी पर यह खोज सहेजी और ईमेल से अलर्ट चुना।",
    stop: "इस पते पर सभी अलर्ट ईमेल बंद करें",
    verify: {
      subject: "मंडी के लिए अपना ईमेल पता पक्का करें",
      intro:
        "किसी ने, शायद आपने, यह ईमेल पता मंडी के एक खाते में दिया है और उसके अलर्ट ईमेल से चाहता है। जब तक आप इसे पक्का नहीं करते, मंडी इस पते पर कोई अलर्ट ईमेल नहीं भेजती।",
      button: "मेरा ईमेल पता पक्का करें",
      ignore: "अगर यह आप नहीं थे, तो इस ईमेल को अनदेखा करें: मंडी यहाँ अलर्ट नहीं भेजेगी। लिंक 3 दिन तक काम करता है।",
    },
    reset: {
      subject: "मंडी के लिए नया पासवर्ड बनाएँ",
      intro: "किसी ने, शायद आपने, इस ईमेल पते वाले मंडी खाते का नया पासवर्ड बनाने को कहा है।",
      button: "नया पासवर्ड बनाएँ",
      ignore:
        "लिंक एक ही बार, 30 मिनट तक काम करता है। अगर यह आप नहीं थे, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड वही रहेगा। मंडी कभी ईमेल या फ़ोन पर आपका पासवर्ड नहीं माँगती।",
    },
    verifyPage: {
      title: "अपना ईमेल पता पक्का करें",
      confirm: "क्या आप पक्का करते हैं कि यह आपका ईमेल पता है और मंडी आपके चुने अलर्ट इस पर भेज सकती है?",
      button: "पक्का करें",
      done: "धन्यवाद। आपका ईमेल पता पक्का हो गया: आपके चुने ईमेल अलर्ट अब इस पर आएँगे।",
      invalid: "यह लिंक सही नहीं है या इसका समय निकल गया है। कृपया लॉग इन करके “मेरा खाता” पर नया लिंक माँगें।",
      tooMany: "अभी यहाँ से बहुत ज़्यादा कोशिशें हुईं। कृपया एक मिनट रुककर बटन फिर दबाएँ।",
      badRequest: "अपना पता पक्का करने के लिए कृपया पेज पर बटन दबाएँ।",
      myAccount: "मेरे खाते पर जाएँ",
    },
    unsubscribe: {
      title: "अलर्ट ईमेल बंद करें",
      confirm: "इस पते पर मंडी के सभी अलर्ट ईमेल बंद करें? नई लिस्टिंग “मेरे अलर्ट” में दिखती रहेंगी।",
      button: "ईमेल बंद करें",
      done: "हो गया। मंडी अब इस पते पर कोई अलर्ट ईमेल नहीं भेजेगी। फिर से पाने के लिए “मेरे अलर्ट” में ईमेल चालू करें और फिर इस पते पर भेजे गए लिंक को खोलें।",
      already: "इस पते पर मंडी के अलर्ट ईमेल पहले से बंद हैं।",
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
