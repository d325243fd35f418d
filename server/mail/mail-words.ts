/**
 * The words of Mandi's email and the pages its links open: each catalogue's `mail` section
 * (decision 060; core/i18n/catalogues/). No page of the app shows them, so they are not in the
 * catalogue file browsers fetch. `{{name}}` marks a part.
 */
import { FULL_CATALOGUES } from "../../core/i18n/catalogues";
import type { FullCatalogue } from "../../core/i18n/catalogue-types";
import type { Language } from "../../core/i18n/languages";
import { createTranslator, type MessageKey, type MessageTree, type Translate } from "../../core/i18n/translate";

export type MailWords = FullCatalogue["mail"];

export const MAIL_WORDS = Object.fromEntries(Object.entries(FULL_CATALOGUES).map(([language, c]) => [language, c.mail])) as Record<
  Language,
  MailWords
>;

export type MailKey = MessageKey<MailWords>;

/** A translator over one language's mail words (rosetta, as the pages use). */
export function mailTranslator(language: Language): Translate<MailKey> {
  return createTranslator<MailKey>(language, MAIL_WORDS[language] as unknown as MessageTree);
}
