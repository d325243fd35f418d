/**
 * Every language's catalogue (decision 060): a folder per language in `catalogues/`, one JSON file
 * per part as i18next keeps namespaces (pages, offline, mail, server), with the same keys as
 * English's (catalogues.test.ts checks keys, placeholders and words left in English).
 * Only the server imports this: a page gets its own language's page words from the root loader
 * and as a file (server/http/messages.ts).
 */
import type { FullCatalogue, PageCatalogue } from "./catalogue-types";
import enPages from "./catalogues/en/pages.json" with { type: "json" };
import enOffline from "./catalogues/en/offline.json" with { type: "json" };
import enMail from "./catalogues/en/mail.json" with { type: "json" };
import enServer from "./catalogues/en/server.json" with { type: "json" };
import hiPages from "./catalogues/hi/pages.json" with { type: "json" };
import hiOffline from "./catalogues/hi/offline.json" with { type: "json" };
import hiMail from "./catalogues/hi/mail.json" with { type: "json" };
import hiServer from "./catalogues/hi/server.json" with { type: "json" };
import bnPages from "./catalogues/bn/pages.json" with { type: "json" };
import bnOffline from "./catalogues/bn/offline.json" with { type: "json" };
import bnMail from "./catalogues/bn/mail.json" with { type: "json" };
import bnServer from "./catalogues/bn/server.json" with { type: "json" };
import tePages from "./catalogues/te/pages.json" with { type: "json" };
import teOffline from "./catalogues/te/offline.json" with { type: "json" };
import teMail from "./catalogues/te/mail.json" with { type: "json" };
import teServer from "./catalogues/te/server.json" with { type: "json" };
import mrPages from "./catalogues/mr/pages.json" with { type: "json" };
import mrOffline from "./catalogues/mr/offline.json" with { type: "json" };
import mrMail from "./catalogues/mr/mail.json" with { type: "json" };
import mrServer from "./catalogues/mr/server.json" with { type: "json" };
import taPages from "./catalogues/ta/pages.json" with { type: "json" };
import taOffline from "./catalogues/ta/offline.json" with { type: "json" };
import taMail from "./catalogues/ta/mail.json" with { type: "json" };
import taServer from "./catalogues/ta/server.json" with { type: "json" };
import guPages from "./catalogues/gu/pages.json" with { type: "json" };
import guOffline from "./catalogues/gu/offline.json" with { type: "json" };
import guMail from "./catalogues/gu/mail.json" with { type: "json" };
import guServer from "./catalogues/gu/server.json" with { type: "json" };
import orPages from "./catalogues/or/pages.json" with { type: "json" };
import orOffline from "./catalogues/or/offline.json" with { type: "json" };
import orMail from "./catalogues/or/mail.json" with { type: "json" };
import orServer from "./catalogues/or/server.json" with { type: "json" };
import knPages from "./catalogues/kn/pages.json" with { type: "json" };
import knOffline from "./catalogues/kn/offline.json" with { type: "json" };
import knMail from "./catalogues/kn/mail.json" with { type: "json" };
import knServer from "./catalogues/kn/server.json" with { type: "json" };
import urPages from "./catalogues/ur/pages.json" with { type: "json" };
import urOffline from "./catalogues/ur/offline.json" with { type: "json" };
import urMail from "./catalogues/ur/mail.json" with { type: "json" };
import urServer from "./catalogues/ur/server.json" with { type: "json" };
import mlPages from "./catalogues/ml/pages.json" with { type: "json" };
import mlOffline from "./catalogues/ml/offline.json" with { type: "json" };
import mlMail from "./catalogues/ml/mail.json" with { type: "json" };
import mlServer from "./catalogues/ml/server.json" with { type: "json" };
import paPages from "./catalogues/pa/pages.json" with { type: "json" };
import paOffline from "./catalogues/pa/offline.json" with { type: "json" };
import paMail from "./catalogues/pa/mail.json" with { type: "json" };
import paServer from "./catalogues/pa/server.json" with { type: "json" };
import type { Language } from "./languages";
import { provideMonthNames } from "../shared/dates";
// Server only, like this module: places' and produce's names in the ten other languages, for
// every page and message that names a place, and for reading a listing's name as its produce.
import "../catalogue/produce-names";
import "../locations/place-names";

/** Each language's page words (what the browser gets): its pages' and offline pieces' words. */
export const CATALOGUES: Record<Language, PageCatalogue> = {
  en: { ...enPages, offline: enOffline },
  hi: { ...hiPages, offline: hiOffline },
  bn: { ...bnPages, offline: bnOffline },
  te: { ...tePages, offline: teOffline },
  mr: { ...mrPages, offline: mrOffline },
  ta: { ...taPages, offline: taOffline },
  gu: { ...guPages, offline: guOffline },
  or: { ...orPages, offline: orOffline },
  kn: { ...knPages, offline: knOffline },
  pa: { ...paPages, offline: paOffline },
  ur: { ...urPages, offline: urOffline },
  ml: { ...mlPages, offline: mlOffline },
};

// Month names are words of the catalogue (core/shared/dates.ts).
for (const [language, catalogue] of Object.entries(CATALOGUES)) provideMonthNames(language as Language, catalogue.date.months);

/** Each language's every word: the page words, the emails' and the server's. */
export const FULL_CATALOGUES: Record<Language, FullCatalogue> = {
  en: { ...CATALOGUES.en, mail: enMail, server: enServer },
  hi: { ...CATALOGUES.hi, mail: hiMail, server: hiServer },
  bn: { ...CATALOGUES.bn, mail: bnMail, server: bnServer },
  te: { ...CATALOGUES.te, mail: teMail, server: teServer },
  mr: { ...CATALOGUES.mr, mail: mrMail, server: mrServer },
  ta: { ...CATALOGUES.ta, mail: taMail, server: taServer },
  gu: { ...CATALOGUES.gu, mail: guMail, server: guServer },
  or: { ...CATALOGUES.or, mail: orMail, server: orServer },
  kn: { ...CATALOGUES.kn, mail: knMail, server: knServer },
  pa: { ...CATALOGUES.pa, mail: paMail, server: paServer },
  ur: { ...CATALOGUES.ur, mail: urMail, server: urServer },
  ml: { ...CATALOGUES.ml, mail: mlMail, server: mlServer },
};

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
