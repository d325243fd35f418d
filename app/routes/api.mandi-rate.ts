import { data } from "react-router";
import { z } from "zod";
import { MAX_NAME_LENGTH } from "../../core/shared/constants";
import { searchParamsToObject } from "../../core/shared/form-fields";
import type { Route } from "./+types/api.mandi-rate";

/** What the sell form has chosen so far; every field optional, none longer than a form allows. */
const mandiRateQuerySchema = z.object({
  name: z.string().max(MAX_NAME_LENGTH).default(""),
  category: z.string().max(40).default(""),
  produce: z.string().max(40).default(""),
  state: z.string().max(80).default(""),
  district: z.string().max(80).default(""),
});

/**
 * GET /api/mandi-rate?name=&category=&produce=&state=&district= → { rate }: the government's
 * mandi rate for a produce and place (decision 021), or null. The sell form asks
 * /api/price-insight, which answers this rate with its note; this URL stays for whoever else
 * calls it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = mandiRateQuerySchema.safeParse(searchParamsToObject(new URL(request.url).searchParams));
  if (!parsed.success) return data({ rate: null, error: "Please check the name, produce and place." }, { status: 400 });
  return data({ rate: await context.services.mandiRates.rateForForm(parsed.data) });
}
