import type { Response } from "express";
import { HTML_LANG, textDirection, type Language } from "../../core/i18n/languages";
import { escapeHtml } from "./alert-mail";

/**
 * The small page a link in an email opens (unsubscribe, confirming an address): static HTML in
 * one language, with a nonce'd style, a message and at most one button (a form POST), and no
 * script. The link's token is in the address: no page this one links to may learn it.
 */
export function mailLinkPage(
  res: Response,
  options: {
    status: number;
    language: Language;
    title: string;
    message: string;
    form?: { action: string; fields: Record<string, string>; button: string };
    back: { href: string; text: string };
    /**
     * "same-origin" for a page whose button must pass the same-site check (a browser sends
     * `Origin: null` from a no-referrer page); the token still never leaves the site.
     */
    referrerPolicy?: "no-referrer" | "same-origin";
  },
) {
  const h = escapeHtml;
  const nonce = String(res.locals.cspNonce ?? "");
  const form = options.form
    ? `<form method="post" action="${h(options.form.action)}">${Object.entries(options.form.fields)
        .map(([name, value]) => `<input type="hidden" name="${h(name)}" value="${h(value)}">`)
        .join("")}<button type="submit">${h(options.form.button)}</button></form>`
    : "";
  // The token is in the address: no page this one links to may learn it.
  res.setHeader("Referrer-Policy", options.referrerPolicy ?? "no-referrer");
  res.setHeader("X-Robots-Tag", "noindex");
  res.setHeader("Content-Language", options.language);
  res.status(options.status).type("html").send(`<!doctype html>
<html lang="${HTML_LANG[options.language]}" dir="${textDirection(options.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(options.title)} — Mandi</title>
<style nonce="${h(nonce)}">
body{margin:0;font-family:system-ui,sans-serif;font-size:1rem;line-height:1.5;color:#1c1917;background:#fafaf9}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 1rem}
p{overflow-wrap:anywhere}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.25rem;border:0;border-radius:.5rem;background:#b45309;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<p><a href="/">Mandi</a></p>
<h1>${h(options.title)}</h1>
<p role="${options.status >= 400 ? "alert" : "status"}">${h(options.message)}</p>
${form}
<p><a href="${h(options.back.href)}">${h(options.back.text)}</a></p>
</main>
</body>
</html>
`);
}
