/**
 * The catalogues for the browser tests, as pages see them (their page words): English and Hindi by
 * name, any language by `catalogueOf`.
 * Read as files rather than imported: Playwright loads test files as Node's ES modules, and a test
 * needs only the words, not the server's module that assembles them.
 */
import { readFileSync } from "node:fs";
import type { PageCatalogue } from "../../../core/i18n/catalogue-types";
import type { Language } from "../../../core/i18n/languages";

function read(language: string): PageCatalogue {
  const part = (name: string) =>
    JSON.parse(readFileSync(new URL(`../../../core/i18n/catalogues/${language}/${name}.json`, import.meta.url), "utf8"));
  return { ...part("pages"), offline: part("offline") } as PageCatalogue;
}

export const catalogueOf = (language: Language): PageCatalogue => read(language);
export const en = read("en");
export const hi = read("hi");
