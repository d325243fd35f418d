/**
 * Each language's script, as Unicode names it (Marathi shares Hindi's Devanagari): what the
 * catalogue check and the browser tests count a page's letters by (issue 40). A module of its
 * own: no page's script needs it.
 */
import type { Language } from "./languages";

export const LANGUAGE_SCRIPT: Record<Exclude<Language, "en">, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  mr: /\p{Script=Devanagari}/u,
  bn: /\p{Script=Bengali}/u,
  te: /\p{Script=Telugu}/u,
  ta: /\p{Script=Tamil}/u,
  gu: /\p{Script=Gujarati}/u,
  or: /\p{Script=Oriya}/u,
  kn: /\p{Script=Kannada}/u,
  pa: /\p{Script=Gurmukhi}/u,
  ur: /\p{Script=Arabic}/u,
  ml: /\p{Script=Malayalam}/u,
};
