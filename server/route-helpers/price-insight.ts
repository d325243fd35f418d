/**
 * The sell form's price insight note for what the seller typed (decision 020), for a refused send
 * and the Edit page, where the browser may have no script to ask for it. A note that cannot be
 * worked out (the database is busy) is left out rather than failing the form.
 */
import { requestLanguage } from "../../core/i18n/languages";
import type { ListingFormValues } from "../../core/listings/listing-form";
import type { Grade } from "../../core/catalogue/grades";
import type { PriceInsightNote, PriceStandingView } from "../../core/prices/price-insight";
import { produceById, produceName } from "../../core/catalogue/produce";
import { insightAskedFrom } from "../../core/prices/price-insight-query";
import type { RouteServices } from "../http/load-context";

export async function priceInsightNoteFor(services: RouteServices, request: Request, values: ListingFormValues): Promise<PriceInsightNote | null> {
  return services.priceInsight.note(insightAskedFrom(values), requestLanguage(request)).catch(() => null);
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
  return { produceId: produce.id, produce: produceName(produce, lang), percent: standing.percent, place: standing.place };
}
