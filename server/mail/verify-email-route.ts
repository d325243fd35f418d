/**
 * /email/verify?token=…&lang=… (decision 045): where the link that confirms an address lands,
 * in the language of the person who asked for it (their page's when the link was made). GET
 * shows one button and changes nothing, so a mail scanner that opens every link confirms
 * nobody's address; the button POSTs (a same-site form: mounted after the same-site check) and
 * the token goes to better-auth's own /verify-email, which sets `emailVerified`. No script.
 * Referrer-Policy same-origin: a no-referrer page's POST carries `Origin: null`, which the
 * same-site check refuses; no other site learns the token.
 */
import express, { type Request, type Router } from "express";
import { z } from "zod";
import { isLanguage, pickLanguage, type Language } from "../../core/i18n/languages";
import type { AccountsService } from "../auth/accounts.service";
import { CLIENT_IP_HEADER } from "../auth/auth";
import { MAIL_WORDS } from "./mail-words";
import { mailLinkPage } from "./mail-link-page";

export const VERIFY_EMAIL_PATH = "/email/verify";

/** better-auth's token is a JWT: a few hundred characters. */
const querySchema = z.object({ token: z.string().min(1).max(2048), lang: z.string().optional() });
const bodySchema = z.object({ confirm: z.literal("yes") });

/** The link's language, else the browser's. */
function languageOf(req: Request): Language {
  const lang = typeof req.query.lang === "string" ? req.query.lang : "";
  return isLanguage(lang) ? lang : pickLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
}

export function verifyEmailRouter(accounts: Pick<AccountsService, "verifyEmail">): Router {
  const router = express.Router();
  const page = (
    req: Request,
    res: express.Response,
    status: number,
    message: keyof (typeof MAIL_WORDS)["en"]["verifyPage"],
    form?: string,
  ) => {
    const language = languageOf(req);
    const w = MAIL_WORDS[language].verifyPage;
    mailLinkPage(res, {
      status,
      language,
      title: w.title,
      message: w[message],
      form: form ? { action: form, fields: { confirm: "yes" }, button: w.button } : undefined,
      back: { href: "/my/account", text: w.myAccount },
      referrerPolicy: "same-origin",
    });
  };

  router.get(VERIFY_EMAIL_PATH, (req, res) => {
    const query = querySchema.safeParse(req.query);
    if (!query.success) return void page(req, res, 400, "invalid");
    page(req, res, 200, "confirm", `${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(query.data.token)}&lang=${languageOf(req)}`);
  });

  router.post(VERIFY_EMAIL_PATH, express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 10 }), async (req, res) => {
    const query = querySchema.safeParse(req.query);
    if (!query.success) return void page(req, res, 400, "invalid");
    if (!bodySchema.safeParse(req.body ?? {}).success) return void page(req, res, 400, "badRequest");
    const outcome = await accounts.verifyEmail(query.data.token, String(req.headers[CLIENT_IP_HEADER] ?? req.ip ?? ""));
    if (outcome === "confirmed") return void page(req, res, 200, "done");
    if (outcome === "invalid") return void page(req, res, 400, "invalid");
    // better-auth's limit per client address: the button again in a minute.
    res.setHeader("Retry-After", "60");
    page(req, res, 429, "tooMany", `${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(query.data.token)}&lang=${languageOf(req)}`);
  });

  router.all(VERIFY_EMAIL_PATH, (req, res) => {
    res.setHeader("Allow", "GET, HEAD, POST");
    page(req, res, 405, "badRequest");
  });
  return router;
}
