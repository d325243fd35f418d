/**
 * The verification code's SMS, word for word as its templates are registered on India's DLT
 * (decision 058): an operator drops a message whose text differs from its registered template by
 * a single character, so the text lives here once and nowhere else. `{#var#}` is DLT's
 * placeholder for the code. To register a language's template, copy its text from here exactly
 * (docs/operations.md, "SMS in more languages").
 */
import type { Language } from "../../core/i18n/languages";

/**
 * The language a code asked for from a page in `language` is sent in: the page's own when its
 * template is registered (`registered`: the setting SMS_LANGUAGES, always with English), else
 * English. The one place this rule lives; the senders call it with the list the config gives them.
 */
export function smsLanguage(language: Language, registered: readonly Language[]): Language {
  return registered.includes(language) ? language : "en";
}

/**
 * The same sentence in every language Mandi speaks, as an OTP SMS is written in it: "Mandi" in
 * Latin letters, Western digits, `{#var#}` once, each language's full stop (the danda in Hindi,
 * Bengali, Odia and Punjabi, ۔ in Urdu), no invisible characters (no ZWJ/ZWNJ: a DLT portal or
 * an operator's matcher may drop them). The words for verify, phone and code are the ones the
 * language's /my/phone page uses (core/i18n/catalogues/<language>/pages.json).
 *
 * Length, with a six-digit code: English is GSM-7 (160 characters a part), 111 characters, one
 * part. Every other language is sent as UCS-2: 70 units in one part, 67 a part when concatenated;
 * all are between 95 and 122 units, so two parts each (units with the code): hi 100, bn 95,
 * te 108, mr 99, ta 122, gu 98, or 106, kn 106, pa 105, ur 96, ml 108. sms-text.test.ts holds
 * these counts, so a change to a text that adds a part fails there.
 *
 * English and Hindi are the texts registered since decision 058: changing a character of either
 * means registering it again first.
 */
export const SMS_CODE_TEMPLATES: Readonly<Record<Language, string>> = {
  en: "{#var#} is your Mandi code to verify your phone number. It is valid for 10 minutes. Do not share it with anyone.",
  hi: "{#var#} Mandi पर आपका फ़ोन नंबर सत्यापित करने का कोड है। यह 10 मिनट तक मान्य है। इसे किसी को न बताएँ।",
  bn: "{#var#} Mandi-তে আপনার ফোন নম্বর যাচাই করার কোড। এটি 10 মিনিট বৈধ থাকবে। কোডটি কাউকে জানাবেন না।",
  te: "{#var#} మీ ఫోన్ నంబరును ధృవీకరించడానికి Mandi కోడ్. ఇది 10 నిమిషాలు చెల్లుతుంది. దీన్ని ఎవరితోనూ పంచుకోవద్దు.",
  mr: "{#var#} हा Mandi वर तुमचा फोन नंबर पडताळण्याचा कोड आहे. तो 10 मिनिटे वैध आहे. तो कोणालाही सांगू नका.",
  ta: "{#var#} உங்கள் போன் எண்ணைச் சரிபார்க்கும் Mandi குறியீடு. இது 10 நிமிடங்களுக்குச் செல்லுபடியாகும். யாருடனும் பகிர வேண்டாம்.",
  gu: "{#var#} એ Mandi પર તમારો ફોન નંબર ચકાસવાનો કોડ છે. તે 10 મિનિટ માટે માન્ય છે. તે કોઈને જણાવશો નહીં.",
  or: "{#var#} Mandi ରେ ଆପଣଙ୍କ ଫୋନ ନମ୍ବର ଯାଞ୍ଚ କରିବାର କୋଡ। ଏହା 10 ମିନିଟ ପର୍ଯ୍ୟନ୍ତ ବୈଧ। ଏହାକୁ କାହାକୁ ଜଣାନ୍ତୁ ନାହିଁ।",
  kn: "{#var#} ನಿಮ್ಮ ಫೋನ್ ಸಂಖ್ಯೆ ಪರಿಶೀಲಿಸಲು Mandi ಕೋಡ್. ಇದು 10 ನಿಮಿಷಗಳವರೆಗೆ ಮಾನ್ಯ. ಇದನ್ನು ಯಾರೊಂದಿಗೂ ಹಂಚಿಕೊಳ್ಳಬೇಡಿ.",
  pa: "{#var#} Mandi ਉੱਤੇ ਤੁਹਾਡੇ ਫ਼ੋਨ ਨੰਬਰ ਦੀ ਤਸਦੀਕ ਦਾ ਕੋਡ ਹੈ। ਇਹ 10 ਮਿੰਟ ਲਈ ਵੈਧ ਹੈ। ਇਸਨੂੰ ਕਿਸੇ ਨਾਲ ਸਾਂਝਾ ਨਾ ਕਰੋ।",
  ur: "{#var#} Mandi پر آپ کے فون نمبر کی تصدیق کا کوڈ ہے۔ یہ 10 منٹ تک کارآمد ہے۔ اسے کسی کو نہ بتائیں۔",
  ml: "{#var#} നിങ്ങളുടെ ഫോൺ നമ്പർ സ്ഥിരീകരിക്കാനുള്ള Mandi കോഡ്. ഇത് 10 മിനിറ്റ് വരെ സാധുവാണ്. ആരുമായും പങ്കിടരുത്.",
};

/** The text of the SMS in `language`, which the caller has already passed through `smsLanguage`. */
export function smsCodeText(code: string, language: Language): string {
  return SMS_CODE_TEMPLATES[language].replace("{#var#}", code);
}
