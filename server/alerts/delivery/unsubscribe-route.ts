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
import { isAppError } from "../../../core/shared/app-error";
import { pickLanguage, type Language } from "../../../core/i18n/languages";
import { mailLinkPage } from "../../mail/mail-link-page";
import { MAIL_WORDS, mailTranslator } from "../../mail/mail-words";
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
      unsubscribePage(res, {
        status: 200,
        language: target.language,
        message: t("unsubscribe.confirm"),
        formAction: `${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(query.data.t)}`,
      });
    } catch (error) {
      answerError(req, res, error);
    }
  });

  // RFC 8058: the body SHOULD be multipart/form-data and MAY be urlencoded (our own button's).
  const bodies = [
    express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 10 }),
    express.raw({ type: "multipart/form-data", limit: "4kb" }),
  ];
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
    const form = await new Response(new Uint8Array(req.body), {
      headers: { "content-type": String(req.headers["content-type"]) },
    }).formData();
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
