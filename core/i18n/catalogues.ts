/** Both languages' catalogues. Only the server imports this: a page gets its own language's from the root loader. */
import type { Language } from "./languages";
import { en, type EnglishCatalogue } from "./en";
import { hi } from "./hi";

export const CATALOGUES: Record<Language, EnglishCatalogue> = { en, hi };

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
