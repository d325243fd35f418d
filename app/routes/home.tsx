import { Link } from "react-router";
import { ALL_CATEGORIES, getCategory } from "../../core/categories";
import { MESSAGES } from "../../core/messages";
import { homeQuerySchema, searchParamsToObject } from "../../core/schemas";
import { Alert } from "../components/alert";
import { CategoryBanner } from "../components/category-banner";
import { ListingGrid } from "../components/listing-card";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = homeQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const home = await context.services.search.getHomePage({ category: query.category });
  return { ...home, created: query.created, accountDeleted: query.account };
}

function ViewMore({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="btn-secondary text-sm" aria-label={label}>
      View more
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
  const { fresh, quickMenu, categorySection, created, accountDeleted } = loaderData;
  const selected = categorySection?.all ? ALL_CATEGORIES : (categorySection?.category ?? "");
  const sectionTitle = categorySection?.all
    ? "All categories"
    : categorySection?.category
      ? getCategory(categorySection.category).label
      : (categorySection?.requested ?? "");
  return (
    <>
      <h1 className="sr-only">Mandi: fresh farm produce, straight from the farmer</h1>
      <CategoryBanner selected={selected} />
      <div className="page mt-4 space-y-8">
        {created ? <Alert tone="success">Your product is listed. Buyers can see it now.</Alert> : null}
        {accountDeleted ? <Alert tone="success">Your account and all your listings are deleted. Thank you for using Mandi.</Alert> : null}

        {categorySection ? (
          <section aria-labelledby="category-heading">
            <SectionHeading
              id="category-heading"
              title={sectionTitle}
              more={
                categorySection.items.length ? (
                  <ViewMore
                    to={categorySection.all ? "/viewmore" : `/viewmore?category=${categorySection.category}`}
                    label={`View more in ${sectionTitle}`}
                  />
                ) : null
              }
            />
            {categorySection.items.length ? (
              <ListingGrid listings={categorySection.items} label={`${sectionTitle} products`} eager={4} />
            ) : (
              <Alert tone="info">{MESSAGES.noItems}</Alert>
            )}
          </section>
        ) : null}

        {quickMenu.length === 0 ? (
          <section aria-labelledby="empty-heading" className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
            <h2 id="empty-heading" className="section-title">
              No produce listed yet
            </h2>
            <p className="mt-2 text-stone-700">Be the first to sell your rice, wheat, fruits or vegetables here.</p>
            <Link to="/create" className="btn-primary mt-4">
              Sell your produce
            </Link>
          </section>
        ) : (
          <>
            <section aria-labelledby="quick-menu-heading">
              <SectionHeading id="quick-menu-heading" title="Quick Menu" more={<ViewMore to="/viewmore?sort=oldest" label="View more products" />} />
              <ListingGrid listings={quickMenu} label="Quick Menu" eager={categorySection ? 0 : 4} />
            </section>
            <section aria-labelledby="fresh-heading">
              <SectionHeading id="fresh-heading" title="Fresh recommendations" />
              <ListingGrid listings={fresh} label="Fresh recommendations" />
            </section>
          </>
        )}
      </div>
    </>
  );
}
