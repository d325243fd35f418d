/**
 * The HTML the service worker answers with when the network is gone (decision 016): a saved
 * page with the "may be out of date" banner put in, or the offline page. Pure string work, so it
 * is tested without a browser. Neither needs JavaScript: the banner is plain HTML, and the
 * offline page's "Try again" is a form that asks for the same address again.
 */
import { HTML_LANG, textDirection } from "../../core/i18n/languages";
import { offlineLanguageOf } from "../../core/offline/offline-language";
import { APP_NAMES, OFFLINE_BANNER_MESSAGES, OFFLINE_PAGE_MESSAGES } from "../../core/offline/offline-messages";

export const SAVED_COPY_BANNER_ID = "offline-saved-copy";
const BANNER_CLASS = "border-b border-amber-300 bg-amber-50 px-4 py-2 text-center font-semibold text-stone-900";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The `<html lang>` a page was rendered in, or null. */
export function htmlLangOf(html: string): string | null {
  return /<html\b[^>]*\blang="([^"]*)"/i.exec(html)?.[1] ?? null;
}

/**
 * A saved page, marked as such: the banner goes first in `<body>` (React skips an element it did
 * not render there when it hydrates), in the page's own language.
 */
export function withSavedCopyBanner(html: string): string {
  const messages = OFFLINE_BANNER_MESSAGES[offlineLanguageOf(htmlLangOf(html))];
  const banner = `<div id="${SAVED_COPY_BANNER_ID}" role="status" class="${BANNER_CLASS}">${escapeHtml(messages.offlineCopy)}</div>`;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return banner + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + banner + html.slice(at);
}

export interface OfflinePageOptions {
  /** The address asked for: "Try again" asks for it again. */
  url: URL;
  lang: string | null | undefined;
  /** The site's stylesheet (precached), if known. */
  stylesheet?: string;
}

/** The page for anything this phone has not saved: what happened, "Try again", and a way home. */
export function offlinePageHtml({ url, lang, stylesheet }: OfflinePageOptions): string {
  const language = offlineLanguageOf(lang);
  const messages = OFFLINE_PAGE_MESSAGES[language];
  const appName = APP_NAMES[language].shortName;
  // A GET form drops the address's own query, so it is sent again as hidden fields.
  const hidden = [...url.searchParams]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const isSellForm = url.pathname === "/create";
  return `<!DOCTYPE html>
<html lang="${HTML_LANG[language]}" dir="${textDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#166534">
<title>${escapeHtml(messages.title)} — ${escapeHtml(appName)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : ""}
</head>
<body class="flex min-h-screen flex-col">
<header class="border-b border-brand-800 bg-brand-700 text-white">
<div class="page flex min-h-12 items-center py-2"><a href="/" class="rounded text-xl font-extrabold tracking-tight">${escapeHtml(appName)}<span class="text-saffron-500">.</span></a></div>
</header>
<main id="main" class="page flex-1 py-12 text-center">
<h1 class="text-2xl font-bold">${escapeHtml(messages.title)}</h1>
<p class="mx-auto mt-3 max-w-prose text-stone-700">${escapeHtml(messages.body)}</p>
${isSellForm ? `<p class="mx-auto mt-3 max-w-prose text-stone-700">${escapeHtml(messages.sellDraftKept)}</p>` : ""}
<form method="get" action="${escapeHtml(url.pathname)}" class="mt-6">${hidden}<button type="submit" class="btn-primary">${escapeHtml(messages.retry)}</button></form>
<p class="mt-6"><a href="/" class="font-semibold text-brand-700 underline">${escapeHtml(messages.goHome)}</a></p>
</main>
</body>
</html>`;
}
