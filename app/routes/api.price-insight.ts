import { data } from "react-router";
import { requestLanguage } from "../../core/i18n/languages";
import { priceInsightQuerySchema } from "../../core/prices/price-insight-query";
import { searchParamsToObject } from "../../core/shared/form-fields";
import type { Route } from "./+types/api.price-insight";

/**
 * GET /api/price-insight?name=…&category=…&produce=…&unit=…&unitKg=…&state=…&district=…&grade=…
 * (the sell form's own field names) → { note, rate }: the notes the sell form shows beside the
 * price, for one reading of its fields (core/catalogue/price-context): the usual price near the
 * seller in the page's language (decision 020) and the government's mandi rate (decision 021).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = priceInsightQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const { priceInsight, mandiRates } = context.services;
  const [note, rate] = await Promise.all([priceInsight.note(asked, requestLanguage(request)), mandiRates.rateFor(asked)]);
  return data({ note, rate });
}
