import { Form } from "react-router";
import { CATEGORIES, resolveCategory } from "../../core/categories";
import type { BrowseQuery, ListingSort } from "../../core/schemas";

const SORT_LABELS: Record<ListingSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

/**
 * Category, price range and sort for /viewmore, all carried in the URL (a plain GET form, so it
 * works before JavaScript loads). Changing the sort applies at once; the rest on "Apply".
 */
export function BrowseFilters({ query, priceError }: { query: BrowseQuery; priceError?: string }) {
  const category = resolveCategory(query.category) ?? "";
  const errorId = "price-error";
  return (
    <Form method="get" className="grid grid-cols-2 gap-x-3 gap-y-2 sm:flex sm:flex-wrap sm:items-end" aria-label="Filter and sort">
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.by === "name" ? <input type="hidden" name="by" value="name" /> : null}
      <div className="col-span-2 sm:w-48">
        <label htmlFor="category" className="text-sm font-semibold">
          Category
        </label>
        <select id="category" name="category" defaultValue={category} className="input">
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-28">
        <label htmlFor="min" className="text-sm font-semibold">
          Min ₹ / kg
        </label>
        <input
          id="min"
          name="min"
          inputMode="decimal"
          defaultValue={query.min}
          placeholder="0"
          className="input"
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? errorId : undefined}
        />
      </div>
      <div className="sm:w-28">
        <label htmlFor="max" className="text-sm font-semibold">
          Max ₹ / kg
        </label>
        <input
          id="max"
          name="max"
          inputMode="decimal"
          defaultValue={query.max}
          placeholder="Any"
          className="input"
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? errorId : undefined}
        />
      </div>
      <div className="col-span-2 sm:w-48">
        <label htmlFor="sort" className="text-sm font-semibold">
          Sort
        </label>
        <select id="sort" name="sort" defaultValue={query.sort} className="input" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary col-span-2 sm:w-auto">
        Apply
      </button>
      {priceError ? (
        <p id={errorId} role="alert" className="col-span-2 text-sm font-medium text-red-800 sm:basis-full">
          {priceError}
        </p>
      ) : null}
    </Form>
  );
}
