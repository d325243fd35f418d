import { Link, redirect, useSearchParams } from "react-router";
import { getCategory } from "../../core/categories";
import { PAGE_SIZE } from "../../core/constants";
import { findState, STATES } from "../../core/locations";
import { MESSAGES } from "../../core/messages";
import { browseQuerySchema, searchParamsToObject } from "../../core/schemas";
import { Alert } from "../components/alert";
import { BrowseFilters } from "../components/browse-filters";
import { ListingGrid } from "../components/listing-card";
import { Pagination } from "../components/pagination";
import type { Route } from "./+types/viewmore";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = browseQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const result = await context.services.search.browseListings(query);
  // The specification sends people home when there is nothing at all to list.
  if (result.marketplaceEmpty) throw redirect("/");
  const places = {
    states: STATES.map(({ slug, name }) => ({ slug, name })),
    districts: findState(query.state)?.districts.map(({ slug, name }) => ({ slug, name })) ?? [],
  };
  return { query, result, places };
}

export const meta: Route.MetaFunction = () => [{ title: "Products — Mandi" }];

export default function ViewMore({ loaderData }: Route.ComponentProps) {
  const { query, result, places } = loaderData;
  const [search] = useSearchParams();
  const categoryLabel = result.category ? getCategory(result.category).label : query.category;
  const title = query.q ? `Results for “${query.q}”` : categoryLabel ? categoryLabel : "All products";
  const from = result.total ? (result.page - 1) * PAGE_SIZE + 1 : 0;
  const to = from ? from + result.items.length - 1 : 0;

  return (
    <div className="page py-4">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{title}</h1>
          {result.total ? (
            <p className="text-stone-700" role="status">
              Showing {from}–{to} of {result.total.toLocaleString("en-IN")}
              {result.moreThanTotal ? "+" : ""} {result.total === 1 && !result.moreThanTotal ? "product" : "products"}
            </p>
          ) : null}
        </div>
      </div>
      {result.closeMatches ? (
        <p className="mb-3 text-stone-800">
          Nothing is named exactly “{query.q}”, so these are listings with a similar name.
        </p>
      ) : null}
      <div className="mb-4 rounded-lg border border-stone-200 bg-white p-3">
        <BrowseFilters query={query} priceError={query.price.problem} places={places} />
      </div>
      {result.items.length ? (
        <>
          <ListingGrid listings={result.items} label={title} eager={4} />
          <Pagination page={result.page} pageCount={result.pageCount} search={search} />
        </>
      ) : (
        <div className="space-y-4">
          <Alert tone="info">{query.by === "name" ? MESSAGES.noItemsByName : MESSAGES.noItems}</Alert>
          <Link to="/" className="btn-secondary">
            Back to the home page
          </Link>
        </div>
      )}
    </div>
  );
}
