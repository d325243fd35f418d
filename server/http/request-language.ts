/**
 * The language of the request being answered (decision 015), for the messages a route helper
 * puts beside a form or on the error page: set once per page request, read where a message leaves
 * the server. Outside a request (a test calling an action directly) it is English.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";
import { DEFAULT_LANGUAGE, pickLanguage, type Language } from "../../core/i18n/languages";

const storage = new AsyncLocalStorage<Language>();

export function currentLanguage(): Language {
  return storage.getStore() ?? DEFAULT_LANGUAGE;
}

/** Everything React Router runs for this request sees its language. */
export const rememberRequestLanguage: RequestHandler = (req, _res, next) => {
  const language = pickLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
  storage.run(language, next);
};
