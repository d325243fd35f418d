/**
 * The sell form's price notes for what the seller typed (decisions 020, 021), for a refused send,
 * the Edit page (where the browser may have no script to ask for them) and /api/price-insight. A
 * price insight note that cannot be worked out (the database is busy) is left out rather than
 * failing the form.
 */
import { requestLanguage } from "../../core/i18n/languages";
import type { Grade } from "../../core/catalogue/grades";
import type { PriceInsightNote, PriceStandingView } from "../../core/prices/price-insight";
import { produceById } from "../../core/catalogue/produce";
import { priceContext, type PriceContextFields } from "../../core/catalogue/price-context";
import type { MandiRateView } from "../../core/prices/mandi-rate";
import type { RouteServices } from "../http/load-context";
import { produceNameIn } from "../../core/catalogue/produce-names";

export interface PriceNotes {
  priceInsight: PriceInsightNote | null;
  mandiRate: MandiRateView | null;
}

/**
 * The notes beside the sell form's price, for one reading of its fields: the usual price near the
 * seller and the government's mandi rate. What /api/price-insight answers as the seller types.
 * On Edit, `editing` is the listing's id: it is left out of its own band.
 */
export async function priceNotesFor(
  services: RouteServices,
  request: Request,
  values: PriceContextFields,
  editing?: string,
): Promise<PriceNotes> {
  const context = priceContext(values);
  const [priceInsight, mandiRate] = await Promise.all([
    services.priceInsight.note({ ...context, excludeListing: editing ?? null }, requestLanguage(request)).catch(() => null),
    services.mandiRates.rateFor(context),
  ]);
  return { priceInsight, mandiRate };
}

/** Where a listing's price stands against the usual one near it, for its page; null when there is nothing to compare with. */
export async function priceStandingFor(
  services: RouteServices,
  request: Request,
  listing: { produceId: string | null; state: string | null; district: string | null; grade: Grade | null; pricePaise: number },
): Promise<PriceStandingView | null> {
  const lang = requestLanguage(request);
  const standing = await services.priceInsight.standing(listing, lang).catch(() => undefined);
  const produce = produceById(standing?.produceId);
  if (!standing || !produce) return null;
  return { produceId: produce.id, produce: produceNameIn(produce, lang), percent: standing.percent, place: standing.place };
}
