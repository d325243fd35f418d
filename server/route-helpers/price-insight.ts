/**
 * The sell form's price insight note for what the seller typed (decision 020), for a refused send
 * and the Edit page, where the browser may have no script to ask for it. A note that cannot be
 * worked out (the database is busy) is left out rather than failing the form.
 */
import { requestLanguage } from "../../core/i18n/languages";
import type { ListingFormValues } from "../../core/listing-form";
import type { PriceInsightNote } from "../../core/price-insight";
import { insightAskedFrom } from "../../core/price-insight-query";
import type { RouteServices } from "../http/load-context";

export async function priceInsightNoteFor(services: RouteServices, request: Request, values: ListingFormValues): Promise<PriceInsightNote | null> {
  return services.priceInsight.note(insightAskedFrom(values), requestLanguage(request)).catch(() => null);
}
