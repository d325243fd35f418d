import { Link, redirect, useSearchParams } from "react-router";
import { PAGE_SIZE } from "../../core/constants";
import { requestLanguage } from "../../core/i18n/languages";
import { placeChoices, withPlaceLabels } from "../../core/locations";
import { MESSAGES } from "../../core/messages";
import { browseQuerySchema, searchParamsToObject } from "../../core/schemas";
import { inPageLanguage } from "../../server/route-helpers/app-errors";
import { withSaved } from "../../server/route-helpers/saved-hearts";
import { shareLanguage, shareMetaTags } from "../../core/share-meta";
import { CATALOGUES } from "../../core/i18n/catalogues";
import { createTranslator, type MessageTree } from "../../core/i18n/translate";
import { listPreview } from "../../server/share/previews";
import { SaveHeart } from "../components/save-heart";
import { Alert } from "../components/alert";
import { BrowseFilters } from "../components/browse-filters";
import { ListingGrid } from "../components/listing-card";
import { Pagination } from "../components/pagination";
import { formatCount } from "../../core/counts";
import type { Route } from "./+types/viewmore";
import { metaI18n, useI18n } from "../components/i18n";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = browseQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const result = await context.services.search.browseListings(query);
  // The specification sends people home when there is nothing at all to list.
  if (result.marketplaceEmpty) throw redirect("/");
  // Places in the page's language; a city that spans districts (Mumbai) is one choice (core/locations).
  const lang = requestLanguage(request);
  const places = placeChoices(query.state, lang);
  // The price filter's problem, if any, in the page's language.
  const priceProblem = query.price.problem ? inPageLanguage(query.price.problem) : undefined;
  // Open Graph tags (decision 023): what was searched, how many found, in Hindi when the link says ?lang=hi.
  const url = new URL(request.url);
  const previewLang = shareLanguage(url.searchParams, lang);
  const t = createTranslator(previewLang, CATALOGUES[previewLang] as unknown as MessageTree);
  const category = result.category ? t(`category.label.${result.category}`) : "";
  const preview = listPreview({
    title: query.q ? t("browse.resultsFor", { q: query.q }) : category || t("browse.allProducts"),
    description: `${t(result.total === 1 && !result.moreThanTotal ? "seller.forSaleOne" : "seller.forSaleMany", { count: formatCount(result.total, result.moreThanTotal) })} · ${t("meta.site")}`,
    pathAndQuery: url.pathname + url.search,
    lang: previewLang,
    baseUrl: context.config.baseUrl,
  });
  return { query, result: { ...result, items: await withSaved(context, withPlaceLabels(result.items, lang)) }, places, priceProblem, preview };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("meta.products") }) }, ...(data ? shareMetaTags(data.preview) : [])];
};

export default function ViewMore({ loaderData }: Route.ComponentProps) {
  const { query, result, places, priceProblem } = loaderData;
  const [search] = useSearchParams();
  const { t } = useI18n();
  const categoryLabel = result.category ? t(`category.label.${result.category}`) : query.category;
  const title = query.q ? t("browse.resultsFor", { q: query.q }) : categoryLabel ? categoryLabel : t("browse.allProducts");
  const from = result.total ? (result.page - 1) * PAGE_SIZE + 1 : 0;
  const to = from ? from + result.items.length - 1 : 0;

  return (
    <div className="page pt-2 pb-4">
      {/* One line, so the results start above the fold on a phone; the full query is in the search box
          above. When nothing has the exact name, the heading says these are similar names instead. */}
      <h1 className="truncate text-xl leading-7 font-bold sm:text-2xl sm:leading-8">
        {result.closeMatches ? t("browse.closeMatches", { q: query.q }) : title}
      </h1>
      <BrowseFilters
        query={query}
        priceError={priceProblem}
        places={places}
        status={
          result.total ? (
            <p role="status">
              {t(result.total === 1 && !result.moreThanTotal ? "browse.showingOne" : "browse.showingMany", {
                from,
                to,
                total: formatCount(result.total, result.moreThanTotal),
              })}
            </p>
          ) : null
        }
      />
      {result.items.length ? (
        <>
          <ListingGrid listings={result.items} label={title} eager={4} Extra={SaveHeart} />
          <Pagination page={result.page} pageCount={result.pageCount} search={search} />
        </>
      ) : (
        <div className="space-y-4">
          <Alert tone="info" lang="en-IN">{query.by === "name" ? MESSAGES.noItemsByName : MESSAGES.noItems}</Alert>
          <Link to="/" className="btn-secondary">
            {t("browse.backHome")}
          </Link>
        </div>
      )}
    </div>
  );
}
