/**
 * A module of its own: `languages.ts` is in every page's first load, and only the back office
 * ends a sentence it builds around a date.
 */
import type { Language } from "./languages";

/** How a sentence ends in each language: the danda in Hindi, Bengali, Odia and Punjabi, Urdu's full stop, a Latin one elsewhere. */
export const FULL_STOP: Record<Language, string> = {
  en: ".",
  hi: "।",
  bn: "।",
  te: ".",
  mr: ".",
  ta: ".",
  gu: ".",
  or: "।",
  kn: ".",
  pa: "।",
  ur: "۔",
  ml: ".",
};
