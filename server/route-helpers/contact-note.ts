/**
 * The safety note's page beside a listing's or a seller's (decision 057): `?via=call` or
 * `?via=whatsapp`, nothing else. It carries the seller's number, so it is counted against the
 * address like the pages it sits beside (phone-reveal-gate.ts) and is never cached by anyone
 * (it sets or reads the session cookie). Only route modules import this (lint-enforced).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { contactQuerySchema } from "../../core/listings/listing-forms";
import { parseWith, searchParamsToObject } from "../../core/shared/form-fields";
import { CONTACT_NOTE_COOKIE, contactLink, type ContactVia } from "../../core/shared/phone";
import { inPageLanguage } from "./app-errors";
import { phoneForPage } from "./phone-reveal";

const BAD_QUERY = "Please use the Call or WhatsApp button on the page.";

/** `via` from the query; anything else (another key, another value, twice) is a 400 in the page's language. */
export function contactVia(request: Request): ContactVia {
  const parsed = parseWith(contactQuerySchema, searchParamsToObject(new URL(request.url).searchParams));
  if (!parsed.ok) throw data(inPageLanguage(BAD_QUERY), { status: 400 });
  return parsed.data.via;
}

const seenThisSession = (request: Request) =>
  (request.headers.get("Cookie") ?? "").split(";").some((part) => part.trim() === `${CONTACT_NOTE_COOKIE}=1`);

/**
 * What the note's page answers for a GET: once the note was seen this session and the number may
 * be shown, a redirect straight to the real tel: or wa.me link (built here from the seller's
 * number, never from the request); otherwise the note, with the number below the threshold or
 * "Show number" past it, and the session cookie that says the note was seen.
 */
export function contactNoteAnswer<T extends object>(
  request: Request,
  context: Pick<AppLoadContext, "phoneShown">,
  page: { phone: string; whatsappText?: string } & T,
) {
  const via = contactVia(request);
  const phone = phoneForPage(context, page.phone);
  if (phone && seenThisSession(request)) throw redirect(contactLink(via, phone, page.whatsappText), 303);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  // A session cookie (no Max-Age): the note shows again in the next visit.
  const headers = { "Set-Cookie": `${CONTACT_NOTE_COOKIE}=1; Path=/; SameSite=Lax; HttpOnly${secure}` };
  return data({ ...page, phone, via }, { headers });
}
