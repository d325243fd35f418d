import { Form, Link, useSubmit } from "react-router";
import { ALL_CATEGORIES, CATEGORIES } from "../../../core/catalogue/categories";
import { useI18n } from "../i18n/i18n";
import { StaticIsland } from "../../components/ui/static-island";

/**
 * The dropdown (ALL CATEGORIES plus six) and the quick links; both show a category section. The
 * dropdown's options are a static island (decision 039): they depend on the language only, and
 * the select is keyed by the choice, so a new choice mounts a new select.
 */
export function CategoryBanner({ selected }: { selected: string }) {
  const submit = useSubmit();
  const { lang, t } = useI18n();
  return (
    <section aria-label={t("banner.categories")} className="border-b border-stone-200 bg-white">
      <div className="page flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
        <Form
          method="get"
          action="/"
          preventScrollReset
          className="flex items-center gap-2"
          onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
        >
          <label htmlFor="category-select" className="sr-only">
            {t("banner.category")}
          </label>
          <StaticIsland
            as="select"
            deps={[lang]}
            key={selected}
            id="category-select"
            name="category"
            defaultValue={selected}
            className="input w-auto min-w-48 font-semibold uppercase"
          >
            <option value={ALL_CATEGORIES}>{t("banner.all")}</option>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {t(`category.label.${c.slug}`)}
              </option>
            ))}
          </StaticIsland>
          <noscript>
            <button type="submit" className="btn-secondary">
              {t("banner.show")}
            </button>
          </noscript>
        </Form>
        <nav aria-label={t("banner.quickLinks")} className="-mx-3 overflow-x-auto px-3 sm:mx-0 sm:px-0">
          <ul className="flex gap-2 whitespace-nowrap">
            {CATEGORIES.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/?category=${c.slug}`}
                  preventScrollReset
                  aria-current={selected === c.slug ? "true" : undefined}
                  className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 text-sm font-semibold hover:bg-brand-50 aria-[current]:border-brand-700 aria-[current]:bg-brand-700 aria-[current]:text-white"
                >
                  {t(`category.label.${c.slug}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
