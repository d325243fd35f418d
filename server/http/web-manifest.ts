/**
 * The web app manifest that makes Mandi installable (decision 016), one per language: the
 * English one at /manifest.webmanifest, the others at /manifest-<language>.webmanifest. A page links
 * the one for its language (`webManifestPathFor`, core/offline/offline-language.ts), so "Add to Home screen" names the app in it.
 */
import type { RequestHandler } from "express";
import { HTML_LANG, LANGUAGES, textDirection } from "../../core/i18n/languages";
import { webManifestPathFor, type OfflineLanguage } from "../../core/offline/offline-language";
import { APP_NAMES } from "../../core/offline/offline-messages";

export const THEME_COLOUR = "#166534";
const BACKGROUND_COLOUR = "#fafaf9";

export function webManifest(language: OfflineLanguage) {
  const names = APP_NAMES[language];
  return {
    // One app whatever the language it was installed in.
    id: "/",
    name: names.name,
    short_name: names.shortName,
    description: names.description,
    lang: HTML_LANG[language],
    dir: textDirection(language),
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ["shopping", "food"],
    icons: [
      { src: "/favicon.svg", type: "image/svg+xml", sizes: "any", purpose: "any" },
      { src: "/icon-192.png", type: "image/png", sizes: "192x192", purpose: "any" },
      { src: "/icon-512.png", type: "image/png", sizes: "512x512", purpose: "any" },
      { src: "/icon-maskable-192.png", type: "image/png", sizes: "192x192", purpose: "maskable" },
      { src: "/icon-maskable-512.png", type: "image/png", sizes: "512x512", purpose: "maskable" },
    ],
  };
}

/** Answers every language's manifest; the same for everyone, so kept an hour like the other root files. */
export function serveWebManifests(): RequestHandler {
  const bodies = new Map(LANGUAGES.map((language) => [webManifestPathFor(language), JSON.stringify(webManifest(language))]));
  return (req, res, next) => {
    const body = bodies.get(req.path);
    if (!body || (req.method !== "GET" && req.method !== "HEAD")) return next();
    res.setHeader("Content-Type", "application/manifest+json; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.send(body);
  };
}
