import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "../catalogue/categories";
import { REPORT_REASONS } from "../moderation/moderation";
import { UNITS } from "../money/units";
import { SPEC_NO_DOWNLOAD_URL, UPLOAD_ERROR_MESSAGES, UPLOAD_STATES, type UploadErrorCode } from "../uploads/upload-task";
import { FULL_CATALOGUES } from "./catalogues";
import { LANGUAGES, type Language } from "./languages";
import { serverMessagesIn, translateServerMessage } from "./server-messages";
import { createTranslator, placeholdersOf, type MessageTree } from "./translate";
import { LANGUAGE_SCRIPT, LATIN_ALLOWED } from "./language-scripts";

const en = FULL_CATALOGUES.en;
const hi = FULL_CATALOGUES.hi;

/** Every message of a catalogue by its dotted key (the `server` section's keys are English sentences, kept whole). */
function flatten(tree: MessageTree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, key === "server" && !prefix ? "server:" : `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const english = flatten(en);
const hindi = flatten(hi);
const DEVANAGARI = /[\u0900-\u097F]/;
const OTHERS = LANGUAGES.filter((language) => language !== "en");
const flat = Object.fromEntries(
  LANGUAGES.map((language) => [language, flatten(FULL_CATALOGUES[language] as unknown as MessageTree)]),
) as Record<Language, Map<string, string>>;

/**
 * Controls whose visible words (first) sit inside a longer accessible name (second): the home
 * page's "View more" links, the listing's Call button and "Show number" (axe flagged the first
 * two in eight languages, every-language-pages.spec.ts). The photo picker's pairs are found by
 * their names (`photo.moveUp` and `photo.moveUpN`).
 */
const SHOWN_AND_NAMED = [
  ["home.viewMore", "home.viewMoreIn"],
  ["home.viewMore", "home.viewMoreProducts"],
  ["listing.callSeller", "listing.callSellerOn"],
  ["phoneReveal.show", "phoneReveal.showNamed"],
] as const;

/** A message's letters outside placeholders and allowed words. */
function lettersOf(message: string): string[] {
  return [...message.replace(/\{\{\s*[\w.]+\s*\}\}/g, "").replace(LATIN_ALLOWED, "")].filter((c) => /\p{L}/u.test(c));
}

describe("every language's catalogue (the CI check of issue 40)", () => {
  it.each(OTHERS)("%s has exactly English's keys", (language) => {
    expect([...flat[language].keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(OTHERS)("%s keeps every message's {{placeholders}}", (language) => {
    const mismatched = [...english].filter(
      ([key, message]) => placeholdersOf(message).join() !== placeholdersOf(flat[language].get(key) ?? "").join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it.each(OTHERS)("%s leaves no message in English, apart from brand and technical words", (language) => {
    const script = LANGUAGE_SCRIPT[language as Exclude<Language, "en">];
    const left = [...flat[language]].filter(([, message]) => {
      const letters = lettersOf(message);
      const latin = letters.filter((c) => /[A-Za-z]/.test(c)).length;
      // A message with words to translate has letters in the script, and few Latin ones.
      return letters.length > 0 && (!letters.some((c) => script.test(c)) || (letters.length > 8 && latin / letters.length > 0.3));
    });
    expect(left.map(([key, message]) => `${key}: ${message}`)).toEqual([]);
  });

  it.each(OTHERS)("%s writes Western digits, as Indian phones show them", (language) => {
    const native = [...flat[language]].filter(([, message]) =>
      /[\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f\u06f0-\u06f9\u0660-\u0669]/.test(
        message,
      ),
    );
    expect(native.map(([key]) => key)).toEqual([]);
  });

  it.each(LANGUAGES)(
    "%s names each control with words that contain what it shows (WCAG 2.5.3, axe's label-content-name-mismatch)",
    (language) => {
      // A button shows "Move up" and is named "Move up: photo 2" for a screen reader; a speech user
      // says what they see, so the name must contain it, word for word.
      const catalogue = flat[language];
      const photoPairs = [...catalogue.keys()]
        .filter((key) => key.startsWith("photo.") && key.endsWith("N") && catalogue.has(key.slice(0, -1)))
        .map((key) => [key.slice(0, -1), key] as const);
      const mismatched = [...photoPairs, ...SHOWN_AND_NAMED]
        .filter(([shown, named]) => !catalogue.get(named)!.toLowerCase().includes(catalogue.get(shown)!.toLowerCase()))
        .map(([shown, named]) => `${named}: "${catalogue.get(named)}" lacks "${catalogue.get(shown)}"`);
      expect(mismatched).toEqual([]);
    },
  );
});

describe("the catalogues", () => {
  it("write Marathi as Marathi, not as Hindi in the same script (issue 40): बाजारभाव for the mandi rate", () => {
    // Short words the two share (ग्रेड, MSP, a figure) may match; whole messages should not.
    const marathi = [...flat.mr].filter(([, message]) => DEVANAGARI.test(message));
    const asHindi = marathi.filter(([key, message]) => hindi.get(key) === message);
    expect(asHindi.length / marathi.length).toBeLessThan(0.1);
    expect([...flat.mr.values()].some((message) => message.includes("बाजारभाव"))).toBe(true);
  });

  it("have no empty message", () => {
    const all = LANGUAGES.flatMap((language) => [...flat[language]].map(([key, message]) => [`${language} ${key}`, message] as const));
    expect(all.filter(([, message]) => !message.trim()).map(([key]) => key)).toEqual([]);
  });

  it("write every Hindi message in Devanagari, apart from ones made only of placeholders, figures and names", () => {
    // "{{price}} / {{unit}}", "{{page}} — Mandi", the switch's "English": nothing to translate.
    const allowed = /^[\s\d{}\w—–/.,()›‹·:₹%×]*$/;
    const latinOnly = [...hindi].filter(([, message]) => !DEVANAGARI.test(message) && !allowed.test(message.replace(/\{\{\w+\}\}/g, "")));
    expect(latinOnly).toEqual([]);
    const untranslated = [...hindi].filter(
      ([key, message]) =>
        message === english.get(key) &&
        DEVANAGARI.test(message) === false &&
        /[a-z]{3}/i.test(message.replace(/\{\{\w+\}\}|Mandi|English/g, "")),
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it("name every category, unit, report reason and upload state", () => {
    for (const slug of CATEGORY_SLUGS)
      for (const form of ["label", "form", "lower"]) expect(english.has(`category.${form}.${slug}`), `${form}.${slug}`).toBe(true);
    for (const unit of UNITS)
      for (const form of ["one", "many", "option"]) expect(english.has(`unit.${form}.${unit}`), `${form}.${unit}`).toBe(true);
    for (const reason of REPORT_REASONS) expect(english.has(`report.reason.${reason}`), reason).toBe(true);
    for (const state of UPLOAD_STATES) expect(english.has(`photo.state.${state}`), state).toBe(true);
  });

  it("say each upload error in English exactly as the server's UPLOAD_ERROR_MESSAGES do", () => {
    for (const code of Object.keys(UPLOAD_ERROR_MESSAGES) as UploadErrorCode[]) {
      if (code === "unauthenticated") {
        expect(en.spec.mustLogin).toBe(UPLOAD_ERROR_MESSAGES[code]); // the specification's words
        continue;
      }
      const english = code === "no-download-url" ? `${SPEC_NO_DOWNLOAD_URL} ${en.upload.addAgain}` : en.upload[code];
      expect(english, code).toBe(UPLOAD_ERROR_MESSAGES[code]);
    }
  });

  it("fill placeholders through rosetta, and read a missing key as itself", () => {
    const t = createTranslator("hi", hi as unknown as MessageTree);
    expect(t("browse.showingMany", { from: 1, to: 8, total: 17 })).toBe("17 में से 1–8 उत्पाद");
    expect(t("unit.perKg", { price: "₹1,25,000" })).toBe("₹1,25,000 / किलो");
    expect(t("no.such.key")).toBe("no.such.key");
    expect(createTranslator("en", en as unknown as MessageTree)("home.viewMoreIn", { section: "Rice" })).toBe("View more in Rice");
  });
});

describe("the server's messages in Hindi", () => {
  it("keep their placeholders, and are written in Devanagari", () => {
    for (const [english, hindiText] of Object.entries(serverMessagesIn("hi"))) {
      expect(placeholdersOf(hindiText), english).toEqual(placeholdersOf(english));
      expect(DEVANAGARI.test(hindiText), english).toBe(true);
    }
  });

  it("translate a whole message, or a template and its parts", () => {
    expect(translateServerMessage("Invalid email or password.", "hi")).toBe("ईमेल या पासवर्ड ग़लत है।");
    expect(translateServerMessage("Please enter your full name.", "hi")).toBe("कृपया अपना पूरा नाम लिखें।");
    expect(translateServerMessage("Please enter a description.", "hi")).toBe("कृपया विवरण लिखें।");
    expect(translateServerMessage("Please enter a new password.", "hi")).toBe("कृपया नया पासवर्ड लिखें।");
    expect(translateServerMessage("Please keep the product name under 80 characters.", "hi")).toBe("कृपया उत्पाद का नाम 80 अक्षरों से कम रखें।");
    expect(translateServerMessage("Please use at least 8 characters for your password.", "hi")).toBe(
      "कृपया अपने पासवर्ड में कम से कम 8 अक्षर रखें।",
    );
    // Before "में", the oblique form.
    expect(translateServerMessage("Please use at least 8 characters for your new password.", "hi")).toBe(
      "कृपया अपने नए पासवर्ड में कम से कम 8 अक्षर रखें।",
    );
    expect(translateServerMessage("Please use letters or numbers in your full name.", "hi")).toBe("कृपया अपने पूरे नाम में अक्षर या अंक लिखें।");
    expect(translateServerMessage("Please use letters or numbers in the product name.", "hi")).toBe("कृपया उत्पाद के नाम में अक्षर या अंक लिखें।");
    expect(translateServerMessage("Please use letters or numbers in a description.", "hi")).toBe("कृपया विवरण में अक्षर या अंक लिखें।");
    // States in their Hindi names (core/locations).
    expect(translateServerMessage("Please choose a district in Bihar.", "hi")).toBe("कृपया बिहार का कोई ज़िला चुनें।");
    expect(translateServerMessage("PIN code 110001 is in Delhi, not Punjab. Please check it.", "hi")).toBe(
      "पिन कोड 110001 दिल्ली का है, पंजाब का नहीं। कृपया जाँच लें।",
    );
    expect(translateServerMessage("PIN code 160001 is in Punjab or Chandigarh, not Bihar. Please check it.", "hi")).toBe(
      "पिन कोड 160001 पंजाब या चंडीगढ़ का है, बिहार का नहीं। कृपया जाँच लें।",
    );
    expect(translateServerMessage("PIN code 500001 is in Telangana, Andhra Pradesh or Puducherry, not Goa. Please check it.", "hi")).toBe(
      "पिन कोड 500001 तेलंगाना, आंध्र प्रदेश या पुदुचेरी का है, गोवा का नहीं। कृपया जाँच लें।",
    );
    expect(translateServerMessage("PIN code 790001 is in the North-Eastern states, not Goa. Please check it.", "hi")).toBe(
      "पिन कोड 790001 पूर्वोत्तर राज्यों का है, गोवा का नहीं। कृपया जाँच लें।",
    );
    // A name that is no state's stays as written.
    expect(translateServerMessage("Please choose a district in Atlantis.", "hi")).toBe("कृपया Atlantis का कोई ज़िला चुनें।");
    expect(translateServerMessage("The lowest price cannot be below ₹0. Please enter 0 or more.", "hi")).toBe(
      "न्यूनतम दाम ₹0 से कम नहीं हो सकता। कृपया 0 या उससे ज़्यादा लिखें।",
    );
  });

  it("leave English and anything unknown exactly as they are, and say the specification's messages in Hindi", () => {
    expect(translateServerMessage("Invalid email or password.", "en")).toBe("Invalid email or password.");
    expect(translateServerMessage("You must login first", "en")).toBe("You must login first");
    expect(translateServerMessage("You must login first", "hi")).toBe("पहले लॉगिन करें।");
    expect(translateServerMessage("Please choose a photo of your produce.", "hi")).toBe("कृपया अपनी उपज की फ़ोटो चुनें।");
    expect(translateServerMessage("Something no one wrote down", "hi")).toBe("Something no one wrote down");
  });
});
