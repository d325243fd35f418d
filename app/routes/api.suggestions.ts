import { data } from "react-router";
import { suggestQuerySchema } from "../../core/search/search-query";
import { searchParamsToObject } from "../../core/shared/form-fields";
import type { Route } from "./+types/api.suggestions";

/** GET /api/suggestions?q=… → up to 15 distinct listing names matching q, best first, with highlights. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { q } = suggestQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const suggestions = await context.services.search.suggestListings(q);
  // Cache-Control: server/http/cache-control.ts, with every other response's.
  return data({ q, suggestions });
}
