import { data } from "react-router";
import { requestLanguage } from "../../core/i18n/languages";
import { priceInsightQuerySchema } from "../../core/prices/price-insight-query";
import { searchParamsToObject } from "../../core/shared/form-fields";
import type { Route } from "./+types/api.price-insight";

/**
 * GET /api/price-insight?name=…&category=…&unit=…&state=…&district=… (the sell form's own field
 * names) → the note the sell form shows beside the price, in the page's language (decision 020).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = priceInsightQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const note = await context.services.priceInsight.note(asked, requestLanguage(request));
  return data({ note });
}
