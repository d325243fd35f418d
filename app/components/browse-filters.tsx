import { Form } from "react-router";
import { CATEGORIES, resolveCategory } from "../../core/categories";

type Place = { slug: string; name: string };
/** The states, and the chosen state's districts: the page is given only what it shows. */
export type PlaceChoices = { states: Place[]; districts: Place[] };
import type { BrowseQuery, ListingSort } from "../../core/schemas";
import { useI18n, type UiKey } from "./i18n";

const SORT_LABELS = {
  newest: "browse.newest",
  oldest: "browse.oldest",
  "price-asc": "browse.priceAsc",
  "price-desc": "browse.priceDesc",
} as const satisfies Record<ListingSort, UiKey>;

/**
 * Category, price range and sort for /viewmore, all carried in the URL (a plain GET form, so it
 * works before JavaScript loads). Changing the sort or the state applies at once; the rest on
 * "Apply". The district list is the chosen state's, so it fills in once the state is applied.
 */
export function BrowseFilters({ query, priceError, places }: { query: BrowseQuery; priceError?: string; places: PlaceChoices }) {
  const category = resolveCategory(query.category) ?? "";
  const errorId = "price-error";
  const { t } = useI18n();
  return (
    <Form method="get" className="grid grid-cols-2 gap-x-3 gap-y-2 sm:flex sm:flex-wrap sm:items-end" aria-label={t("browse.filterAndSort")}>
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.by === "name" ? <input type="hidden" name="by" value="name" /> : null}
      <div className="col-span-2 sm:w-48">
        <label htmlFor="category" className="text-sm font-semibold">
          {t("browse.category")}
        </label>
        <select id="category" name="category" defaultValue={category} className="input">
          <option value="">{t("browse.allCategories")}</option>
          {CATEGORIES.map((c) => (
            <option key={c.slug} value={c.slug}>
              {t(`category.label.${c.slug}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-48">
        <label htmlFor="state" className="text-sm font-semibold">
          {t("browse.state")}
        </label>
        <select id="state" name="state" defaultValue={query.state} className="input" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          <option value="">{t("browse.allIndia")}</option>
          {places.states.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-48">
        <label htmlFor="district" className="text-sm font-semibold">
          {t("browse.district")}
        </label>
        <select id="district" name="district" key={query.state} defaultValue={query.district} className="input" disabled={!query.state}>
          <option value="">{t(query.state ? "browse.allDistricts" : "browse.chooseStateFirst")}</option>
          {places.districts.map((d) => (
            <option key={d.slug} value={d.slug}>
              {d.name}
            </option>
          ))}
        </select>
      </div>
      <PriceInput name="min" label={t("browse.min")} placeholder="0" value={query.min} errorId={priceError ? errorId : undefined} />
      <PriceInput name="max" label={t("browse.max")} placeholder={t("browse.any")} value={query.max} errorId={priceError ? errorId : undefined} />
      <div className="col-span-2 sm:w-48">
        <label htmlFor="sort" className="text-sm font-semibold">
          {t("browse.sort")}
        </label>
        <select id="sort" name="sort" defaultValue={query.sort} className="input" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary col-span-2 sm:w-auto">
        {t("browse.apply")}
      </button>
      {priceError ? (
        <p id={errorId} role="alert" className="col-span-2 text-sm font-medium text-red-800 sm:basis-full">
          {priceError}
        </p>
      ) : null}
    </Form>
  );
}

/** One end of the price range; both point at the one message when the range is wrong. */
function PriceInput(props: { name: "min" | "max"; label: string; placeholder: string; value?: string; errorId?: string }) {
  return (
    <div className="sm:w-28">
      <label htmlFor={props.name} className="text-sm font-semibold">
        {props.label}
      </label>
      <input
        id={props.name}
        name={props.name}
        inputMode="decimal"
        defaultValue={props.value}
        placeholder={props.placeholder}
        className="input"
        aria-invalid={props.errorId ? true : undefined}
        aria-describedby={props.errorId}
      />
    </div>
  );
}
