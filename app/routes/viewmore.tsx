import { Form, Link, redirect, useSearchParams } from "react-router";
import { getCategory } from "../../core/categories";
import { PAGE_SIZE } from "../../core/constants";
import { MESSAGES } from "../../core/messages";
import { browseQuerySchema, searchParamsToObject, type ListingSort } from "../../core/schemas";
import { Alert } from "../components/alert";
import { ListingGrid } from "../components/listing-card";
import { Pagination } from "../components/pagination";
import type { Route } from "./+types/viewmore";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = browseQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const result = await context.services.listings.browseListings(query);
  // The specification sends people home when there is nothing at all to list.
  if (result.marketplaceEmpty) throw redirect("/");
  return { query, result };
}

export const meta: Route.MetaFunction = () => [{ title: "Products — Mandi" }];

const SORT_LABELS: Record<ListingSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

export default function ViewMore({ loaderData }: Route.ComponentProps) {
  const { query, result } = loaderData;
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
              Showing {from}–{to} of {result.total} {result.total === 1 ? "product" : "products"}
            </p>
          ) : null}
        </div>
        {result.total > 1 ? (
          <Form method="get" className="flex items-center gap-2">
            {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
            {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
            {query.by === "name" ? <input type="hidden" name="by" value="name" /> : null}
            <label htmlFor="sort" className="text-sm font-semibold">
              Sort
            </label>
            <select id="sort" name="sort" defaultValue={query.sort} className="input w-auto" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="btn-secondary">
                Sort
              </button>
            </noscript>
          </Form>
        ) : null}
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
