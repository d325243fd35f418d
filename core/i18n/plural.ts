/**
 * Which plural form a count takes in a language, as CLDR says (Intl.PluralRules): English has
 * "one" for 1 only, Hindi for 0 and 1. The catalogues hold the forms both languages use.
 */
import { HTML_LANG, type Language } from "./languages";

export type PluralForm = "one" | "other";

const rules = new Map<Language, Intl.PluralRules>();

export function pluralForm(count: number, language: Language): PluralForm {
  let rule = rules.get(language);
  if (!rule) rules.set(language, (rule = new Intl.PluralRules(HTML_LANG[language])));
  // Neither language has "two", "few" or "many": anything but "one" is "other".
  return rule.select(count) === "one" ? "one" : "other";
}
