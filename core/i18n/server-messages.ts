/**
 * Messages the server words in English (zod schemas, AppErrors from services, better-auth's
 * refusals) and their translations: each catalogue's `server` section (decision 060), keyed by the
 * English text as gettext does, so English pages and their tests are unchanged. A message made
 * from parts ("Please enter {{what}}.") is matched by its template and its parts translated in
 * turn. The server translates a message where it leaves for the page (server/route-helpers), so
 * these never reach the browser. The specification's messages stay word for word on English pages.
 */
import { findState, stateName } from "../locations";
import { FULL_CATALOGUES } from "./catalogues";
import { intlLocale, LANGUAGES, type Language } from "./languages";

/** English template → the language's words. `{{name}}` marks a part; a part is itself translated when the table has it. */
export function serverMessagesIn(language: Language): Readonly<Record<string, string>> {
  return FULL_CATALOGUES[language].server;
}

interface Template {
  translated: string;
  names: string[];
  pattern: RegExp;
  fixed: number;
}

/** Parts that are words of ours, never free text: a match must find them in the table ("Please enter a description." is not "a {{which}}"). */
const PHRASE_PARTS = new Set(["what", "which", "unit"]);

/** Parts that name states (core/locations): "Punjab", "Punjab or Chandigarh", "A, B or C". */
const PLACE_PARTS = new Set(["state", "area"]);

/** A part naming states, in the language ("पंजाब या चंडीगढ़", "பஞ்சாப் அல்லது சண்டிகர்"); as it is when a name is unknown. */
function placesIn(part: string, language: Language): string {
  const table = serverMessagesIn(language);
  if (table[part] !== undefined) return table[part]; // "the North-Eastern states"
  const names = part.split(/, | or /);
  const translated = names.map((name) => (findState(name)?.name === name ? stateName(findState(name)!.slug, language) : undefined));
  if (translated.some((name) => !name)) return part;
  return new Intl.ListFormat(intlLocale(language), { type: "disjunction" }).format(translated as string[]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each language's templates with parts, most specific (longest fixed text) first; made on first use. */
const templates = new Map<Language, Template[]>();

function templatesOf(language: Language): Template[] {
  let made = templates.get(language);
  if (made) return made;
  made = Object.entries(serverMessagesIn(language))
    .filter(([english]) => english.includes("{{"))
    .map(([english, translated]) => {
      const names: string[] = [];
      const source = english
        .split(/(\{\{\w+\}\})/)
        .map((piece) => {
          const name = /^\{\{(\w+)\}\}$/.exec(piece)?.[1];
          if (!name) return escape(piece);
          names.push(name);
          return "(.+?)";
        })
        .join("");
      return { translated, names, pattern: new RegExp(`^${source}$`, "s"), fixed: english.replace(/\{\{\w+\}\}/g, "").length };
    })
    .sort((a, b) => b.fixed - a.fixed);
  templates.set(language, made);
  return made;
}

/** A server message in the page's language; a message with no translation stays as it is. */
export function translateServerMessage(message: string, language: Language): string {
  if (language === "en" || !LANGUAGES.includes(language)) return message;
  const table = serverMessagesIn(language);
  const exact = table[message];
  if (exact !== undefined) return exact;
  for (const template of templatesOf(language)) {
    const match = template.pattern.exec(message);
    if (!match || template.names.some((name, i) => PHRASE_PARTS.has(name) && table[match[i + 1]!] === undefined)) continue;
    return template.names.reduce((text, name, i) => {
      const part = match[i + 1]!;
      return text.replaceAll(`{{${name}}}`, PLACE_PARTS.has(name) ? placesIn(part, language) : (table[part] ?? part));
    }, template.translated);
  }
  return message;
}

/** Every message of a field-errors object, translated. */
export function translateServerMessages(errors: Readonly<Record<string, string>>, language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translateServerMessage(message, language)]));
}
