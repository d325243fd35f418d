/**
 * The languages Mandi speaks (decisions 015 and 060) and how one is chosen for a request: the `lang`
 * cookie the header's switch sets, else a shared link's `?lang=` (decision 052), else the
 * browser's Accept-Language, else English.
 * URLs are the same in every language.
 */
export const LANGUAGES = ["en", "hi", "bn", "te", "mr", "ta", "gu", "or", "kn", "pa", "ur", "ml"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The cookie the language switch sets; a year, like any lasting preference. */
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** `<html lang>`, and the locale `Intl` writes numbers and dates in (with Western digits: `intlLocale`). */
export const HTML_LANG: Record<Language, string> = {
  en: "en-IN",
  hi: "hi-IN",
  bn: "bn-IN",
  te: "te-IN",
  mr: "mr-IN",
  ta: "ta-IN",
  gu: "gu-IN",
  or: "or-IN",
  kn: "kn-IN",
  pa: "pa-IN",
  ur: "ur-IN",
  ml: "ml-IN",
};

/** Each language's own name, as its speakers write it (the switch lists them). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  hi: "हिन्दी",
  bn: "বাংলা",
  te: "తెలుగు",
  mr: "मराठी",
  ta: "தமிழ்",
  gu: "ગુજરાતી",
  or: "ଓଡ଼ିଆ",
  kn: "ಕನ್ನಡ",
  pa: "ਪੰਜਾਬੀ",
  ur: "اردو",
  ml: "മലയാളം",
};

/** Urdu is written right to left; `<html dir>` says so and the layout mirrors (logical CSS properties). */
export function textDirection(language: Language): "ltr" | "rtl" {
  return language === "ur" ? "rtl" : "ltr";
}

/**
 * The locale `Intl` formats numbers and dates in: the language's Indian locale with Western
 * digits, as Indian phones show them (CLDR's default for Marathi, Bengali and Urdu is their own
 * digits), and Indian grouping (₹1,80,000).
 */
export function intlLocale(language: Language): string {
  return `${HTML_LANG[language]}-u-nu-latn`;
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The `lang` cookie's value, when it names one of our languages. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.split("=");
    if (name?.trim() === LANGUAGE_COOKIE) {
      const value = rest.join("=").trim();
      if (isLanguage(value)) return value;
    }
  }
  return undefined;
}

/**
 * The language the browser prefers most among ours: "hi-IN,hi;q=0.9,en;q=0.8" → hi,
 * "en-GB,en;q=0.9,hi;q=0.5" → en, "ta-IN" → ta, "pa-Guru-IN" → pa, "fr" → undefined. A range of
 * q=0 is refused, as RFC 9110 says; of equal q, the first listed wins.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  let best: { language: Language; q: number } | undefined;
  for (const range of header.slice(0, 512).split(",")) {
    const [tag, ...params] = range.trim().split(";");
    const primary = tag?.trim().toLowerCase().split("-")[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language;
}

/**
 * The request's language: the `lang` cookie (the person's own choice), else the language a
 * shared link was made in (`?lang=ta`, `shared`: decision 052), else the browser's, else English.
 */
export function pickLanguage(headers: { cookie?: string | null; acceptLanguage?: string | null; shared?: Language }): Language {
  return languageFromCookie(headers.cookie) ?? headers.shared ?? languageFromAcceptLanguage(headers.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The language a shared link names in its address (`?lang=hi`, core/share/share-meta.ts), when it is one of ours. */
export function languageOfLink(url: string | undefined): Language | undefined {
  const query = url?.indexOf("?") ?? -1;
  if (!url || query < 0) return undefined;
  const asked = new URLSearchParams(url.slice(query + 1)).get("lang");
  return isLanguage(asked) ? asked : undefined;
}

/** The language of a Fetch API request (loaders, actions). */
export function requestLanguage(request: Request): Language {
  return pickLanguage({
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
    shared: languageOfLink(request.url),
  });
}
