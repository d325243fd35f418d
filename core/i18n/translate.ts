/**
 * Looking a message up in a catalogue: rosetta (decision 015) does the key path and the
 * `{{name}}` placeholders. The browser gets only the active language's catalogue, from the root
 * loader; this file holds no messages itself.
 */
import rosetta from "rosetta";
import type { Language } from "./languages";

/** A catalogue: nested objects whose leaves are messages. */
export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}

/** "a.b.c" for every message of a catalogue shaped like T. */
export type MessageKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${MessageKey<T[K]>}`;
}[keyof T & string];

export type Params = Record<string, string | number>;
export type Translate<K extends string = string> = (key: K, params?: Params) => string;

/** A translator over one language's catalogue; a missing key reads as the key itself (the catalogue test forbids any). */
export function createTranslator<K extends string>(language: Language, messages: MessageTree): Translate<K> {
  const i18n = rosetta({ [language]: messages });
  i18n.locale(language);
  return (key, params) => i18n.t(key, params) || key;
}

/** `{{name}}` placeholders in a message, sorted (the catalogue test compares languages by them). */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!).sort();
}
