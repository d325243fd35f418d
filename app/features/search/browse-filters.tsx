import { useEffect, useRef, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { CATEGORIES, resolveCategory } from "../../../core/catalogue/categories";
import { GRADES } from "../../../core/catalogue/grades";
import { formatRupees } from "../../../core/money/money";
import type { BrowseQuery, ListingSort } from "../../../core/search/search-query";
import { useI18n, type UiKey } from "../i18n/i18n";
import { CloseIcon } from "../../components/ui/icons";
import { StaticIsland } from "../../components/ui/static-island";

type Place = { slug: string; name: string };

/** The sort and the state apply as soon as they change. */
const submitForm = (event: ChangeEvent<HTMLElement>) => (event.currentTarget as HTMLSelectElement).form?.requestSubmit();
/** The states, and the chosen state's districts: the page is given only what it shows. */
export type PlaceChoices = { states: Place[]; districts: Place[] };

const SORT_LABELS = {
  newest: "browse.newest",
  oldest: "browse.oldest",
  "price-asc": "browse.priceAsc",
  "price-desc": "browse.priceDesc",
  near: "near.sort",
} as const satisfies Record<ListingSort, UiKey>;

/** One active filter: what it reads, and the URL parameters that removing it drops. */
type ActiveFilter = { label: string; drop: string[] };

/**
 * Category, place, grade, price range and sort for /viewmore, all carried in the URL (one plain GET
 * form, so it works before JavaScript loads). On a phone the results must start above the fold
 * (issue 26), so the page shows only a compact bar: the sort, one tap away; a "Filters (n)"
 * disclosure (`<details>`, which opens without JavaScript) holding the other fields; and a chip
 * per active filter that is a plain link to the same search without it. Changing the sort or the
 * state applies at once; the rest on "Apply". The district list is the chosen state's, so it
 * fills in once the state is applied.
 *
 * Each `<select>`'s options are a static island (decision 039): React hydrates the select (its
 * handler) but not its options, which are most of the form's elements (the states alone are 37).
 * An island's `deps` are what its options are drawn from: the language, and for the districts the
 * state, by which that select is also keyed, so a new state mounts a new select rather than
 * thawing the old one (options put into an existing select would not take its `defaultValue`).
 */
export function BrowseFilters({
  query,
  priceError,
  places,
  status,
}: {
  query: BrowseQuery;
  priceError?: string;
  places: PlaceChoices;
  /** The "Showing 1–8 of 17" line, set beside the sort to save a row. */
  status?: ReactNode;
}) {
  const category = resolveCategory(query.category) ?? "";
  const errorId = "price-error";
  const { lang, t } = useI18n();
  const active = useActiveFilters(query, places);
  const details = useRef<HTMLDetailsElement>(null);

  // A price the page cannot use is explained inside the panel, so the panel opens to show it
  // (the server renders it open too). React sets `open` only when the prop changes, hence this.
  useEffect(() => {
    if (priceError && details.current) details.current.open = true;
  }, [priceError, query]);

  // "Apply" closes the panel so the new results show; a change of state keeps it open, because
  // the district comes next.
  const closeOnApply = (event: FormEvent<HTMLFormElement>) => {
    if ((event.nativeEvent as SubmitEvent).submitter && details.current) details.current.open = false;
  };

  return (
    <Form method="get" className="mt-1 mb-3 space-y-1.5" aria-label={t("browse.filterAndSort")} onSubmit={closeOnApply}>
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.by === "name" ? <input type="hidden" name="by" value="name" /> : null}
      <div className="flex min-h-9 items-center gap-2">
        <div className="min-w-0 flex-1 text-sm leading-5 text-stone-700">{status}</div>
        <label htmlFor="sort" className="sr-only">
          {t("browse.sort")}
        </label>
        <StaticIsland
          as="select"
          deps={[lang]}
          id="sort"
          name="sort"
          defaultValue={query.sort}
          className="input min-h-9 w-auto max-w-48 shrink-0 py-1 pe-1 ps-2 text-sm noscript:max-w-38"
          onChange={submitForm}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </StaticIsland>
        {/* Without JavaScript a change of sort needs a press; the select is narrower then, so the count keeps two lines. */}
        <noscript>
          <button type="submit" className="btn-secondary min-h-9 px-2 text-sm">
            {t("browse.show")}
          </button>
        </noscript>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {/* Closed, it is as wide as its summary and the chips sit beside it; open, it takes the row. */}
        <details ref={details} className="group open:basis-full" open={priceError ? true : undefined}>
          <summary className="btn-secondary min-h-9 cursor-pointer list-none gap-1 px-3 py-1 text-sm whitespace-nowrap [&::-webkit-details-marker]:hidden">
            {active.length ? t("browse.filtersCount", { count: active.length }) : t("browse.filters")}
            <ChevronIcon />
          </summary>
          <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg border border-stone-200 bg-white p-3 sm:flex sm:flex-wrap sm:items-end">
            <div className="col-span-2 sm:w-48">
              <label htmlFor="category" className="text-sm font-semibold">
                {t("browse.category")}
              </label>
              <StaticIsland as="select" deps={[lang]} id="category" name="category" defaultValue={category} className="input">
                <option value="">{t("browse.allCategories")}</option>
                {CATEGORIES.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {t(`category.label.${c.slug}`)}
                  </option>
                ))}
              </StaticIsland>
            </div>
            <div className="sm:w-48">
              <label htmlFor="state" className="text-sm font-semibold">
                {t("browse.state")}
              </label>
              {/* The states depend on the language only (core/locations' placeChoices). */}
              <StaticIsland
                as="select"
                deps={[lang]}
                id="state"
                name="state"
                defaultValue={query.state}
                className="input"
                onChange={submitForm}
              >
                <option value="">{t("browse.allIndia")}</option>
                {places.states.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.name}
                  </option>
                ))}
              </StaticIsland>
            </div>
            <div className="sm:w-48">
              <label htmlFor="district" className="text-sm font-semibold">
                {t("browse.district")}
              </label>
              <StaticIsland
                as="select"
                deps={[lang, query.state]}
                id="district"
                name="district"
                key={query.state}
                defaultValue={query.district}
                className="input"
                disabled={!query.state}
              >
                <option value="">{t(query.state ? "browse.allDistricts" : "browse.chooseStateFirst")}</option>
                {places.districts.map((d) => (
                  <option key={d.slug} value={d.slug}>
                    {d.name}
                  </option>
                ))}
              </StaticIsland>
            </div>
            <div className="col-span-2 sm:w-48">
              <label htmlFor="grade" className="text-sm font-semibold">
                {t("produce.gradeTerm")}
              </label>
              <StaticIsland as="select" deps={[lang]} id="grade" name="grade" defaultValue={query.grade} className="input">
                <option value="">{t("produce.anyGrade")}</option>
                {GRADES.map((grade) => (
                  <option key={grade} value={grade}>
                    {t(`produce.gradeLabel.${grade}`)}
                  </option>
                ))}
              </StaticIsland>
            </div>
            <PriceInput name="min" label={t("browse.min")} placeholder="0" value={query.min} errorId={priceError ? errorId : undefined} />
            <PriceInput
              name="max"
              label={t("browse.max")}
              placeholder={t("browse.any")}
              value={query.max}
              errorId={priceError ? errorId : undefined}
            />
            <button type="submit" className="btn-secondary col-span-2 sm:w-auto">
              {t("browse.apply")}
            </button>
            {priceError ? (
              <p id={errorId} role="alert" className="col-span-2 text-sm font-medium text-red-800 sm:basis-full">
                {priceError}
              </p>
            ) : null}
          </div>
        </details>
        {active.length ? <FilterChips filters={active} /> : null}
      </div>
    </Form>
  );
}

