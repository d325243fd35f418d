/**
 * Each language's catalogue as a JSON file the browser fetches once and keeps (decision 015):
 * named by a hash of its contents, so it is cached for a year and a new build's words get a new
 * name. The page preloads only its own language's file; the HTML carries no catalogue.
 */
import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { CATALOGUES } from "../../core/i18n/catalogues";
import { LANGUAGES, type Language } from "../../core/i18n/languages";

const FILES = Object.fromEntries(
  LANGUAGES.map((language) => {
    const body = JSON.stringify(CATALOGUES[language]);
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
    return [language, { body, path: `/i18n/${language}.${hash}.json` }];
  }),
) as Record<Language, { body: string; path: string }>;

/** Where a language's catalogue is served, e.g. /i18n/hi.3f2a9c01b7de.json. */
export function messagesPath(language: Language): string {
  return FILES[language].path;
}

/** GET /i18n/<language>.<hash>.json; any other name falls through to the 404 page. */
export const serveMessages: RequestHandler = (req, res, next) => {
  const file = LANGUAGES.map((language) => FILES[language]).find((f) => f.path === req.path);
  if (!file) return next();
  res.set("Cache-Control", "public, max-age=31536000, immutable").type("json").send(file.body);
};
