/**
 * Every language's catalogue (decision 060): one JSON file per language in `catalogues/`, with the
 * same keys as en.json (catalogues.test.ts checks keys, placeholders and words left in English).
 * Only the server imports this: a page gets its own language's page words from the root loader
 * and as a file (server/http/messages.ts).
 */
import type { FullCatalogue, PageCatalogue } from "./catalogue-types";
import bn from "./catalogues/bn.json";
import en from "./catalogues/en.json";
import gu from "./catalogues/gu.json";
import hi from "./catalogues/hi.json";
import kn from "./catalogues/kn.json";
import ml from "./catalogues/ml.json";
import mr from "./catalogues/mr.json";
import or from "./catalogues/or.json";
import ta from "./catalogues/ta.json";
import te from "./catalogues/te.json";
import ur from "./catalogues/ur.json";
import type { Language } from "./languages";
// Server only, like this module: places' names in the ten other languages, for every page and message that names a place.
import "../locations/place-names";

/** Each language's every word. */
export const FULL_CATALOGUES: Record<Language, FullCatalogue> = { en, hi, bn, te, mr, ta, gu, or, kn, ur, ml };

/** Each language's page words (what the browser gets): the catalogue without `mail` and `server`. */
export const CATALOGUES = Object.fromEntries(
  Object.entries(FULL_CATALOGUES).map(([language, { mail: _mail, server: _server, ...page }]) => [language, page]),
) as Record<Language, PageCatalogue>;

/**
 * The few messages a route's `meta` needs (titles, and the price in a listing's title), which the
 * root loader sends with its data; the rest of the catalogue comes as a file (server/http/messages.ts).
 */
export function headMessages(language: Language) {
  // Made once per language: the same object every request (app/features/i18n/i18n.ts keeps one translator per object).
  return (headMade[language] ??= makeHeadMessages(language));
}
/** What a route's `meta` may look up: its keys are the only ones `metaI18n`'s translator accepts, so a title cannot name a message the head lacks. */
export type HeadMessages = ReturnType<typeof makeHeadMessages>;

const headMade: Partial<Record<Language, HeadMessages>> = {};

function makeHeadMessages(language: Language) {
  const c = CATALOGUES[language];
  return {
    meta: c.meta,
    unit: { one: c.unit.one, perKg: c.unit.perKg, perUnitAndKg: c.unit.perUnitAndKg },
    mine: { title: c.mine.title },
    account: { title: c.account.title },
    phoneVerification: { title: c.phoneVerification.title },
    seller: { title: c.seller.title },
    sell: { editTitle: c.sell.editTitle },
    reportPage: { title: c.reportPage.title, sentTitle: c.reportPage.sentTitle },
    caseFile: { title: c.caseFile.title },
    admin: { metaQueue: c.admin.metaQueue, auditTitle: c.admin.auditTitle },
    peoplePage: { title: c.peoplePage.title },
    failedJobs: { title: c.failedJobs.title },
    saved: { title: c.saved.title },
    alerts: { title: c.alerts.title, newTitle: c.alerts.newTitle },
    priceInsight: { pricesTitle: c.priceInsight.pricesTitle, produceTitle: c.priceInsight.produceTitle },
    mandiRate: { marketsTitle: c.mandiRate.marketsTitle },
    passwordReset: { forgotTitle: c.passwordReset.forgotTitle, resetTitle: c.passwordReset.resetTitle },
    terms: { title: c.terms.title },
    contactNote: { pageTitle: c.contactNote.pageTitle },
  };
}
