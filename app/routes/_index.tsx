import { Link } from "react-router";
import { ALL_CATEGORIES } from "../../core/catalogue/categories";
import { requestLanguage } from "../../core/i18n/languages";
import { withPlaceLabels } from "../../core/locations";
import { homeQuerySchema } from "../../core/search/search-query";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { Alert } from "../components/ui/alert";
import { CategoryBanner } from "../features/search/category-banner";
import { ListingGrid } from "../features/listings/listing-card";
import type { Route } from "./+types/_index";
import { useI18n } from "../features/i18n/i18n";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = homeQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const home = await context.services.search.getHomePage({ category: query.category });
  // Places in the page's language (core/locations).
  const lang = requestLanguage(request);
  const categorySection = home.categorySection && { ...home.categorySection, items: withPlaceLabels(home.categorySection.items, lang) };
  return {
    fresh: withPlaceLabels(home.fresh, lang),
    quickMenu: withPlaceLabels(home.quickMenu, lang),
    categorySection,
    created: query.created ? await createdBanner(context, query.created) : null,
    accountDeleted: query.account,
    // The search /viewmore sent home from an empty market, as /my/alerts/new reads it.
    asked: query.asked ? new URLSearchParams(query.asked).toString() : "",
    askedWords: query.asked ? (new URLSearchParams(query.asked).get("q") ?? "") : "",
  };
}

/**
 * The sell form's confirmation (the specification sends the seller home): a link to the new
 * listing, or, when it waits for the seller's phone to be verified (REQUIRE_VERIFIED_PHONE,
 * decision 061), that it waits and where to verify. The words are chosen here, so the home
 * page's script is no bigger for it.
 */
async function createdBanner(context: Route.LoaderArgs["context"], id: string) {
  const user = await context.currentUser();
  const own = user ? await context.services.listings.getOwnListing({ actor: user, id }).catch(() => null) : null;
  return own?.moderation?.cause === "unverified"
    ? ({ say: "home.createdWaiting", to: "/my/phone", link: "phoneVerification.accountVerify" } as const)
    : ({ say: "home.created", to: `/view/${id}`, link: "home.seeListing" } as const);
}

function ViewMore({ to, label }: { to: string; label: string }) {
  const { t } = useI18n();
  return (
    <Link to={to} className="btn-secondary text-sm" aria-label={label}>
      {t("home.viewMore")}
    </Link>
  );
}

function SectionHeading({ id, title, more }: { id: string; title: string; more?: React.ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-3">
      <h2 id={id} className="section-title min-w-0 [overflow-wrap:anywhere]">
        {title}
      </h2>
      {more}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { fresh, quickMenu, categorySection, created, accountDeleted, asked, askedWords } = loaderData;
  const { t } = useI18n();
  const selected = categorySection?.all ? ALL_CATEGORIES : (categorySection?.category ?? "");
  const sectionTitle = categorySection?.all
    ? t("home.allCategories")
    : categorySection?.category
      ? t(`category.label.${categorySection.category}`)
      : (categorySection?.requested ?? "");
  return (
    <>
      <h1 className="sr-only">{t("home.heading")}</h1>
      <CategoryBanner selected={selected} />
      <div className="page mt-4 space-y-8">
        {created ? (
          <Alert tone="success">
            {t(created.say)}{" "}
            <Link to={created.to} className="font-semibold underline">
              {t(created.link)}
            </Link>
          </Alert>
        ) : null}
        {accountDeleted ? <Alert tone="success">{t("home.accountDeleted")}</Alert> : null}

        {categorySection ? (
          <section aria-labelledby="category-heading">
            <SectionHeading
              id="category-heading"
              title={sectionTitle}
              more={
                categorySection.items.length ? (
                  <ViewMore
                    to={categorySection.all ? "/viewmore" : `/viewmore?category=${categorySection.category}`}
                    label={t("home.viewMoreIn", { section: sectionTitle })}
                  />
                ) : null
              }
            />
            {categorySection.items.length ? (
              <ListingGrid listings={categorySection.items} label={t("home.sectionProducts", { section: sectionTitle })} eager={4} />
            ) : (
              <Alert tone="info">{t("spec.noItems")}</Alert>
            )}
          </section>
        ) : null}

        {quickMenu.length === 0 ? (
          <section aria-labelledby="empty-heading" className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
            <h2 id="empty-heading" className="section-title">
              {t("home.emptyTitle")}
            </h2>
            {/* Nothing to find: offer to save the search instead (issue 42), a plain GET to the page that confirms it. */}
            {asked ? (
              <p className="mt-2 text-stone-700 [overflow-wrap:anywhere]">
                {askedWords ? t("home.emptyAsked", { q: askedWords }) : t("home.emptyAskedAny")}
              </p>
            ) : null}
            <form method="get" action="/my/alerts/new" className="mt-4 flex flex-wrap items-end justify-center gap-2">
              {asked ? (
                [...new URLSearchParams(asked)].map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
              ) : (
                <label className="text-start text-sm font-semibold">
                  {t("home.emptyWant")}
                  <input name="q" type="search" required maxLength={100} className="input mt-1 block" />
                </label>
              )}
              <button type="submit" className="btn-secondary">
                {t("alerts.save")}
              </button>
            </form>
            <p className="mt-4 text-stone-700">{t("home.emptyText")}</p>
            <Link to="/create" className="btn-primary mt-4">
              {t("home.emptySell")}
            </Link>
          </section>
        ) : (
          <>
            <section aria-labelledby="quick-menu-heading">
              <SectionHeading
                id="quick-menu-heading"
                title={t("home.quickMenu")}
                more={<ViewMore to="/viewmore?sort=oldest" label={t("home.viewMoreProducts")} />}
              />
              <ListingGrid listings={quickMenu} label={t("home.quickMenu")} eager={categorySection ? 0 : 4} />
            </section>
            <section aria-labelledby="fresh-heading">
              <SectionHeading id="fresh-heading" title={t("home.fresh")} />
              <ListingGrid listings={fresh} label={t("home.fresh")} />
            </section>
            <p>
              <Link to="/prices" className="font-medium text-brand-800 underline underline-offset-4">
                {t("home.prices")}
              </Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}
