/**
 * The language of the request being answered (decision 015), for the messages a route helper
 * puts beside a form or on the error page: set once per page request, read where a message leaves
 * the server. Outside a request (a test calling an action directly) it is English.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";
import {
  DEFAULT_LANGUAGE,
  HTML_LANG,
  LANGUAGES,
  languageOfLink,
  LANGUAGE_COOKIE,
  languageFromCookie,
  pickLanguage,
  type Language,
} from "../../core/i18n/languages";

const storage = new AsyncLocalStorage<Language>();

export function currentLanguage(): Language {
  return storage.getStore() ?? DEFAULT_LANGUAGE;
}

/** Everything React Router runs for this request sees its language. */
export const rememberRequestLanguage: RequestHandler = (req, _res, next) => {
  const language = pickLanguage({
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
    shared: languageOfLink(req.originalUrl),
  });
  storage.run(language, next);
};

/**
 * A shared link's language lasts the visit (decision 052): opening `?lang=hi` with no language
 * chosen sets a `lang` cookie that ends with the browser's session, so the next page is in Hindi
 * too. A language the person chose (a `lang` cookie already) is never replaced. The answer then
 * sets a cookie, so no cache keeps it (cache-control.ts, page-cache.ts).
 */
export const keepSharedLinkLanguage: RequestHandler = (req, res, next) => {
  const shared = req.method === "GET" || req.method === "HEAD" ? languageOfLink(req.originalUrl) : undefined;
  if (shared && !languageFromCookie(req.headers.cookie)) {
    const secure = req.secure ? "; Secure" : "";
    res.append("Set-Cookie", `${LANGUAGE_COOKIE}=${shared}; Path=/; SameSite=Lax; HttpOnly${secure}`);
  }
  next();
};

/** The longest address that gets hreflang alternates: a page's own links are far shorter. */
const MAX_ALTERNATE_ADDRESS = 200;

/**
 * hreflang alternates for a page (issue 40), as an HTTP `Link` header (one of the three ways
 * search engines read them), so no page's script carries them: a page's address is the same in
 * every language and `?lang=` names one (decision 052), so each language's alternate is the address
 * with it, and x-default is the address without it.
 */
export const linkLanguageAlternates: RequestHandler = (req, res, next) => {
  const [path = "", query = ""] = splitAddress(req.originalUrl);
  // The address as it came, split by hand: a URL parser reads "///" or "//x" as another host (and
  // throws on some), while this one only ever adds `lang`. Only a plain, short path gets
  // alternates: twelve copies of a crafted query would overflow a client's header limit.
  if ((req.method === "GET" || req.method === "HEAD") && isPlainPagePath(path) && req.originalUrl.length <= MAX_ALTERNATE_ADDRESS) {
    const at = (language?: Language) => {
      const params = new URLSearchParams(query);
      params.delete("lang");
      if (language) params.set("lang", language);
      const kept = params.toString();
      return `${path}${kept ? `?${kept}` : ""}`;
    };
    const links = LANGUAGES.map((language) => `<${at(language)}>; rel="alternate"; hreflang="${HTML_LANG[language]}"`);
    res.append("Link", [...links, `<${at()}>; rel="alternate"; hreflang="x-default"`].join(", "));
  }
  next();
};

function splitAddress(address: string): [string, string] {
  const at = address.indexOf("?");
  return at < 0 ? [address, ""] : [address.slice(0, at), address.slice(at + 1)];
}

/** A page's path: one slash at the start, printable ASCII with no brackets or spaces, none of the file and data routes. */
function isPlainPagePath(path: string): boolean {
  return (
    /^\/(?!\/)[\x21-\x7e]*$/.test(path) &&
    !/[<>\\]/.test(path) &&
    !/^\/(api|assets|i18n|media|uploads|share)\//.test(path) &&
    !path.endsWith(".data")
  );
}