/** The filters in force, in the panel's order. A state's chip drops its district too (a district needs its state). */
function useActiveFilters(query: BrowseQuery, places: PlaceChoices): ActiveFilter[] {
  const { t } = useI18n();
  const active: ActiveFilter[] = [];
  if (query.category) {
    const slug = resolveCategory(query.category);
    // A spelling that names no category still filters (to nothing), so it can be removed too.
    active.push({ label: slug ? t(`category.label.${slug}`) : query.category, drop: ["category"] });
  }
  if (query.state) {
    active.push({ label: places.states.find((s) => s.slug === query.state)?.name ?? query.state, drop: ["state", "district"] });
  }
  if (query.district) {
    active.push({ label: places.districts.find((d) => d.slug === query.district)?.name ?? query.district, drop: ["district"] });
  }
  if (query.grade) active.push({ label: t(`produce.gradeLabel.${query.grade}`), drop: ["grade"] });
  const { minPaise, maxPaise } = query.price;
  if (minPaise !== undefined || maxPaise !== undefined) {
    const min = minPaise !== undefined ? formatRupees(minPaise) : "";
    const max = maxPaise !== undefined ? formatRupees(maxPaise) : "";
    const key = min && max ? "browse.priceBetween" : min ? "browse.priceFrom" : "browse.priceUpTo";
    active.push({ label: t(key, { min, max }), drop: ["min", "max"] });
  }
  return active;
}

/**
 * A chip per active filter: a link to this search without it, back on page 1. One row that
 * scrolls sideways when it is full (like the home page's quick links), so however many filters
 * are on, the results still start at the same height.
 */
function FilterChips({ filters }: { filters: ActiveFilter[] }) {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const without = (drop: string[]) => {
    const params = new URLSearchParams(search);
    for (const key of [...drop, "page"]) params.delete(key);
    const rest = params.toString();
    return rest ? `${pathname}?${rest}` : pathname;
  };
  return (
    <ul aria-label={t("browse.activeFilters")} className="flex min-w-0 flex-1 gap-2 overflow-x-auto whitespace-nowrap">
      {filters.map((filter) => (
        <li key={filter.drop[0]} className="shrink-0">
          <Link
            to={without(filter.drop)}
            aria-label={t("browse.removeFilter", { name: filter.label })}
            className="inline-flex min-h-9 max-w-56 items-center gap-1 rounded-full border border-brand-700 bg-brand-50 py-1 pe-2 ps-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
          >
            <span className="truncate">{filter.label}</span>
            <CloseIcon className="size-4 shrink-0" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ChevronIcon() {
  return (
    <svg
      aria-hidden="true"
      className="size-4 group-open:rotate-180"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
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
