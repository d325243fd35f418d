/**
 * Counts every read of a page that carries a seller's phone number (a listing, a seller, the
 * safety note's page beside each (decision 057), and their `.data` twins) against the client's address, before the page cache (decision 046), and
 * says whether this answer may carry the digits: `res.locals.phoneShown`. Past the address's
 * hourly threshold the page shows "Show number" instead; that page is kept by the page cache
 * apart from the one with digits (`pageCacheVariant`) and never shared by another cache
 * (`answerPerClient`), since it is this address's answer, not everyone's.
 */
import type { RequestHandler, Response } from "express";
import type { PhoneReveals } from "../rate-counter/phone-reveals";

const PHONE_PAGE = /^\/(view|seller)\/[^/]+(\/contact(\.data)?)?$/;

export interface PhoneRevealLocals {
  /** True when this answer may show the seller's phone number; absent on a page that has none. */
  phoneShown?: boolean;
  /** What else, besides the address and language, this page depends on (the page cache's key). */
  pageCacheVariant?: string;
  /** This answer is for this client only: no shared cache may keep it (cache-control.ts). */
  answerPerClient?: boolean;
}

export const phoneRevealLocals = (res: Response) => res.locals as PhoneRevealLocals;

export function gatePhoneReveals(phoneReveals: PhoneReveals): RequestHandler {
  return (req, res, next) => {
    // A form post (the "Show number" press) is counted by its action, not here.
    if ((req.method !== "GET" && req.method !== "HEAD") || !PHONE_PAGE.test(req.path)) return next();
    const locals = phoneRevealLocals(res);
    phoneReveals
      .countPage(req.ip ?? "")
      // A database that does not answer: no digits; the page itself answers 503 when it asks.
      .catch(() => false)
      .then((shown) => {
        locals.phoneShown = shown;
        if (!shown) Object.assign(locals, { pageCacheVariant: "phone-withheld", answerPerClient: true });
        next();
      });
  };
}
