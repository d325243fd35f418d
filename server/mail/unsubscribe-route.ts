/**
 * /alerts/unsubscribe?t=… (decision 026): GET shows a small page with one button, so that a mail
 * scanner opening the link changes nothing; POST turns the email off: for the address itself,
 * whichever account holds it, until it confirms a new link (decision 045). The POST is also RFC 8058's
 * one-click unsubscribe (a body of `List-Unsubscribe=One-Click`), which a mail provider's server
 * sends with no cookie and no Origin: the signed token is the only credential, so this is mounted
 * before the same-site check and needs no session. English and Hindi; no script.
 */
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { isAppError } from "../../core/shared/app-error";
import { HTML_LANG, pickLanguage, type Language } from "../../core/i18n/languages";
import { escapeHtml } from "./alert-mail";
import { MAIL_WORDS, mailTranslator } from "./mail-words";
import type { UnsubscribeService } from "./unsubscribe.service";

export const UNSUBSCRIBE_PATH = "/alerts/unsubscribe";

const querySchema = z.object({ t: z.string().min(1).max(512) });
/** RFC 8058's body, which our own page's button sends too. Other fields are ignored. */
const bodySchema = z.object({ "List-Unsubscribe": z.literal("One-Click") });

export function unsubscribeRouter(service: UnsubscribeService): Router {
  const router = express.Router();

  router.get(UNSUBSCRIBE_PATH, async (req, res) => {
    const query = querySchema.safeParse(req.query);
    if (!query.success) return void refuse(req, res, 400, "invalid");
    try {
      const target = await service.preview(query.data.t);
      const t = mailTranslator(target.language);
      if (!target.emailOn) return void unsubscribePage(res, { status: 200, language: target.language, message: t("unsubscribe.already") });
      unsubscribePage(res, { status: 200, language: target.language, message: t("unsubscribe.confirm"), formAction: `${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(query.data.t)}` });
    } catch (error) {
      answerError(req, res, error);
    }
  });

  // RFC 8058: the body SHOULD be multipart/form-data and MAY be urlencoded (our own button's).
  const bodies = [express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 10 }), express.raw({ type: "multipart/form-data", limit: "4kb" })];
  router.post(UNSUBSCRIBE_PATH, ...bodies, async (req, res) => {
    const query = querySchema.safeParse(req.query);
    if (!query.success) return void refuse(req, res, 400, "invalid");
    const body = bodySchema.safeParse(await formFields(req));
    if (!body.success) return void refuse(req, res, 400, "badRequest");
    try {
      const done = await service.unsubscribe(query.data.t);
      const t = mailTranslator(done.language);
      unsubscribePage(res, { status: 200, language: done.language, message: t(done.changed ? "unsubscribe.done" : "unsubscribe.already") });
    } catch (error) {
      answerError(req, res, error);
    }
  });

  router.all(UNSUBSCRIBE_PATH, (req, res) => {
    res.setHeader("Allow", "GET, HEAD, POST");
    refuse(req, res, 405, "badRequest");
  });
  return router;
}

/** The posted form's text fields, urlencoded or multipart; none when the body cannot be read as either. */
async function formFields(req: Request): Promise<Record<string, string>> {
  if (!Buffer.isBuffer(req.body)) return (req.body ?? {}) as Record<string, string>;
  try {
    const form = await new Response(new Uint8Array(req.body), { headers: { "content-type": String(req.headers["content-type"]) } }).formData();
    return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

type Problem = "invalid" | "notFound" | "badRequest";

function answerError(req: Request, res: Response, error: unknown) {
  if (!isAppError(error)) throw error;
  refuse(req, res, error.status, error.message === "notFound" ? "notFound" : "invalid");
}

function refuse(req: Request, res: Response, status: number, problem: Problem) {
  const language = pickLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
  unsubscribePage(res, { status, language, message: MAIL_WORDS[language].unsubscribe[problem] });
}

function unsubscribePage(res: Response, options: { status: number; language: Language; message: string; formAction?: string }) {
  const w = MAIL_WORDS[options.language].unsubscribe;
  mailLinkPage(res, {
    ...options,
    title: w.title,
    form: options.formAction ? { action: options.formAction, fields: { "List-Unsubscribe": "One-Click" }, button: w.button } : undefined,
    back: { href: "/my/alerts", text: w.myAlerts },
  });
}

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
  res
    .status(options.status)
    .type("html")
    .send(`<!doctype html>
<html lang="${HTML_LANG[options.language]}">
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
